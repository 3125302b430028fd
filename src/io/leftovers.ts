// What a writer killed mid-write leaves beside DIR, and putting it right. Runs with DIR's
// lock held, so every DIR.tmp-* and DIR.old-* belongs to a writer that is gone. DIR missing
// beside an old copy means a write was cut between its two renames: the old copy, the
// previous report, goes back. A temporary folder is never promoted, however complete it
// looks: its writer never said the report was written, so the honest state is the one
// before that write began.
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { WriteIo, WriteNotice } from './disk.js';
import { isReportFolder, statOrUndefined } from './target.js';

/** What follows DIR's name in a temporary folder's or an old copy's: only writeReport makes these. */
const LEFTOVER = /^\.(tmp|old)-[0-9a-f]{8}$/;

export interface Leftover {
  path: string;
  /** A temporary folder (tmp) or a previous report moved aside (old). */
  kind: 'tmp' | 'old';
}

/** DIR.tmp-* and DIR.old-* beside DIR, sorted: what a write in progress, or a dead one, has made. */
export function leftoversOf(dir: string): Leftover[] {
  const parent = dirname(dir);
  const name = basename(dir);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names.sort().flatMap((entry) => {
    const match = entry.startsWith(name) ? LEFTOVER.exec(entry.slice(name.length)) : null;
    return match === null ? [] : [{ path: join(parent, entry), kind: match[1] as Leftover['kind'] }];
  });
}

/** Puts back the previous report if a dead writer left DIR missing, and removes what it left. */
export function recover(dir: string, io: Required<WriteIo>, notify: (notice: WriteNotice) => void): void {
  const found = leftoversOf(dir);
  if (found.length === 0) return;
  const olds = found.filter((leftover) => leftover.kind === 'old').map((leftover) => leftover.path);
  const restored = vacant(dir) ? newestReport(olds) : undefined;
  if (restored !== undefined) {
    io.rename(restored, dir);
    notify({ kind: 'restored', from: restored });
  }
  const removed: string[] = [];
  for (const { path } of found) {
    if (path === restored) continue;
    try {
      io.remove(path);
      removed.push(path);
    } catch (error) {
      notify({ kind: 'notRemoved', path, error });
    }
  }
  if (removed.length > 0) notify({ kind: 'removed', paths: removed });
}

/** DIR missing, or an empty directory (which a rename may replace). */
function vacant(dir: string): boolean {
  const stat = statOrUndefined(dir);
  return stat === undefined || (stat.isDirectory() && readdirSync(dir).length === 0);
}

/** The last written of the old copies that are report folders (isReportFolder: an index and a summary). */
function newestReport(olds: readonly string[]): string | undefined {
  const whole = olds.flatMap((path) => {
    try {
      return isReportFolder(path, readdirSync(path, { withFileTypes: true }))
        ? [{ path, mtime: statSync(path).mtimeMs }]
        : [];
    } catch {
      return [];
    }
  });
  whole.sort((a, b) => b.mtime - a.mtime || a.path.localeCompare(b.path));
  return whole[0]?.path;
}
