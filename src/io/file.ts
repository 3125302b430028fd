// Writing one file so that no reader ever sees half of it: a temporary file beside the
// target, then a move into place. Used by `init`, `check --junit` and `store measure --write`.
import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readFailure } from './failure.js';
import { holdSignals } from './signals.js';

/** A file that cannot be written where the user asked: one line for the user, exit 2. */
export class FileWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileWriteError';
  }
}

export const alreadyExists = (file: string): string =>
  `${file}: already exists; pass --force to overwrite it, or name another file`;
export const cannotWrite = (file: string, reason: string): string => `${file}: cannot write: ${reason}`;
export const notAFile = (file: string): string =>
  `${file}: not a regular file (a device, a FIFO or a socket); name a new path or a regular file`;

function writeFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' ? 'its directory does not exist' : readFailure(error);
}

/**
 * Writes to a temporary file beside the target, then moves it into place: a reader never
 * sees half a file. Without `force` the move is a hard link, which fails if the target
 * appeared in the meantime, so an existing file is never replaced. A signal meanwhile waits
 * until the temporary file is gone (signals.ts).
 */
export function writeFileAtomically(path: string, shown: string, text: string, force: boolean): void {
  holdSignals();
  if (existsSync(path)) {
    const stat = statSync(path);
    if (stat.isDirectory()) throw new FileWriteError(cannotWrite(shown, readFailure({ code: 'EISDIR' })));
    // A device, FIFO or socket is no file to replace: --force must not swap it for one.
    if (!stat.isFile()) throw new FileWriteError(notAFile(shown));
    if (!force) throw new FileWriteError(alreadyExists(shown));
  }
  const temp = join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.tmp`);
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    if (force) renameSync(temp, path);
    else placeNew(temp, path, shown);
  } catch (error) {
    if (error instanceof FileWriteError) throw error;
    throw new FileWriteError(cannotWrite(shown, writeFailure(error)));
  } finally {
    rmSync(temp, { force: true });
  }
}

function placeNew(temp: string, path: string, shown: string): void {
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST' || existsSync(path))
      throw new FileWriteError(alreadyExists(shown));
    // A file system without hard links: the existence check above has to do.
    renameSync(temp, path);
  }
}
