// The replies of a Redis server (RESP2), read as they arrive and bounded: a byte that
// cannot begin a reply, a line or a length out of bounds stops the read at once, so a
// server that speaks something else costs a few kilobytes, never the machine's memory.
import { formatCount } from '../format/format.js';

/** A server's error reply (`-ERR ...`), as a value: one of a pipeline's replies may be one. */
export class ReplyError extends Error {}

/** The server does not speak RESP2: what it sent instead, for the one line the user sees. */
export class ProtocolError extends Error {}

export type Reply = string | number | null | ReplyError | Reply[];

export interface RespLimits {
  /** The most bytes one reply may take, with everything nested in it. */
  replyBytes: number;
  /** The longest status, error or length line. */
  lineBytes: number;
  /** The most elements an array may announce. */
  elements: number;
  /** How deep arrays may nest. */
  depth: number;
}

/** Far above what idemsim asks for (INFO is a few KB, a SCAN page of 1,000 keys about 100 KB). */
const RESP_LIMITS: RespLimits = { replyBytes: 8 << 20, lineBytes: 64 << 10, elements: 1 << 20, depth: 8 };

const CR = 13;
const LF = 10;

interface Frame {
  items: Reply[];
  left: number;
}

/** `0x41 'A'` */
export function byteText(byte: number): string {
  const char = byte >= 0x20 && byte < 0x7f ? ` '${String.fromCharCode(byte)}'` : '';
  return `0x${byte.toString(16).padStart(2, '0')}${char}`;
}

export function sizeText(bytes: number): string {
  return bytes >= 1 << 20 ? `${Math.round(bytes / (1 << 20))} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

/**
 * Reads replies from the bytes given to `push`, in order, calling `onReply` with each
 * complete top-level reply. Throws ProtocolError at the first byte that breaks RESP2 or a
 * limit; nothing is buffered beyond one line or one bulk string within the limits.
 */
export class RespReader {
  private line: number[] = [];
  private bulk: Buffer[] | null = null;
  private bulkLeft = 0;
  private readonly stack: Frame[] = [];
  private replyBytes = 0;

  constructor(
    private readonly onReply: (reply: Reply) => void,
    private readonly limits: RespLimits = RESP_LIMITS,
  ) {}

  /** Whether a reply has begun and not ended. */
  get midReply(): boolean {
    return this.line.length > 0 || this.bulk !== null || this.stack.length > 0;
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.bulk !== null) {
        const take = Math.min(this.bulkLeft, chunk.length - at);
        this.bulk.push(chunk.subarray(at, at + take));
        this.bulkLeft -= take;
        at += take;
        this.count(take);
        if (this.bulkLeft === 0) this.endBulk();
        continue;
      }
      const byte = chunk[at] as number;
      at++;
      this.count(1);
      if (byte !== LF) {
        if (this.line.length === 0 && !'+-:$*'.includes(String.fromCharCode(byte))) {
          throw new ProtocolError(`a reply began with the byte ${byteText(byte)}, which no Redis reply begins with`);
        }
        if (this.line.length >= this.limits.lineBytes) {
          throw new ProtocolError(`a reply line ran past ${sizeText(this.limits.lineBytes)} without ending`);
        }
        this.line.push(byte);
        continue;
      }
      if (this.line.at(-1) !== CR) throw new ProtocolError('a reply line ended without CR LF');
      const text = Buffer.from(this.line.slice(1, -1)).toString();
      const type = String.fromCharCode(this.line[0] as number);
      this.line = [];
      this.header(type, text);
    }
  }

  private count(bytes: number): void {
    this.replyBytes += bytes;
    if (this.replyBytes > this.limits.replyBytes) {
      throw new ProtocolError(
        `a reply ran past ${sizeText(this.limits.replyBytes)}, more than any reply idemsim asks for`,
      );
    }
  }

  private header(type: string, text: string): void {
    if (type === '+') return this.value(text);
    if (type === '-') return this.value(new ReplyError(text));
    const n = /^-?\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(n))
      throw new ProtocolError(`a '${type}' reply carried ${JSON.stringify(text.slice(0, 40))}, not a number`);
    if (type === ':') return this.value(n);
    if (n === -1) return this.value(null);
    if (n < 0) throw new ProtocolError(`a '${type}' reply announced a length of ${n}`);
    if (type === '$') {
      if (n > this.limits.replyBytes) {
        throw new ProtocolError(
          `it announced a reply of ${formatCount(n)} bytes, over the ${sizeText(this.limits.replyBytes)} a reply may take`,
        );
      }
      this.bulk = [];
      this.bulkLeft = n + 2;
      return;
    }
    if (n > this.limits.elements) throw new ProtocolError(`it announced an array of ${formatCount(n)} elements`);
    if (n === 0) return this.value([]);
    if (this.stack.length >= this.limits.depth)
      throw new ProtocolError(`arrays nested more than ${this.limits.depth} deep`);
    this.stack.push({ items: [], left: n });
  }

  private endBulk(): void {
    const data = Buffer.concat(this.bulk ?? []);
    this.bulk = null;
    if (data[data.length - 2] !== CR || data[data.length - 1] !== LF) {
      throw new ProtocolError('a bulk reply did not end with CR LF where its length said');
    }
    this.value(data.subarray(0, -2).toString());
  }

  private value(reply: Reply): void {
    let done = reply;
    for (;;) {
      const frame = this.stack.at(-1);
      if (frame === undefined) break;
      frame.items.push(done);
      if (--frame.left > 0) return;
      this.stack.pop();
      done = frame.items;
    }
    this.replyBytes = 0;
    this.onReply(done);
  }
}
