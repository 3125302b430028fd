// Seeded golden runs: every scenario under scenarios/ prints, at its own seed, exactly the
// JSON checked in beside this file (test/golden/P.json for scenarios/P.yaml), as SimPy runs
// its examples against checked-in outputs. Any change to what a run prints shows up here;
// when the change is intended, `npm run goldens` rewrites the goldens from the built binary.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured } from '../cli/sinks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOLDEN = fileURLToPath(new URL('.', import.meta.url));
const SCENARIOS = join(ROOT, 'scenarios');

/** How every failure here ends: the one command that rewrites test/golden/ from the built binary. */
const GOLDENS = '`npm run goldens`';

/** Files under `dir` ending in `ext`, as sorted '/'-separated paths relative to `dir`, without `ext`. */
function namesUnder(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .map((path) => path.slice(0, -ext.length))
    .sort();
}

const scenarios = namesUnder(SCENARIOS, '.yaml');

describe('golden outputs', () => {
  it('lists the scenarios folder recursively', () => {
    expect(scenarios).toContain('article-defaults');
    expect(scenarios).toContain('missions/mission-1');
  });

  it('has a golden for every scenario', () => {
    const missing = scenarios.filter((name) => !existsSync(join(GOLDEN, `${name}.json`)));
    expect(missing, `scenarios without a golden test/golden/NAME.json: run ${GOLDENS} to write them`).toEqual([]);
  });

  it('has a scenario for every golden', () => {
    const orphans = namesUnder(GOLDEN, '.json').filter((name) => !scenarios.includes(name));
    expect(orphans, `goldens whose scenarios/NAME.yaml no longer exists: run ${GOLDENS} to delete them`).toEqual([]);
  });

  it.each(scenarios)('scenarios/%s.yaml prints its golden JSON', async (name) => {
    const file = `scenarios/${name}.yaml`;
    const golden = join(GOLDEN, `${name}.json`);
    if (!existsSync(golden)) expect.fail(`${file} has no golden test/golden/${name}.json: run ${GOLDENS} to write it`);
    const ctx = captured({ cwd: ROOT });
    expect(await cli(['run', file, '--format', 'json'], ctx), ctx.err.text).toBe(0);
    const changed = `idemsim run ${file} --format json no longer prints test/golden/${name}.json; if the change is intended, run ${GOLDENS} to rewrite the goldens`;
    expect(ctx.out.text, changed).toBe(readFileSync(golden, 'utf8'));
  });
});
