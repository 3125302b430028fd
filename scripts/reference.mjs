#!/usr/bin/env node
// npm run reference: rewrite the generated blocks of docs/reference/ from the built code
// (the field table, the metric catalogue, the loader's limits), leaving the hand-written
// text between them alone. The rendering is src/scenario/reference/, the same code
// test/docs/reference.test.ts compares the committed pages with. Each page is written to
// a temporary file and renamed. Run through `npm run reference`, which builds dist/ first.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAtomically } from './write-atomically.mjs';
import { referencePages, splice } from '../dist/scenario/reference/index.js';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

let failed = false;
for (const page of referencePages()) {
  const path = join(ROOT, page.path);
  const text = readFileSync(path, 'utf8');
  const spliced = splice(text, page.blocks);
  if (!spliced.ok) {
    for (const problem of spliced.problems) console.error(`reference: ${page.path}: ${problem}`);
    failed = true;
    continue;
  }
  if (spliced.text === text) {
    console.log(`${page.path}: up to date`);
    continue;
  }
  writeAtomically(path, spliced.text);
  console.log(`${page.path}: rewritten`);
}
if (failed) process.exit(1);
