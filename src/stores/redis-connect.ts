// One connection to a Redis server, or one line saying why there is none: a URL checked
// before use, bounded waits, no reconnecting, and every error turned into a StoreError that
// names the server with its password hidden.
import * as say from './redis-messages.js';
import { ProtocolError, ReplyError, type Reply } from './resp.js';
import { type Arg, type Endpoint, Wire, WireTimeout } from './redis-wire.js';
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

/** Where to connect, and the AUTH and SELECT to send first, from a URL checkUrl accepted. */
function target(url: string): { endpoint: Endpoint; hello: string[][] } {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const endpoint = { host, port: parsed.port === '' ? 6379 : Number(parsed.port), tls: parsed.protocol === 'rediss:' };
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  const hello: string[][] = [];
  if (password !== '') hello.push(user === '' ? ['AUTH', password] : ['AUTH', user, password]);
  const db = parsed.pathname.replace(/^\//, '');
  if (db !== '' && db !== '0') hello.push(['SELECT', db]);
  return { endpoint, hello: [...hello, ['PING']] };
}

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
  if (error instanceof WireTimeout) return new StoreError(say.noAnswer(shown, error.ms));
  if (error instanceof ProtocolError) return new StoreError(say.notRedis(shown, error.message));
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'ECONNREFUSED') return new StoreError(say.refused(shown));
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new StoreError(say.unknownHost(shown));
  if (error instanceof ReplyError) {
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

/** The first error reply among `replies`, thrown; else the replies. */
function checked(replies: Reply[]): unknown[] {
  const error = replies.find((reply) => reply instanceof ReplyError);
  if (error !== undefined) throw error;
  return replies;
}

/**
 * The one connection a store sends everything on, in order. Every wait is bounded; a
 * server that does not answer in time is dropped, and every later call fails at once.
 * Sealed (an interrupted run), it sends nothing more for its callers: their calls wait
 * until the process ends, and only the cleanup's `unsealed` calls go out.
 */
export class Connection {
  private sealed = false;

  private constructor(
    private readonly wire: Wire,
    /** The server's URL with its password hidden. */
    readonly shown: string,
    private readonly answerMs: number,
  ) {}

  /**
   * Connects and checks that the server answers PING (after AUTH and SELECT, if the URL
   * has them), within CONNECT_MS; throws one line otherwise. It never reconnects: a lost
   * server fails the run instead.
   */
  static async open(url: string, answerMs = ANSWER_MS): Promise<Connection> {
    checkUrl(url);
    const shown = redact(url);
    const { endpoint, hello } = target(url);
    let wire: Wire | undefined;
    try {
      wire = await Wire.open(endpoint, CONNECT_MS);
      checked(await within(wire.send(hello), CONNECT_MS));
      return new Connection(wire, shown, answerMs);
    } catch (error) {
      wire?.close();
      throw storeError(shown, error);
    }
  }

  get isOpen(): boolean {
    return this.wire.isOpen;
  }

  /** One command's reply; an error reply or a lost server throws one line. */
  call<T = unknown>(args: readonly string[]): Promise<T> {
    return this.sealed ? new Promise<T>(() => undefined) : this.unsealed<T>(args);
  }

  /**
   * Sends `commands` in one write and returns their replies in order: Redis runs one
   * connection's commands in the order they arrive, so this answers what one command at a
   * time would. A failing command rejects the whole with the first error reply.
   */
  async pipeline(commands: readonly (readonly Arg[])[]): Promise<unknown[]> {
    if (this.sealed) return new Promise<unknown[]>(() => undefined);
    try {
      return checked(await within(this.wire.send(commands), this.answerMs));
    } catch (error) {
      throw this.failed(error);
    }
  }

  /** Sends nothing more for the run; resolves once what was sent has been answered. */
  seal(): Promise<void> {
    this.sealed = true;
    return this.wire.settled();
  }

  /** `call` for the cleanup of a sealed connection. */
  async unsealed<T = unknown>(args: readonly string[]): Promise<T> {
    try {
      const [reply] = checked(await within(this.wire.send([args]), this.answerMs));
      return reply as T;
    } catch (error) {
      throw this.failed(error);
    }
  }

  async close(): Promise<void> {
    this.wire.close();
    await Promise.resolve();
  }

  private failed(error: unknown): StoreError {
    if (error instanceof NoAnswer) this.wire.close(new Error(`no answer within ${error.ms} ms`));
    return storeError(this.shown, error);
  }
}

/** Whether `error` says the server has lost a script (SCRIPT FLUSH, a restart): nothing ran. */
export function isNoScript(error: unknown): boolean {
  const cause = error instanceof StoreError ? error.cause : undefined;
  return cause instanceof ReplyError && cause.message.startsWith('NOSCRIPT');
}
