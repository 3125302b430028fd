// Where a report folder goes: checked before any work is done for it, and written
// atomically once drawn. Light on purpose (no chart code), so commands import it freely.
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import {
  DISK,
  ReportLockedError,
  ReportTargetError,
  checkTarget,
  recoverTarget,
  writeReport,
  type WriteIo,
  type WriteNotice,
} from '../io/folder.js';
import { type ReportFile } from '../model/files.js';
import type { CommandContext, Sink } from './context.js';
import { InputError } from './errors.js';
import { terminalText } from '../report/text.js';
import {
  cannotWriteOut,
  outLeftoversRemoved,
  outLockTakenOver,
  outLocked,
  outNotRemoved,
  outProblem,
  outRestored,
  reportWritten,
} from './messages.js';
import { readFailure } from '../io/failure.js';
import { holdSignals } from '../io/signals.js';

/**
 * Refuses an --out that a report may not replace, before any work is done for it. Given
 * `err`, it also repairs what an interrupted earlier write left there, and says so, so the
 * previous report is back even if this run is stopped too.
 */
export function checkOut(out: string, cwd: string, err?: Sink): void {
  const dir = resolve(cwd, out);
  atOut(out, () => {
    checkTarget(dir);
    if (err !== undefined) recoverTarget(dir, undefined, sayOn(out, err));
  });
}

/** Writes a report folder's files atomically to `out` and says where on stderr; `sweep --out` shares it. */
export function writeFolder(files: readonly ReportFile[], out: string, ctx: CommandContext, io?: WriteIo): void {
  replaceOut(files, out, ctx, io);
  ctx.err.write(`${terminalText(reportWritten(join(out, 'index.html')))}\n`);
}

/** writeFolder without its last line, for a command that says it its own way (figures). */
export function replaceOut(files: readonly ReportFile[], out: string, ctx: CommandContext, io?: WriteIo): void {
  holdSignals();
  atOut(out, () => writeReport(resolve(ctx.cwd, out), files, pausing(ctx.env, io), sayOn(out, ctx.err)));
}

/** File-system trouble with the report folder is the user's to fix: one line, exit 2. */
export function atOut(out: string, body: () => void): void {
  try {
    body();
  } catch (error) {
    // One line each, whatever the path holds: a line break in it is shown as \n.
    if (error instanceof ReportTargetError) throw new InputError(terminalText(outProblem(out, error.reason)));
    if (error instanceof ReportLockedError) {
      throw new InputError(terminalText(outLocked(out, beside(out, error.lock), error.holder)));
    }
    if (isSystemError(error)) throw new InputError(terminalText(cannotWriteOut(out, readFailure(error))));
    throw error;
  }
}

function sayOn(out: string, err: Sink): (notice: WriteNotice) => void {
  return (notice) => err.write(`${terminalText(noticeLine(out, notice))}\n`);
}

function noticeLine(out: string, notice: WriteNotice): string {
  switch (notice.kind) {
    case 'restored':
      return outRestored(out, beside(out, notice.from));
    case 'removed':
      return outLeftoversRemoved(
        out,
        notice.paths.map((path) => beside(out, path)),
      );
    case 'lockTakenOver':
      return outLockTakenOver(out, beside(out, notice.lock), notice.holder);
    case 'notRemoved':
      return outNotRemoved(out, beside(out, notice.path), readFailure(notice.error));
  }
}

/**
 * A path beside DIR as the user would type it: `reports/r.old-1a2b3c4d` for `--out
 * reports/r/`. For `--out .` or `..` the folder's own name is not in what was typed, so
 * the path is shown whole.
 */
function beside(out: string, path: string): string {
  const typed = out.replace(/(.)[\\/]+$/, '$1');
  const name = basename(typed);
  return name === '' || name === '.' || name === '..' ? path : join(dirname(typed), basename(path));
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && 'syscall' in error;
}

/**
 * Test hook, for test/cli/out-signals.test.ts and out-concurrent.test.ts only: with
 * IDEMSIM_TEST_PAUSE_MID_SWAP=FILE, a write stops right after moving the previous report
 * aside (DIR missing, the lock held) and waits until FILE exists, at most a minute, so a
 * test can signal or race the writer at that one moment. Not for users.
 */
function pausing(env: CommandContext['env'], io: WriteIo | undefined): WriteIo | undefined {
  const release = env['IDEMSIM_TEST_PAUSE_MID_SWAP'];
  if (release === undefined || release === '') return io;
  const base = { ...DISK, ...io };
  let paused = false;
  return {
    ...base,
    rename: (from, to) => {
      base.rename(from, to);
      if (paused || !/\.old-[0-9a-f]{8}$/.test(to)) return;
      paused = true;
      for (let waited = 0; waited < 3000 && !existsSync(release); waited++) base.pause(20);
    },
  };
}
