// One connection to a Redis server, or one line saying why there is none: a URL checked
// before use, bounded waits, no reconnecting, and every error turned into a StoreError that
// names the server with its password hidden.
import { createClient, ConnectionTimeoutError, ErrorReply, MultiErrorReply } from '@redis/client';
import * as say from './redis-messages.js';
import { StoreError } from './store.js';

/** How long to wait for a connection and its first answer. */
export const CONNECT_MS = 3000;
/** How long to wait for the answers to one command or one pipeline. */
export const ANSWER_MS = 30_000;

/** The URL as it may be shown: the password replaced by `***`. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.href.replace(/\/$/, '');
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}

/** Throws StoreError unless `url` is redis:// or rediss:// with a host, and a numbered database if any. */
export function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StoreError(say.badUrl(redact(url), 'not a URL'));
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new StoreError(say.badUrl(redact(url), `the scheme is ${parsed.protocol}, not redis: or rediss:`));
  }
  if (parsed.hostname === '') throw new StoreError(say.badUrl(redact(url), 'no host'));
  if (!/^\/?\d*$/.test(parsed.pathname)) throw new StoreError(say.badUrl(redact(url), 'the database is not a number'));
}

function client(url: string) {
  return createClient({
    url,
    // RESP2: plain string replies, and every server since Redis 2 speaks it.
    RESP: 2,
    socket: { connectTimeout: CONNECT_MS, reconnectStrategy: false },
    disableOfflineQueue: true,
  });
}

type Client = ReturnType<typeof client>;

/** A wait that ran out; `storeError` says how long it was. */
class NoAnswer extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/** The one line for an error from the server or the socket. */
export function storeError(shown: string, error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  if (error instanceof NoAnswer) return new StoreError(say.noAnswer(shown, error.ms));
  if (error instanceof ConnectionTimeoutError) return new StoreError(say.noAnswer(shown, CONNECT_MS));
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'ECONNREFUSED') return new StoreError(say.refused(shown));
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new StoreError(say.unknownHost(shown));
  if (error instanceof ErrorReply) {
    if (message.startsWith('WRONGPASS')) return new StoreError(say.wrongPassword(shown, message.replace(/\.$/, '')));
    if (message.startsWith('NOAUTH')) return new StoreError(say.needsPassword(shown));
    return new StoreError(say.replied(shown, message), { cause: error });
  }
  return new StoreError(say.lost(shown, message));
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(ms)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The one connection a store sends everything on, in order. Every wait is bounded (the
 * client's own command timeout stops at the write, not at the answer, so ours is used); a
 * server that does not answer in time is dropped, and every later call fails at once.
 */
export class Connection {
  private constructor(
    private readonly client: Client,
    /** The server's URL with its password hidden. */
    readonly shown: string,
    private readonly answerMs: number,
  ) {}

  /**
   * Connects and checks that the server answers PING, within CONNECT_MS; throws one line
   * otherwise. The connection never reconnects: a lost server fails the run instead.
   */
  static async open(url: string, answerMs = ANSWER_MS): Promise<Connection> {
    checkUrl(url);
    const shown = redact(url);
    const opened = client(url);
    // Without a listener an error event would end the process; the failing command reports it.
    opened.on('error', () => undefined);
    try {
      await within(opened.connect(), CONNECT_MS);
      await within(opened.sendCommand(['PING']), CONNECT_MS);
      return new Connection(opened, shown, answerMs);
    } catch (error) {
      opened.destroy();
      throw storeError(shown, error);
    }
  }

  get isOpen(): boolean {
    return this.client.isOpen;
  }

  /** One command's reply; an error reply or a lost server throws one line. */
  async call<T = unknown>(args: readonly string[]): Promise<T> {
    try {
      return await within(this.client.sendCommand<T>(args), this.answerMs);
    } catch (error) {
      throw this.failed(error);
    }
  }

  /**
   * Sends `commands` in one write and returns their replies in order: Redis runs one
   * connection's commands in the order they arrive, so this answers what one command at a
   * time would. A failing command rejects the whole with the first error reply.
   */
  async pipeline(commands: readonly (readonly string[])[]): Promise<unknown[]> {
    const pipeline = this.client.multi();
    for (const args of commands) pipeline.addCommand([...args]);
    try {
      return await within(pipeline.execAsPipeline(), this.answerMs);
    } catch (error) {
      throw this.failed(error instanceof MultiErrorReply ? ([...error.errors()][0] ?? error) : error);
    }
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close().catch(() => this.client.destroy());
  }

  private failed(error: unknown): StoreError {
    if (error instanceof NoAnswer && this.client.isOpen) this.client.destroy();
    return storeError(this.shown, error);
  }
}

/** Whether `error` says the server has lost a script (SCRIPT FLUSH, a restart): nothing ran. */
export function isNoScript(error: unknown): boolean {
  const cause = error instanceof StoreError ? error.cause : undefined;
  return cause instanceof ErrorReply && cause.message.startsWith('NOSCRIPT');
}
