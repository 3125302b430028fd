// Writes a report folder all at once or not at all. The files go into a sibling temporary
// directory (DIR.tmp-XXXXXXXX, on the same file system, so renames are atomic); then the
// old DIR is renamed aside, the new one renamed into place and the old one removed. A
// failure before the swap removes the temporary directory and leaves DIR as it was; a
// failure in the swap puts the old DIR back. Only a killed process can leave a DIR.tmp-*
// behind, and then DIR itself is still the previous report.
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface ReportFile {
  /** A plain file name: a report folder has no subdirectories. */
  name: string;
  content: string | Uint8Array;
}

/** Files every run, sweep and recommend folder holds (folder.ts writes them): they mark a directory as one. */
export const REPORT_MARKERS: readonly string[] = ['index.html', 'summary.json'];

const INDEX = 'index.html';
const SUMMARIES: readonly string[] = ['summary.json', 'numbers.json'];

/**
 * An earlier report, which may be replaced: only plain files, among them the index and a
 * summary, summary.json (run, sweep, recommend) or numbers.json (the article's folder).
 */
function isReportFolder(entries: readonly Dirent[]): boolean {
  const names = new Set(entries.map((entry) => entry.name));
  return (
    entries.every((entry) => entry.isFile()) && names.has(INDEX) && SUMMARIES.some((summary) => names.has(summary))
  );
}

/** A reason DIR may not be replaced by a report; the caller says which DIR. */
export class ReportTargetError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ReportTargetError';
  }
}

/** The file-system calls the write makes, replaceable so tests can fail one on purpose. */
export interface WriteIo {
  writeFile(path: string, content: string | Uint8Array): void;
  rename(from: string, to: string): void;
}

const DISK: WriteIo = {
  writeFile: (path, content) => writeFileSync(path, content),
  rename: (from, to) => renameSync(from, to),
};

/**
 * Throws a ReportTargetError if DIR exists and is not something a report may replace: a
 * file, a link, or a directory that is neither empty nor an earlier report (the article's
 * folder included). Replacing a folder deletes it, so `--out .` in a project must never be
 * taken as permission.
 */
export function checkTarget(dir: string): void {
  const stat = statOrUndefined(dir);
  if (stat === undefined) return;
  if (stat.isSymbolicLink()) throw new ReportTargetError('is a symbolic link; give a directory');
  if (!stat.isDirectory()) throw new ReportTargetError('exists and is not a directory');
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.length === 0) return;
  if (!isReportFolder(entries)) {
    throw new ReportTargetError(
      'is a directory that does not hold an idemsim report, and would be replaced; give a new or empty directory, or an earlier report folder',
    );
  }
}

/** Replaces DIR with a folder holding exactly `files`. */
export function writeReport(target: string, files: readonly ReportFile[], io: WriteIo = DISK): void {
  const dir = resolve(target);
  checkTarget(dir);
  mkdirSync(dirname(dir), { recursive: true });
  const suffix = uniqueSuffix(dir);
  const temp = `${dir}.tmp-${suffix}`;
  try {
    for (const file of files) {
      if (!/^[^/\\]+$/.test(file.name) || file.name === '.' || file.name === '..') {
        throw new Error(`report: ${JSON.stringify(file.name)} is not a plain file name`);
      }
      io.writeFile(join(temp, file.name), file.content);
    }
    swap(temp, dir, `${dir}.old-${suffix}`, io);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

function swap(temp: string, dir: string, aside: string, io: WriteIo): void {
  const old = statOrUndefined(dir) === undefined ? undefined : aside;
  if (old !== undefined) io.rename(dir, old);
  try {
    io.rename(temp, dir);
  } catch (error) {
    if (old !== undefined) io.rename(old, dir);
    throw error;
  }
  if (old === undefined) return;
  try {
    rmSync(old, { recursive: true, force: true });
  } catch {
    // The new report is in place; an old copy that will not go away is clutter, not failure.
  }
}

/**
 * Creates DIR.tmp-SUFFIX with mkdir's ordinary mode (mkdtemp's 0700 would survive the
 * rename and hide the report from a web server) and returns SUFFIX.
 */
function uniqueSuffix(dir: string): string {
  for (;;) {
    const suffix = randomBytes(4).toString('hex');
    try {
      mkdirSync(`${dir}.tmp-${suffix}`);
      return suffix;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

function statOrUndefined(path: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
