#!/usr/bin/env node
// The CLI as `npm run build` bundles it (scripts/bundle.mjs): the same code as
// dist/cli/main.js, in a few files, started with V8's code for them stored at build time
// (src/cli/boot.ts), so a command starts in a fraction of the time. This file and the
// bundle are CommonJS (bin/package.json says so for this folder): a command then starts
// without Node's ES module loader, about 12 ms of CPU at every start.
'use strict';
const { join } = require('node:path');

const BOOT = join(__dirname, '..', 'dist', 'bundle', 'boot.cjs');
let boot;
try {
  boot = require(BOOT);
} catch (error) {
  if (error?.code !== 'MODULE_NOT_FOUND' || !String(error.message).includes(BOOT)) throw error;
  process.stderr.write(
    `idemsim: not built (no ${BOOT}): run \`npm install\` or \`npm run build\` in ${join(__dirname, '..')}\n`,
  );
  process.exit(70);
}
// Every command ends by calling process.exit with its code. Should one ever be left
// waiting on something that can no longer happen, Node would run out of work and exit 0:
// it exits 70, an internal error, and says so.
process.exitCode = 70;
process.on('beforeExit', () => {
  process.stderr.write('idemsim: internal error: the command stopped before it finished\n');
});
boot.start(process.argv.slice(2));
