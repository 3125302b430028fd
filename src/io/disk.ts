// What a report write touches: the file-system calls it makes, the process it runs in and
// whether another writer is still alive. All replaceable, so tests can fail or cut any step.
import { closeSync, fdatasyncSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** The process that holds a report folder's lock. */
export interface LockHolder {
  pid: number;
  host: string;
}

/**
 * The calls the write makes. Every change on disk goes through one of them, so a test that
 * stops them all from step k on sees exactly what a process killed at step k leaves.
 * Only `writeFile` and `rename` are required; the rest default to the disk's.
 */
export interface WriteIo {
  /** Writes a new file and flushes it to the device, so a power cut cannot empty it after the swap. */
  writeFile(path: string, content: string | Uint8Array): void;
  rename(from: string, to: string): void;
  /** Throws EEXIST if `path` exists, unless `recursive`. */
  mkdir?(path: string, recursive: boolean): void;
  /** Creates the lock file with `text`; throws EEXIST if it exists. */
  createLock?(path: string, text: string): void;
  /** Removes a file or a directory and everything in it; nothing if it is absent. */
  remove?(path: string): void;
  /** Flushes a directory's entries to the device (best effort: not every system can). */
  flushDir?(path: string): void;
  /** Waits, blocking: only to tell a lock being written from one left empty. */
  pause?(ms: number): void;
  /** This process, as its lock names it. */
  self?: LockHolder;
  /** Whether the process that holds a lock still runs; true when it cannot be told (another host). */
  running?(holder: LockHolder): boolean;
}

export const DISK: Required<WriteIo> = {
  writeFile: (path, content) => writeDurably(path, content, 'w'),
  rename: (from, to) => renameSync(from, to),
  mkdir: (path, recursive) => {
    mkdirSync(path, { recursive });
  },
  createLock: (path, text) => writeDurably(path, text, 'wx'),
  remove: (path) => rmSync(path, { recursive: true, force: true }),
  flushDir,
  pause: (ms) => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  },
  self: { pid: process.pid, host: hostname() },
  running,
};

function writeDurably(path: string, content: string | Uint8Array, flag: 'w' | 'wx'): void {
  const fd = openSync(path, flag);
  try {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    for (let done = 0; done < bytes.byteLength;) done += writeSync(fd, bytes, done);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function flushDir(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a directory, and some file systems refuse to sync one: the
    // files themselves are flushed, which is what a power cut would otherwise lose.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * A process on this host runs unless signalling it says there is no such process (EPERM:
 * it runs as another user). One on another host cannot be asked, so it is taken to run.
 */
function running(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * What a write found beside DIR and did about it, for the command to say (one line each):
 * everything but `notRemoved` is a repair after a writer that died mid-write.
 */
export type WriteNotice =
  /** DIR was missing, moved aside by a write that never finished: the previous report is back. */
  | { kind: 'restored'; from: string }
  /** Temporary folders and old copies of writers that are gone, removed. */
  | { kind: 'removed'; paths: readonly string[] }
  /** A lock whose writer is gone (its pid, or undefined when it died before naming itself), taken over. */
  | { kind: 'lockTakenOver'; lock: string; holder: LockHolder | undefined }
  /** Something not part of the report that would not go away: clutter to delete by hand. */
  | { kind: 'notRemoved'; path: string; error: unknown };
