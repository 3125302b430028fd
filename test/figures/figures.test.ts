// `idemsim figures` reproduces the committed reports/article/ byte for byte, states the
// article's numbers as its closed forms, and each simulated interval holds the exact
// expectation of what it counts.
//
// The interval checks: the file makes one check per number (NUMBER_CHECKS, 12). Each is
// taken at Bonferroni's 1 - 0.05 / 12 level, widened from the 95% interval numbers.json
// reports (the exact share interval recomputed from its counts; a mean's half-width rescaled by the ratio of
// normal quantiles), so a correct simulator fails this file by chance at most 5% of seeds.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { standardNormalQuantile } from '../../src/analytic/index.js';
import { figures } from '../../src/cli/figures.js';
import { Z975 } from '../../src/stats/welford.js';
import { clopperPearson } from '../../src/stats/exact.js';
import { captured } from '../cli/sinks.js';

const COMMITTED = fileURLToPath(new URL('../../reports/article/', import.meta.url));
const REGENERATE =
  'run `npx idemsim figures` (or `node bin/idemsim.js figures` after `npm run build`) and commit reports/article/';

interface NumberEntry {
  id: string;
  closedForm: { value: number };
  expected: { value: number };
  simulated: {
    value: number;
    low: number;
    high: number;
    interval: { kind: 'share'; successes: number; trials: number } | { kind: 'mean' };
  };
}

let fresh: string;
let printed: string;
let numbers: Map<string, NumberEntry>;

// The folder figures writes into is an earlier figures folder, with a file the new one
// lacks: the command replaces it whole.
beforeAll(async () => {
  fresh = join(mkdtempSync(join(tmpdir(), 'idemsim-figures-')), 'article');
  mkdirSync(fresh);
  for (const name of ['index.html', 'numbers.md', 'old.svg']) writeFileSync(join(fresh, name), 'old');
  // An earlier figures folder's numbers.json begins as idemsim writes it: only such a folder is replaced.
  writeFileSync(
    join(fresh, 'numbers.json'),
    '{\n  "generatedBy": "idemsim figures (regenerate: npx idemsim figures)"\n}\n',
  );
  const ctx = captured();
  const code = await figures({ out: fresh }, ctx);
  expect(ctx.err.text).toMatch(/^figures written to .*index\.html \(\d+ files\)\n$/);
  expect(code).toBe(0);
  printed = ctx.out.text;
  const doc = JSON.parse(readFileSync(join(fresh, 'numbers.json'), 'utf8')) as { numbers: NumberEntry[] };
  numbers = new Map(doc.numbers.map((n) => [n.id, n]));
});

function entry(id: string): NumberEntry {
  const n = numbers.get(id);
  if (n === undefined) throw new Error(`numbers.json has no ${id}`);
  return n;
}

/** x to `digits` significant digits, as the article writes it. */
const toDigits = (x: number, digits: number): number => Number(x.toPrecision(digits));

