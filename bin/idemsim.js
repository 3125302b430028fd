#!/usr/bin/env node
// The CLI as `npm run build` bundles it (scripts/bundle.mjs): the same code as
// dist/cli/main.js, in a few files, started with V8's code for them stored at build time
// (src/cli/boot.ts), so a command starts in a fraction of the time. This file and the
// bundle are CommonJS (bin/package.json says so for this folder): a command then starts
// without Node's ES module loader, ~15 ms of every start.
'use strict';
require('../dist/bundle/boot.cjs').start(process.argv.slice(2));
