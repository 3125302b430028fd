// What a report may replace: nothing, an empty directory or an earlier report folder.
// Replacing a folder deletes it, so `--out .` in a project must never be taken as permission.
import { closeSync, lstatSync, mkdtempSync, openSync, readSync, readdirSync, rmdirSync, type Dirent } from 'node:fs';
import { dirname, join } from 'node:path';

/** Files every run, sweep and recommend folder holds (folder.ts writes them): they mark a directory as one. */
export const REPORT_MARKERS: readonly string[] = ['index.html', 'summary.json'];

const INDEX = 'index.html';
const SUMMARIES: readonly string[] = ['summary.json', 'numbers.json', 'lab.json'];

/** A reason DIR may not be replaced by a report; the caller says which DIR. */
export class ReportTargetError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ReportTargetError';
  }
}

/** How every summary idemsim writes begins: `{ "idemsim": VERSION` or the article's `"generatedBy": "idemsim`. */
const OURS = /^\{\s*"(?:idemsim"\s*:|generatedBy"\s*:\s*"idemsim)/;

/**
 * An earlier report in `dir`, which may be replaced: only plain files, among them the
 * index and a summary, summary.json (run, sweep, recommend), lab.json (the lab) or numbers.json (the article's
 * folder), that idemsim wrote. A website's folder with an index.html and some other
 * summary.json is no report, and its files are not deleted.
 */
export function isReportFolder(dir: string, entries: readonly Dirent[]): boolean {
  const names = new Set(entries.map((entry) => entry.name));
  if (!entries.every((entry) => entry.isFile()) || !names.has(INDEX)) return false;
  return SUMMARIES.some((summary) => names.has(summary) && OURS.test(head(join(dir, summary))));
}

/** The first bytes of a file, as text; empty if it cannot be read. */
function head(path: string): string {
  const buffer = Buffer.alloc(256);
  try {
    const fd = openSync(path, 'r');
    try {
      return buffer.toString('utf8', 0, readSync(fd, buffer, 0, buffer.length, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/**
 * Throws a ReportTargetError if DIR exists and is not something a report may replace: a
 * file, a link, or a directory that is neither empty nor an earlier report (the article's
 * folder included).
 */
export function checkTarget(dir: string): void {
  probeWritable(dir);
  const stat = statOrUndefined(dir);
  if (stat === undefined) return;
  if (stat.isSymbolicLink()) throw new ReportTargetError('is a symbolic link; give a directory');
  if (!stat.isDirectory()) throw new ReportTargetError('exists and is not a directory');
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.length === 0) return;
  if (!isReportFolder(dir, entries)) {
    throw new ReportTargetError(
      'is a directory that does not hold an idemsim report, and would be replaced; give a new or empty directory, or an earlier report folder',
    );
  }
}

/**
 * Throws the system's error (EACCES, EROFS, ENOTDIR, ...) if nothing can be created where
 * `path` would go: an empty directory is made in its nearest existing parent and removed.
 * A report folder and a file written atomically both start as a temporary entry there, so
 * a target that cannot take one is found before a long run, not after it.
 */
export function probeWritable(path: string): void {
  let parent = dirname(path);
  while (statOrUndefined(parent) === undefined && dirname(parent) !== parent) parent = dirname(parent);
  rmdirSync(mkdtempSync(join(parent, '.idemsim-probe-')));
}

export function statOrUndefined(path: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