describe('idemsim figures', () => {
  it('writes exactly the files committed in reports/article/', () => {
    const committed = readdirSync(COMMITTED).sort();
    const written = readdirSync(fresh).sort();
    expect(written, `reports/article/ holds other files than figures writes: ${REGENERATE}`).toEqual(committed);
  });

  it('reproduces every committed file byte for byte', () => {
    const stale = readdirSync(fresh)
      .sort()
      .filter((name) => !readFileSync(join(fresh, name)).equals(readFileSync(join(COMMITTED, name))));
    expect(stale, `reports/article/ is out of date (${stale.join(', ')}): ${REGENERATE}`).toEqual([]);
  });

  it('prints the numbers table it wrote to numbers.md', () => {
    expect(printed.startsWith('| # | figure |')).toBe(true);
    expect(readFileSync(join(fresh, 'numbers.md'), 'utf8')).toContain(printed);
  });

  it('refuses an --out that is neither new, empty, a report nor a figures folder, before simulating', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-figures-busy-'));
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const ctx = captured();
    expect(await figures({ out: dir }, ctx)).toBe(2);
    expect(ctx.err.text).toMatch(/^--out .*: is a directory that does not hold an idemsim report/);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('replaces an earlier figures folder whole: no file of the old one survives, nothing is left beside it', () => {
    expect(readdirSync(fresh)).not.toContain('old.svg');
    expect(readFileSync(join(fresh, 'index.html'), 'utf8')).not.toBe('old');
    expect(readdirSync(join(fresh, '..'))).toEqual(['article']);
  });
});

describe("numbers.json states the article's numbers as closed forms", () => {
  it('P(S > T) is 0.0224 at the defaults and 0.876 for the slow service', () => {
    expect(toDigits(entry('pSlow.defaults').closedForm.value, 3)).toBe(0.0224);
    expect(toDigits(entry('pSlow.slowService').closedForm.value, 3)).toBe(0.876);
  });

  it('q is 0.0419', () => {
    expect(toDigits(entry('q.defaults').closedForm.value, 3)).toBe(0.0419);
  });

  it('blind retries duplicate 43.8 actions per thousand', () => {
    expect(toDigits(entry('duplicates.blindRetries').closedForm.value, 3)).toBe(43.8);
  });

  it('the key store holds 180,000 keys / 36 MB for 1 h and 4.32 million / 864 MB for 24 h at 50/s', () => {
    expect(entry('keyStore.keys.1h').closedForm.value).toBe(180_000);
    expect(entry('keyStore.bytes.1h').closedForm.value).toBe(36e6);
    expect(entry('keyStore.keys.24h').closedForm.value).toBe(4.32e6);
    expect(entry('keyStore.bytes.24h').closedForm.value).toBe(864e6);
  });

  it('the worked example runs about 2 refunds a second twice: over 170,000 a day', () => {
    expect(Math.round(entry('workedExample.perSecond').closedForm.value)).toBe(2);
    expect(entry('workedExample.perDay').closedForm.value).toBeGreaterThan(170_000);
    expect(entry('workedExample.perDay').expected.value).toBeGreaterThan(170_000);
  });

  it('crash replays: 5 min retention catches 17%, 1 h all', () => {
    expect(Math.round(100 * entry('replayCatch.5m').closedForm.value)).toBe(17);
    expect(entry('replayCatch.1h').closedForm.value).toBe(1);
  });
});

describe('each simulated interval holds the exact expectation', () => {
  const NUMBER_CHECKS = 12;
  const z = standardNormalQuantile(1 - 0.025 / NUMBER_CHECKS);

  it('lists one number per check', () => {
    expect(numbers.size).toBe(NUMBER_CHECKS);
  });

  it.each([
    'pSlow.defaults',
    'q.defaults',
    'duplicates.blindRetries',
    'pSlow.slowService',
    'keyStore.keys.1h',
    'keyStore.bytes.1h',
    'keyStore.keys.24h',
    'keyStore.bytes.24h',
    'workedExample.perSecond',
    'workedExample.perDay',
    'replayCatch.5m',
    'replayCatch.1h',
  ])('%s', (id) => {
    const { expected, simulated: s } = entry(id);
    const interval =
      s.interval.kind === 'share'
        ? clopperPearson(s.interval.successes, s.interval.trials, 0.025 / NUMBER_CHECKS)
        : { low: s.value - (s.high - s.value) * (z / Z975), high: s.value + (s.high - s.value) * (z / Z975) };
    if (interval === null) throw new Error(`${id}: ${JSON.stringify(s.interval)} is no share`);
    // numbers.json rounds to ten significant digits; allow that much on the ends.
    const slack = 1e-9 * Math.max(1, Math.abs(expected.value));
    const message = `${id}: expected ${expected.value} inside [${interval.low}, ${interval.high}]`;
    expect(expected.value, message).toBeGreaterThanOrEqual(interval.low - slack);
    expect(expected.value, message).toBeLessThanOrEqual(interval.high + slack);
  });
});
