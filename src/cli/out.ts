// Where a report folder goes: checked before any work is done for it, and written
// atomically once drawn. Light on purpose (no chart code), so commands import it freely.
import { join, resolve } from 'node:path';
import { ReportTargetError, checkTarget, writeReport, type ReportFile, type WriteIo } from '../report/write.js';
import type { CommandContext } from './context.js';
import { InputError } from './errors.js';
import { cannotWriteOut, outProblem, readFailure, reportWritten } from './messages.js';

/** Refuses an --out that a report may not replace, before any work is done for it. */
export function checkOut(out: string, cwd: string): void {
  atOut(out, () => checkTarget(resolve(cwd, out)));
}

/** Writes a report folder's files atomically to `out` and says where on stderr; `sweep --out` shares it. */
export function writeFolder(files: readonly ReportFile[], out: string, ctx: CommandContext, io?: WriteIo): void {
  atOut(out, () => writeReport(resolve(ctx.cwd, out), files, io));
  ctx.err.write(`${reportWritten(join(out, 'index.html'))}\n`);
}

/** File-system trouble with the report folder is the user's to fix: one line, exit 2. */
export function atOut(out: string, body: () => void): void {
  try {
    body();
  } catch (error) {
    if (error instanceof ReportTargetError) throw new InputError(outProblem(out, error.reason));
    if (isSystemError(error)) throw new InputError(cannotWriteOut(out, readFailure(error)));
    throw error;
  }
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && 'syscall' in error;
}
