#!/usr/bin/env node
// Part of `npm run build` (scripts/bundle.mjs): runs a few commands in this process from
// the fresh bundle and stores V8's code for every bundle file they loaded, the functions
// they ran included, in dist/bundle/cache/ (see src/cli/boot.ts). A command the list
// misses still runs as fast as before; it just compiles what it uses itself.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { CACHE_DIR, entry, useStoredCode } = await import(join(root, 'dist', 'cli', 'boot.js'));

rmSync(CACHE_DIR, { recursive: true, force: true });
// The bundle files named on the command line are left to Node (see useStoredCode).
const store = useStoredCode({ skip: new Set(process.argv.slice(2)) });
const { cli } = entry();
const nowhere = { write: () => true };
const ctx = { out: nowhere, err: nowhere, cwd: root, env: {}, isTTY: false };
const article = join('scenarios', 'article-defaults.yaml');
// Few and common: each command's code joins the stored files it shares with the others,
// and a bigger stored file is slower to start from. With nine commands stored, `run`'s
// own loading and one-action run took about a tenth longer than with `run` alone.
const COMMANDS = [
  ['run', '--actions', '2000', '--format', 'json'],
  ['run', '--actions', '2000'],
  ['validate', article],
];
for (const argv of COMMANDS) {
  const code = await cli(argv, ctx);
  if (code !== 0) throw new Error(`idemsim ${argv.join(' ')} exited ${code} while recording code`);
}
store();
