#!/usr/bin/env node
// npm run goldens: rewrite test/golden/ from the built binary. For every scenario file
// scenarios/P.yaml (recursively), test/golden/P.json is what `idemsim run scenarios/P.yaml
// --format json` prints, run from the repository root; goldens whose scenario is gone are
// deleted. Each golden is written to a temporary file and renamed, so an interrupted run
// never leaves half a golden behind. Run through `npm run goldens`, which builds dist/ first.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAtomically } from './write-atomically.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SCENARIOS = 'scenarios';
const GOLDEN = join('test', 'golden');

/** Files under `dir` (relative to the root) ending in `ext`, as sorted '/'-separated paths relative to `dir`. */
function filesUnder(dir, ext) {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .map((path) =>
      path
        .slice(join(ROOT, dir).length + 1)
        .split(sep)
        .join('/'),
    )
    .map((path) => path.slice(0, -ext.length))
    .sort();
}

const scenarios = filesUnder(SCENARIOS, '.yaml');
for (const name of scenarios) {
  const file = `${SCENARIOS}/${name}.yaml`;
  const child = spawnSync(process.execPath, ['bin/idemsim.js', 'run', file, '--format', 'json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) {
    console.error(`goldens: idemsim run ${file} exited with ${child.status}\n${child.stderr}`);
    process.exit(1);
  }
  writeAtomically(join(ROOT, GOLDEN, `${name}.json`), child.stdout);
  console.log(`${GOLDEN}/${name}.json`);
}
for (const name of filesUnder(GOLDEN, '.json')) {
  if (scenarios.includes(name)) continue;
  rmSync(join(ROOT, GOLDEN, `${name}.json`));
  console.log(`${GOLDEN}/${name}.json deleted: scenarios/${name}.yaml is gone`);
}
