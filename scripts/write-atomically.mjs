// The maintenance scripts' one way to replace a committed file: write a temporary file
// beside it and rename it over, so that an interrupted script never leaves half a file.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export function writeAtomically(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.tmp-${basename(path)}-${process.pid}`);
  try {
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}
