#!/usr/bin/env node
// The lab page's speed as a reader feels it: how long a knob's change takes from the request
// to the picture drawn again (body.dataset.ms: the worker re-simulates the 4,000 actions of
// the defaults, the page redraws them), over 30 changes of the seed in headless chromium, and
// what the page weighs. A benchmark reports; the tests (test/lab/browser.test.ts) never time.
// Uses dist/ as it is: run `npm run build` first after changing src/lab/.
//   node scripts/lab-bench.mjs        (CHROMIUM_PATH overrides /usr/bin/chromium)
/* global document, location */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'idemsim.js');
/** Seeds 2 to 31: each change a new sample, none the page has shown before. */
const CHANGES = 30;

/** The nearest-rank quantile (the smallest value with at least p of the values at or below it). */
function nearestRank(sorted, p) {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

const folder = mkdtempSync(join(tmpdir(), 'idemsim-lab-bench-'));
const written = spawnSync(process.execPath, [BIN, 'lab', '--out', join(folder, 'page')], { encoding: 'utf8' });
if (written.status !== 0) {
  process.stderr.write(written.stderr);
  process.exit(1);
}
const bytes = Object.fromEntries(
  ['index.html', 'lab.js'].map((name) => [name, statSync(join(folder, 'page', name)).size]),
);

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
  const ready = (before) =>
    page.waitForFunction(
      (before) =>
        document.body.dataset.state === 'ready' && document.getElementById('lab-result').dataset.revision !== before,
      before,
      { timeout: 60_000 },
    );
  await page.goto(pathToFileURL(join(folder, 'page', 'index.html')).href);
  await ready(undefined);
  const first = Number(await page.evaluate(() => document.body.dataset.ms));
  const times = [];
  for (let seed = 2; seed < 2 + CHANGES; seed++) {
    const before = await page.evaluate(() => document.getElementById('lab-result').dataset.revision);
    await page.evaluate((seed) => (location.hash = `seed=${seed}`), seed);
    await ready(before);
    times.push(Number(await page.evaluate(() => document.body.dataset.ms)));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const version = browser.version();
  console.log(`chromium ${version}, load average ${loadavg()[0].toFixed(2)}`);
  console.log(
    `page: index.html ${bytes['index.html'].toLocaleString('en-US')} B + lab.js ${bytes['lab.js'].toLocaleString('en-US')} B = ${(bytes['index.html'] + bytes['lab.js']).toLocaleString('en-US')} B`,
  );
  console.log(`first result (worker start, simulate, draw): ${first} ms`);
  console.log(
    `seed changed ${CHANGES} times (simulate 4,000 actions and redraw): median ${nearestRank(sorted, 0.5)} ms, p95 ${nearestRank(sorted, 0.95)} ms (nearest rank), min ${sorted[0]} ms, max ${sorted.at(-1)} ms`,
  );
} finally {
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
}
