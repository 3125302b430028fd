#!/usr/bin/env node
// The last step of `npm run build`, after tsc has written dist/: the bundles that make the
// CLI start fast. Node spends most of a short command's time finding, reading and
// compiling modules, one file at a time: ~120 ES modules for `run`.
//
// - dist/bundle/: the CLI (dist/cli/main.js) and the sweep worker, with their pure-JS
//   dependencies, in a few CommonJS files. Each command stays a chunk of its own, loaded
//   when named, and the heavy packages (vega, resvg, the key-store clients) stay outside,
//   loaded only by the commands that draw charts or open a store. bin/idemsim.js runs it
//   through the bundle's boot.cjs (a worker thread through worker-boot.cjs), with V8's code
//   for it from dist/bundle/cache/: stored by scripts/record-code.mjs, which runs a few
//   commands to compile what they use. (CommonJS because Node 20 can run a script from
//   stored code, but not an ES module, and so that no start sets up the ES module loader.)
// - dist/vendor/yaml.cjs: the yaml package in one file, which src/scenario/yaml-lib.ts
//   loads on first use (with stored code too, when the CLI runs).
//
// Nothing changes in what the code does: the bundles are the same modules, joined, but for
// one change named below that only skips loading what idemsim never uses (commander's
// node:child_process until it spawns).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** Loaded at run time from node_modules: large, native, or needed by one command only. */
const EXTERNAL = [
  /^node:/,
  /^vega/,
  /^@resvg\//,
  /^@electric-sql\//,
  /^pg$/,
  /^@redis\//,
  // The real SDKs `presets --verify` runs (devDependencies, loaded only by it).
  /^openai$/,
  /^@anthropic-ai\//,
  /^stripe$/,
  /^@smithy\//,
  /^@langchain\//,
  /^ai$/,
  /^@ai-sdk\//,
  /^@sinonjs\//,
  // The idempotency libraries `store replay --handler` runs (devDependencies, loaded only by it).
  /^@aws-lambda-powertools\//,
  /^@node-idempotency\//,
  /^express(-idempotency(-redis-adapter)?)?$/,
];

/**
 * commander requires node:child_process (and with it net and dgram, 2 to 4 ms of every
 * start) only to spawn executable subcommands, which idemsim has none of: in the bundle,
 * its one use, childProcess.spawn, requires the module when called instead.
 */
const lazyChildProcess = {
  name: 'commander-lazy-child-process',
  transform(code, id) {
    if (!/[\\/]commander[\\/]lib[\\/]command\.js$/.test(id)) return null;
    const eager = "const childProcess = require('node:child_process');";
    if (!code.includes(eager)) throw new Error(`commander changed: no "${eager}" in ${id}`);
    return code.replace(
      eager,
      "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
    );
  },
};

rmSync(join(dist, 'bundle'), { recursive: true, force: true });
const bundled = await build({
  // The CLI's entry and the sweep worker's, and how each thread starts them (boot, worker-boot):
  // as CommonJS, a process or worker thread starts without Node's ES module loader.
  input: {
    main: join(dist, 'cli', 'main.js'),
    worker: join(dist, 'pool', 'worker.js'),
    boot: join(dist, 'cli', 'boot.js'),
    'worker-boot': join(dist, 'cli', 'worker-boot.js'),
  },
  platform: 'node',
  logLevel: 'warn',
  external: (id) => EXTERNAL.some((pattern) => pattern.test(id)),
  plugins: [lazyChildProcess],
  // Chunks sit one folder below dist/, like the modules they come from, so paths the code
  // takes from import.meta.url ('../..' for the package, '../vendor/...') still hold.
  output: {
    dir: join(dist, 'bundle'),
    format: 'cjs',
    // Licences stay; documentation comments go (the source in src/ keeps them): every
    // byte of a bundle file is read and decoded at every start.
    comments: { legal: true, annotation: true, jsdoc: false },
    // One non-ASCII character makes V8 keep a whole file as two-byte text, which doubles
    // the time to read it: schema's 330 KB took 7 ms to decode for nine of them.
    charset: 'ascii',
    entryFileNames: '[name].cjs',
    chunkFileNames: '[name]-[hash].cjs',
  },
});

const vendor = join(dist, 'vendor');
rmSync(vendor, { recursive: true, force: true });
mkdirSync(vendor, { recursive: true });

// yaml in one file, loaded when a command first reads or writes YAML (src/scenario/yaml-lib.ts):
// a run of the built-in defaults never does, and starts without its ~200 KB.
const requireHere = createRequire(import.meta.url);
const yamlBundle = await build({
  input: requireHere.resolve('yaml'),
  platform: 'node',
  logLevel: 'warn',
  write: false,
  output: { format: 'cjs', comments: { legal: true, annotation: false, jsdoc: false }, charset: 'ascii' },
});
// Its ISC licence asks for the notice in every copy; the package's files carry none.
const yamlLicence = readFileSync(requireHere.resolve('yaml/package.json').replace(/package\.json$/, 'LICENSE'), 'utf8');
writeFileSync(join(vendor, 'yaml.cjs'), `/*! yaml\n${yamlLicence.trimEnd()}\n*/\n${yamlBundle.output[0].code}`);

// The lab's page script (src/lab/, `idemsim lab`): one file for the browser. Its Web Worker
// runs the same simulator; the worker's code is built first and carried in the page's
// script as text, started from a Blob, so the page also works opened from disk (file://),
// where a browser refuses a worker script loaded by path. In a browser the yaml package
// is imported like any other module (src/lab/yaml-browser.ts in yaml-lib.ts's place).
const labDir = join(dist, 'lab');
const yamlInBrowser = {
  name: 'lab-yaml-in-browser',
  resolveId(source, importer) {
    if (importer !== undefined && /[\\/]scenario[\\/]yaml-lib\.js$/.test(join(dirname(importer), source))) {
      return join(labDir, 'yaml-browser.js');
    }
    return null;
  },
};
const browser = (input, banner) =>
  build({
    input,
    platform: 'browser',
    logLevel: 'warn',
    write: false,
    plugins: [yamlInBrowser],
    output: {
      format: 'iife',
      minify: true,
      charset: 'ascii',
      comments: { legal: true, annotation: false, jsdoc: false },
      ...(banner === undefined ? {} : { banner }),
    },
  });
const labWorker = (await browser(join(labDir, 'worker.js'))).output[0].code;
const labPage = (await browser(join(labDir, 'page.js'), `var __LAB_WORKER__=${JSON.stringify(labWorker)};`)).output[0]
  .code;
const labOut = join(dist, 'lab-page');
rmSync(labOut, { recursive: true, force: true });
mkdirSync(labOut, { recursive: true });
writeFileSync(join(labOut, 'lab.js'), labPage);

// The files that import() a package (an ES module: vega, PGlite) get no stored code.
const importers = bundled.output
  .filter((chunk) => chunk.type === 'chunk' && chunk.dynamicImports.some((id) => EXTERNAL.some((p) => p.test(id))))
  .map((chunk) => chunk.fileName);
const recorded = spawnSync(process.execPath, [join(root, 'scripts', 'record-code.mjs'), ...importers], {
  stdio: 'inherit',
});
if (recorded.status !== 0) process.exit(recorded.status ?? 1);
