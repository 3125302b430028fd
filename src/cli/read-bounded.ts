// Every file idemsim reads, read the same way: refused by its size before reading when it
// is a regular file over the limit, and otherwise read only up to the limit, since a pipe
// or a device (/dev/zero) may never end. No input makes idemsim hold more text than the
// limit of its kind.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { InputError } from './errors.js';
import { cannotRead, unreadable } from './messages.js';

/** The most a JSON document idemsim reads may hold: a summary, a saved run, a part. */
export const MAX_JSON_BYTES = 256 * 1024 * 1024;

export type BoundedText = { text: string } | { problem: string };

/** The line for a file over `limit` bytes (`bytes`: its size, when known before reading). */
export const tooLarge = (file: string, limit: number, what: string, bytes?: number): string =>
  cannotRead(file, `${bytes === undefined ? '' : `${bytes} bytes, `}more than the limit of ${limit} bytes for ${what}`);

/** `readBoundedText`, its problem thrown as an input error (one line, exit 2). */
export function readBoundedOrFail(path: string, file: string, limit: number, what: string): string {
  const read = readBoundedText(path, file, limit, what);
  if ('problem' in read) throw new InputError(read.problem);
  return read.text;
}

/**
 * The file at `path` as UTF-8 text, or the one line why not, naming it `file` (as the user
 * wrote it); `what` names its kind in the limit's message.
 */
export function readBoundedText(path: string, file: string, limit: number, what: string): BoundedText {
  const tooBig = (bytes?: number): string => tooLarge(file, limit, what, bytes);
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { problem: unreadable(file, { code: 'EISDIR' }) };
    if (stat.isFile() && stat.size > limit) return { problem: tooBig(stat.size) };
    const chunks: Buffer[] = [];
    const chunk = Buffer.alloc(64 * 1024);
    let total = 0;
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      total += n;
      if (total > limit) return { problem: tooBig() };
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return { text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    return { problem: unreadable(file, error) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
