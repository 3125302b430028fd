#!/usr/bin/env node
// The CLI as `npm run build` bundles it (scripts/bundle.mjs): the same code as
// dist/cli/main.js, in a few files, so a command starts in a fraction of the time. On
// Node 22.1 and later, Node's own compile cache keeps the compiled code between runs
// (a no-op on Node 20, which lacks it).
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('../dist/bundle/main.js');
main(process.argv.slice(2));
