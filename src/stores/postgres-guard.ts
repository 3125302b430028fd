// The bytes a Postgres server sends, checked as they arrive, before `pg` buffers them: every
// message must begin with a type byte the server may send and a length within bounds, and
// no reply (the messages up to ReadyForQuery) may run past a cap. `pg` keeps a message
// whole until its last byte and the rows of a reply until its end, so without this a server
// that answers garbage, or announces a 2 GB message, takes all the memory there is.
import { Socket } from 'node:net';
import { formatCount } from '../format/format.js';
import { byteText as shown, sizeText } from './resp.js';

/** The server does not speak the PostgreSQL protocol: what it sent instead. */
export class PostgresProtocolError extends Error {}

/** Far above what idemsim asks for: its largest replies are a few thousand short rows. */
const PG_LIMITS = { messageBytes: 8 << 20, replyBytes: 32 << 20 };

/** The messages a server sends (protocol 3.0, "Message Formats"). */
const BACKEND_TYPES = new Set('RKSZTDCEINs123ntAGHWdcVv'.split('').map((c) => c.charCodeAt(0)));
const READY_FOR_QUERY = 'Z'.charCodeAt(0);
const ERROR = 'E'.charCodeAt(0);
const NOTICE = 'N'.charCodeAt(0);
/** The one-byte answers to SSLRequest: TLS follows 'S', which the TLS layer itself checks. */
const SSL_YES = 'S'.charCodeAt(0);
const SSL_NO = 'N'.charCodeAt(0);
/** SSLRequest: its length, 8, and the code 80877103. */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

const unterminated = (): PostgresProtocolError =>
  new PostgresProtocolError('an error or notice message did not end its fields as PostgreSQL does');

/** Reads message headers as bytes arrive, skipping their bodies; throws at the first that is wrong. */
export class PostgresFraming {
  private header: number[] = [];
  private bodyLeft = 0;
  private replyBytes = 0;
  private first = true;
  /** After 'S' to an SSLRequest the stream is TLS: not read here. */
  private tls = false;
  /** The client began with an SSLRequest: the first byte back is its one-byte answer. */
  sslRequested = false;
  /** Where an error or notice is in its fields ('none' in any other message). */
  private fields: 'none' | 'type' | 'value' | 'ended' = 'none';

  constructor(private readonly limits = PG_LIMITS) {}

  push(chunk: Buffer): void {
    if (this.tls) return;
    let at = 0;
    if (this.first && chunk.length > 0) {
      this.first = false;
      // 'S' alone is the server's yes to an SSLRequest; TLS follows.
      if (this.sslRequested && chunk[0] === SSL_YES && chunk.length === 1) {
        this.tls = true;
        return;
      }
      // Its no: plain messages follow (pg gives up, as the URL asked for TLS).
      if (this.sslRequested && chunk[0] === SSL_NO) at = 1;
    }
    while (at < chunk.length) {
      if (this.bodyLeft > 0 && this.fields !== 'none') {
        this.field(chunk[at] as number);
        this.bodyLeft--;
        at++;
        this.count(1);
        if (this.bodyLeft === 0 && this.fields !== 'ended') throw unterminated();
        continue;
      }
      if (this.bodyLeft > 0) {
        const take = Math.min(this.bodyLeft, chunk.length - at);
        this.bodyLeft -= take;
        at += take;
        this.count(take);
        continue;
      }
      const byte = chunk[at] as number;
      at++;
      this.count(1);
      if (this.header.length === 0 && !BACKEND_TYPES.has(byte)) {
        throw new PostgresProtocolError(
          `a message began with the byte ${shown(byte)}, which no PostgreSQL message begins with`,
        );
      }
      this.header.push(byte);
      if (this.header.length < 5) continue;
      const [type, a, b, c, d] = this.header as [number, number, number, number, number];
      this.header = [];
      const length = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
      if (length < 4) throw new PostgresProtocolError(`a message gave its length as ${length}`);
      if (length > this.limits.messageBytes) {
        throw new PostgresProtocolError(
          `it announced a message of ${formatCount(length)} bytes, over the ${sizeText(this.limits.messageBytes)} a message may take`,
        );
      }
      this.bodyLeft = length - 4;
      if (type === READY_FOR_QUERY) this.replyBytes = -this.bodyLeft;
      this.fields = type === ERROR || type === NOTICE ? 'type' : 'none';
      if (this.fields !== 'none' && this.bodyLeft === 0) throw unterminated();
    }
  }

  /**
   * One byte of an error or notice: fields of a type byte and a NUL-ended value, then one
   * NUL, the message's last byte. pg-protocol reads these fields until it finds that NUL,
   * past the message and, at the end of what it has, forever: one malformed notice would
   * hang the process, so none reaches it.
   */
  private field(byte: number): void {
    if (this.fields === 'ended') throw unterminated();
    if (this.fields === 'value') {
      if (byte === 0) this.fields = 'type';
      return;
    }
    this.fields = byte === 0 ? 'ended' : 'value';
  }

  private count(bytes: number): void {
    this.replyBytes += bytes;
    if (this.replyBytes > this.limits.replyBytes) {
      throw new PostgresProtocolError(
        `a reply ran past ${sizeText(this.limits.replyBytes)}, more than any reply idemsim asks for`,
      );
    }
  }
}

/**
 * A socket for `pg` (its `stream` option) whose bytes are checked before anyone sees them:
 * a chunk with a wrong byte is never passed on (pg would parse it), and the socket is
 * destroyed with a PostgresProtocolError, which pg reports as the failure.
 */
class GuardedSocket extends Socket {
  private readonly framing = new PostgresFraming();
  private wrote = false;

  override write(chunk: unknown, ...rest: unknown[]): boolean {
    if (!this.wrote) {
      this.wrote = true;
      this.framing.sslRequested = Buffer.isBuffer(chunk) && chunk.equals(SSL_REQUEST);
    }
    return (super.write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'data') {
      if (this.destroyed) return false;
      try {
        this.framing.push(args[0] as Buffer);
      } catch (error) {
        this.destroy(error as Error);
        return false;
      }
    }
    return super.emit(event, ...args);
  }
}

export function guardedSocket(): Socket {
  return new GuardedSocket();
}
