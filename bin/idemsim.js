#!/usr/bin/env node
// The CLI as `npm run build` bundles it (scripts/bundle.mjs): the same code as
// dist/cli/main.js, in a few files, started with V8's code for them stored at build time
// (dist/cli/boot.js), so a command starts in a fraction of the time.
const { start } = await import('../dist/cli/boot.js');
await start(process.argv.slice(2));
