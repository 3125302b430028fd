// One socket to a Redis server: commands written in order, replies matched to them in
// order, every byte read through RespReader's limits. Small on purpose: idemsim needs
// commands, pipelines and nothing else, and owning the read is what bounds its memory
// when the other end is not a Redis server at all.
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { ProtocolError, RespReader, type Reply } from './resp.js';

export interface Endpoint {
  host: string;
  port: number;
  tls: boolean;
}

/** The socket did not connect in time. */
export class WireTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no connection within ${ms} ms`);
  }
}

interface Pending {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

/**
 * One argument of a command: a string, bytes, or parts sent one after the other as one
 * argument (a record's head and its body), so that a large body shared by many records is
 * written from the one buffer that holds it, never copied into each command.
 */
export type Arg = string | Buffer | readonly (string | Buffer)[];

/** Parts as large as this are written as they are; smaller text is gathered into one write. */
const LARGE = 64 * 1024;

/** Writes `commands` as RESP arrays of bulk strings, corked into one send. */
function write(socket: Socket, commands: readonly (readonly Arg[])[]): void {
  let text = '';
  socket.cork();
  const put = (part: string | Buffer): void => {
    if (typeof part === 'string' && part.length < LARGE) {
      text += part;
      return;
    }
    if (text !== '') socket.write(text);
    text = '';
    socket.write(part);
  };
  for (const args of commands) {
    put(`*${args.length}\r\n`);
    for (const arg of args) {
      const parts = typeof arg === 'string' || Buffer.isBuffer(arg) ? [arg] : arg;
      put(`$${parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0)}\r\n`);
      for (const part of parts) put(part);
      put('\r\n');
    }
  }
  if (text !== '') socket.write(text);
  socket.uncork();
}

export class Wire {
  private readonly pending: Pending[] = [];
  private readonly idle: (() => void)[] = [];
  private failure: Error | undefined;
  private readonly reader = new RespReader((reply) => this.answer(reply));

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  /** Connects within `ms`; rejects with the socket's error, or WireTimeout. */
  static open(endpoint: Endpoint, ms: number): Promise<Wire> {
    return new Promise((resolve, reject) => {
      const options = { host: endpoint.host, port: endpoint.port };
      // SNI names a host, never an address (Node warns, DEP0123).
      const sni = isIP(endpoint.host) === 0 ? { servername: endpoint.host } : {};
      const socket = endpoint.tls ? tlsConnect({ ...options, ...sni }) : netConnect(options);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new WireTimeout(ms));
      }, ms);
      const failed = (error: Error): void => {
        clearTimeout(timer);
        socket.destroy();
        reject(error);
      };
      socket.once('error', failed);
      socket.once(endpoint.tls ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        socket.off('error', failed);
        socket.setNoDelay(true);
        resolve(new Wire(socket));
      });
    });
  }

  get isOpen(): boolean {
    return this.failure === undefined;
  }

  /** The replies to `commands`, sent in one write; a reply may be a ReplyError value. */
  send(commands: readonly (readonly Arg[])[]): Promise<Reply[]> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const replies = commands.map(() => new Promise<Reply>((resolve, reject) => this.pending.push({ resolve, reject })));
    write(this.socket, commands);
    return Promise.all(replies);
  }

  /** Resolves once every command sent so far has its reply, or the connection has ended. */
  settled(): Promise<void> {
    if (this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Ends the connection at once; commands still waiting fail with `why`. */
  close(why = new Error('the connection is closed')): void {
    this.fail(why);
  }

  private read(chunk: Buffer): void {
    if (this.failure !== undefined) return;
    try {
      this.reader.push(chunk);
      if (this.pending.length === 0 && this.reader.midReply) {
        throw new ProtocolError('it sent bytes that answer nothing idemsim asked');
      }
    } catch (error) {
      this.socket.destroy();
      this.fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private answer(reply: Reply): void {
    const next = this.pending.shift();
    if (next === undefined) throw new ProtocolError('it sent a reply to nothing idemsim asked');
    next.resolve(reply);
    if (this.pending.length === 0) this.wake();
  }

  private fail(error: Error): void {
    if (this.failure !== undefined) return;
    this.failure = error;
    this.socket.destroy();
    for (const waiting of this.pending.splice(0)) waiting.reject(error);
    this.wake();
  }

  private wake(): void {
    for (const resolve of this.idle.splice(0)) resolve();
  }
}
