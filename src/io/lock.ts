// One writer at a time per report folder: DIR.idemsim-lock, created only if absent, names
// the process that holds it. It is held while the folder is written and swapped (a few
// milliseconds), never while a command simulates or draws, so a second writer is refused
// only when the two writes really overlap. A pid, not an age (proper-lockfile's mtime): no
// age tells a slow writer from a dead one, while a process that no longer runs is certain.
// The name is not DIR.lock, which `--out yarn` would make the user's yarn.lock.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import type { LockHolder, WriteIo, WriteNotice } from './disk.js';

/** DIR is being written by another process (`holder`, undefined when the lock does not say which). */
export class ReportLockedError extends Error {
  constructor(
    readonly lock: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(`${lock}: held by ${holder === undefined ? 'an unknown process' : `pid ${holder.pid} on ${holder.host}`}`);
    this.name = 'ReportLockedError';
  }
}

export interface HeldLock {
  path: string;
  text: string;
}

export const lockOf = (dir: string): string => `${dir}.idemsim-lock`;

/** Far longer than a writer takes to fill in the lock it has just created (one write of ~60 bytes). */
const EMPTY_LOCK_MS = 100;
/** Bytes of a lock read: idemsim's own are under 100. */
const LOCK_BYTES = 1024;

/** Takes DIR's lock, taking over one whose writer is gone, or throws a ReportLockedError. */
export function acquireLock(dir: string, io: Required<WriteIo>, notify: (notice: WriteNotice) => void): HeldLock {
  const path = lockOf(dir);
  const { pid, host } = io.self;
  const text = `${JSON.stringify({ pid, host, token: randomBytes(4).toString('hex') })}\n`;
  for (let tries = 0; tries < 5; tries++) {
    try {
      io.createLock(path, text);
      return { path, text };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let seen = readLock(path);
    if (seen === undefined) continue;
    if (seen === '') {
      // Created and not yet written, or left so by a writer killed in between: a live one
      // fills it in at once, and is then named by what it wrote.
      io.pause(EMPTY_LOCK_MS);
      const again = readLock(path);
      if (again === undefined) continue;
      seen = again;
    }
    if (!abandoned(seen, io)) throw new ReportLockedError(path, holderOf(seen));
    // Read again just before removing it: another writer may have taken it over meanwhile.
    if (readLock(path) !== seen) continue;
    io.remove(path);
    notify({ kind: 'lockTakenOver', lock: path, holder: holderOf(seen) });
  }
  throw new ReportLockedError(path, holderOf(readLock(path) ?? ''));
}

/** Removes the lock if it is still this writer's (one taken over from it is the new writer's). */
export function releaseLock(lock: HeldLock, io: Required<WriteIo>, notify: (notice: WriteNotice) => void): void {
  if (readLock(lock.path) !== lock.text) return;
  try {
    io.remove(lock.path);
  } catch (error) {
    notify({ kind: 'notRemoved', path: lock.path, error });
  }
}

/** Whether the lock's writer is gone; an empty lock stayed empty past EMPTY_LOCK_MS (acquireLock waited). */
function abandoned(text: string, io: Required<WriteIo>): boolean {
  if (text === '') return true;
  const holder = holderOf(text);
  // Not a lock idemsim wrote: someone else's file, not to be removed.
  if (holder === undefined) return false;
  // This pid is an earlier process's (pid 1 in a container, again): a process holds no
  // lock between its writes, which are synchronous.
  if (holder.pid === io.self.pid && holder.host === io.self.host) return true;
  return !io.running(holder);
}

function holderOf(text: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { pid, host } = parsed as { pid?: unknown; host?: unknown };
    // A pid of 0 or below would name a process group to kill(2).
    if (!Number.isSafeInteger(pid) || (pid as number) <= 0 || typeof host !== 'string') return undefined;
    return { pid: pid as number, host };
  } catch {
    return undefined;
  }
}

/** The lock's text (its first kilobyte), or undefined when there is none. */
function readLock(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const buffer = Buffer.alloc(LOCK_BYTES);
    let size = 0;
    while (size < LOCK_BYTES) {
      const n = readSync(fd, buffer, size, LOCK_BYTES - size, null);
      if (n === 0) break;
      size += n;
    }
    return buffer.subarray(0, size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
