#!/usr/bin/env node
// The CLI as `npm run build` bundles it (scripts/bundle.mjs): the same code as
// dist/cli/main.js, in a few files, so a command starts in a fraction of the time.
import { main } from '../dist/bundle/main.js';

main(process.argv.slice(2));
