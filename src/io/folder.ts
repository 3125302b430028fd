// Writes a report folder all at once or not at all, whatever stops the write. The files go
// into a sibling temporary directory (DIR.tmp-XXXXXXXX, on the same file system, so renames
// are atomic), each flushed to the device; then the old DIR is renamed aside
// (DIR.old-XXXXXXXX), the new one renamed into place and the old one removed. A failure
// puts DIR back as it was. Node has no renameat2(RENAME_EXCHANGE), so the swap is two
// renames, and a process killed between them (or a power cut) leaves DIR missing: every
// write first repairs what a dead writer left (leftovers.ts), under a lock that keeps
// a live writer's folders from being taken for a dead one's (lock.ts).
import { randomBytes } from 'node:crypto';
import type { ReportFile } from '../model/files.js';
import { dirname, join, resolve } from 'node:path';
import { DISK, type WriteIo, type WriteNotice } from './disk.js';
import { leftoversOf, recover } from './leftovers.js';
import { ReportLockedError, acquireLock, lockOf, releaseLock } from './lock.js';
import { checkTarget, statOrUndefined } from './target.js';

export { REPORT_MARKERS, ReportTargetError, checkTarget } from './target.js';
export { ReportLockedError } from './lock.js';
export { DISK } from './disk.js';
export type { LockHolder, WriteIo, WriteNotice } from './disk.js';

type Notify = (notice: WriteNotice) => void;

const IGNORE: Notify = () => undefined;

/**
 * Replaces DIR with a folder holding exactly `files`. Throws a ReportTargetError for a DIR
 * a report may not replace and a ReportLockedError while another process writes it;
 * `notify` hears what was repaired beside DIR, and what would not go away.
 */
export function writeReport(target: string, files: readonly ReportFile[], io?: WriteIo, notify = IGNORE): void {
  const dir = resolve(target);
  for (const file of files) {
    if (!/^[^/\\]+$/.test(file.name) || file.name === '.' || file.name === '..') {
      throw new Error(`report: ${JSON.stringify(file.name)} is not a plain file name`);
    }
  }
  checkTarget(dir);
  const disk = { ...DISK, ...io };
  disk.mkdir(dirname(dir), true);
  underLock(dir, disk, notify, () => {
    // Again, now that no one else writes: the repair may have put the previous report back.
    checkTarget(dir);
    replace(dir, files, disk, notify);
  });
}

/**
 * Repairs what a writer killed mid-write left beside DIR, unless another process is writing
 * DIR now (what is there is then its work). For a command to call before the work whose
 * report it will write, so the previous report is back even if that work is stopped.
 */
export function recoverTarget(target: string, io?: WriteIo, notify = IGNORE): void {
  const dir = resolve(target);
  if (leftoversOf(dir).length === 0 && statOrUndefined(lockOf(dir)) === undefined) return;
  try {
    underLock(dir, { ...DISK, ...io }, notify, () => undefined);
  } catch (error) {
    if (!(error instanceof ReportLockedError)) throw error;
  }
}

function underLock(dir: string, io: Required<WriteIo>, notify: Notify, body: () => void): void {
  const lock = acquireLock(dir, io, notify);
  try {
    recover(dir, io, notify);
    body();
  } finally {
    releaseLock(lock, io, notify);
  }
}

function replace(dir: string, files: readonly ReportFile[], io: Required<WriteIo>, notify: Notify): void {
  const suffix = uniqueSuffix(dir, io);
  const temp = `${dir}.tmp-${suffix}`;
  let old: string | undefined;
  try {
    for (const file of files) io.writeFile(join(temp, file.name), file.content);
    io.flushDir(temp);
    old = swap(temp, dir, `${dir}.old-${suffix}`, io);
  } catch (error) {
    removeOrSay(temp, io, notify);
    throw error;
  }
  // The new report is in place; an old copy that will not go away is clutter, not failure.
  if (old !== undefined) removeOrSay(old, io, notify);
}

/** Moves `temp` to DIR and returns where the old DIR went (undefined if there was none). */
function swap(temp: string, dir: string, aside: string, io: Required<WriteIo>): string | undefined {
  const old = statOrUndefined(dir) === undefined ? undefined : aside;
  if (old !== undefined) io.rename(dir, old);
  try {
    io.rename(temp, dir);
  } catch (error) {
    if (old !== undefined) io.rename(old, dir);
    throw error;
  }
  io.flushDir(dirname(dir));
  return old;
}

function removeOrSay(path: string, io: Required<WriteIo>, notify: Notify): void {
  try {
    io.remove(path);
  } catch (error) {
    notify({ kind: 'notRemoved', path, error });
  }
}

/**
 * Creates DIR.tmp-SUFFIX with mkdir's ordinary mode (mkdtemp's 0700 would survive the
 * rename and hide the report from a web server) and returns SUFFIX.
 */
function uniqueSuffix(dir: string, io: Required<WriteIo>): string {
  for (;;) {
    const suffix = randomBytes(4).toString('hex');
    try {
      io.mkdir(`${dir}.tmp-${suffix}`, false);
      return suffix;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
