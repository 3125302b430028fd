// Whether dist/ was built from the sources as they are now: the build writes V8's stored
// code (dist/bundle/cache/) last, so dist/ is fresh when every stored file is newer than
// every file the build reads. A failed build removes the stored code, and so is never fresh.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What `npm run build` reads: the sources, the bundling scripts, the compiler settings, the dependencies. */
const INPUTS = [
  'src',
  'scripts/bundle.mjs',
  'scripts/record-code.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
  'package-lock.json',
];
const STORED_CODE = join('dist', 'bundle', 'cache');

/** The modification times of a file, or of every file under a folder; none for a missing path. */
function mtimes(path: string): number[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [stat.mtimeMs];
  return readdirSync(path).flatMap((name) => mtimes(join(path, name)));
}

export function distIsFresh(root: string): boolean {
  const built = mtimes(join(root, STORED_CODE));
  if (built.length === 0) return false;
  const newestInput = Math.max(...INPUTS.flatMap((path) => mtimes(join(root, path))));
  return Math.min(...built) > newestInput;
}
