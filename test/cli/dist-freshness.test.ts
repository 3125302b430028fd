// The test run builds dist/ only when it is stale: a fresh one is taken as `npm ci` left it,
// a source edited since, or a build that stopped before storing its code, is built again.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { distIsFresh } from './dist-freshness.js';

let root: string;

/** Writes a file whose modification time is `seconds` after the epoch. */
function file(path: string, seconds: number): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, seconds, seconds);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'idemsim-fresh-'));
  file('src/cli/main.ts', 1000);
  file('package.json', 1000);
  file('dist/bundle/cache/main.v8', 2000);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('distIsFresh', () => {
  it('is fresh when the stored code is newer than every source', () => {
    expect(distIsFresh(root)).toBe(true);
  });

  it('is stale when a source, however deep, changed after the build', () => {
    file('src/sim/deep/queue.ts', 3000);
    expect(distIsFresh(root)).toBe(false);
  });

  it('is stale when the dependencies changed after the build', () => {
    file('package-lock.json', 3000);
    expect(distIsFresh(root)).toBe(false);
  });

  it('is stale without stored code: a build that failed, or none yet', () => {
    rmSync(join(root, 'dist'), { recursive: true });
    expect(distIsFresh(root)).toBe(false);
  });
});
