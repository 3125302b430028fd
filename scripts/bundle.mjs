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
//   src/stats/quantiles.ts loads on first use.
//
// Nothing changes in what the code does: the bundles are the same modules, joined.
import { rmSync } from 'node:fs';
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
