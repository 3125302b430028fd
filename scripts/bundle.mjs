#!/usr/bin/env node
// The last step of `npm run build`, after tsc has written dist/: two bundles that make the
// CLI start fast. Node spends most of a short command's time finding, reading and
// compiling modules, one file at a time: ~120 ES modules for `run` and ~400 CommonJS
// modules for the two @stdlib quantile functions.
//
// - dist/bundle/: the CLI (dist/cli/main.js) and the sweep worker, with their pure-JS
//   dependencies, in a few files. Each command stays a chunk of its own, loaded when
//   named, and the heavy packages (vega, resvg, the key-store clients) stay outside,
//   loaded only by the commands that draw charts or open a store. bin/idemsim.js runs it.
// - dist/vendor/quantiles.cjs: the @stdlib quantiles in one file, which
//   src/stats/quantiles.ts loads on first use, and dist/vendor/quantiles.cache: V8's code
//   for it, compiled here once so that no run compiles it again (Node 20 keeps no compile
//   cache of its own).
//
// Nothing changes in what the code does: the bundles are the same modules, joined.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** Loaded at run time from node_modules: large, native, or needed by one command only. */
const EXTERNAL = [/^node:/, /^vega/, /^@resvg\//, /^@electric-sql\//, /^pg$/, /^@redis\//, /^@stdlib\//];

rmSync(join(dist, 'bundle'), { recursive: true, force: true });
await build({
  input: { main: join(dist, 'cli', 'main.js'), worker: join(dist, 'sweep', 'worker.js') },
  platform: 'node',
  logLevel: 'warn',
  external: (id) => EXTERNAL.some((pattern) => pattern.test(id)),
  // Chunks sit one folder below dist/, like the modules they come from, so paths the code
  // takes from import.meta.url ('../..' for the package, '../vendor/...') still hold.
  output: { dir: join(dist, 'bundle'), format: 'esm', comments: { legal: true }, chunkFileNames: '[name]-[hash].js' },
});

const quantiles = join(dist, 'vendor', 'quantiles.cjs');
rmSync(quantiles, { force: true });
await build({
  input: join(root, 'scripts', 'vendor-quantiles.mjs'),
  platform: 'node',
  logLevel: 'warn',
  output: { file: quantiles, format: 'cjs', minify: true, comments: { legal: true } },
});

// The functions run here on arguments like the intervals' (small and large counts, both
// tails) before the cache is taken, so that the code they need is in it.
const { cachePathOf, compileBundle } = await import(join(dist, 'stats', 'quantiles.js'));
const { quantiles: q, script } = compileBundle(quantiles, readFileSync(quantiles, 'utf8'));
for (const p of [0.005, 0.025, 0.05, 0.95, 0.975, 0.995]) {
  for (const a of [0.5, 1, 3, 40, 2_500, 1e6]) {
    for (const b of [0.5, 1, 7, 900, 1e6]) q.beta(p, a, b);
    q.gamma(p, a, 1);
  }
}
writeFileSync(cachePathOf(quantiles), script.createCachedData());
