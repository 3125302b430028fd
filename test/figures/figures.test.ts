// `idemsim figures` reproduces the committed reports/article/ (byte for byte, but for the
// PNGs: see below), writes a PNG beside every SVG, says beside a number why it differs from
// another of the same quantity, states the article's numbers as its closed forms, and each
// simulated interval holds the exact expectation of what it counts.
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
import { renderPng } from '../../src/report/png.js';
import { Z975 } from '../../src/stats/welford.js';
import { clopperPearson } from '../../src/stats/exact.js';
import { captured } from '../cli/sinks.js';

const COMMITTED = fileURLToPath(new URL('../../reports/article/', import.meta.url));
const REGENERATE =
  'run `npx idemsim figures` (or `node bin/idemsim.js figures` after `npm run build`) and commit reports/article/';

interface NumberEntry {
  id: string;
  article: string;
  closedForm: { value: number; formula: string; text: string };
  expected: { value: number; text: string };
  measured?: { store: string; recordBytes: number; keys: number; text: string }[];
  aside?: string;
  simulated: {
    text: string;
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

/** A PNG's width and height, from its IHDR chunk; throws on a file that is no PNG. */
function pngSize(path: string): [number, number] {
  const png = readFileSync(path);
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error(`${path} does not start with the PNG signature`);
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error(`${path} has no IHDR chunk first`);
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** Text as index.html writes it. */
const html = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#39;');

/** The number's row in index.html and what follows it, up to the next number's row. */
function rowOf(page: string, index: number): string {
  const start = page.indexOf(`<td>${index}</td>`);
  const end = page.indexOf(`<td>${index + 1}</td>`, start);
  if (start < 0) throw new Error(`index.html has no row ${index}`);
  return page.slice(start, end < 0 ? page.indexOf('</tbody>', start) : end);
}

/** x to `digits` significant digits, as the article writes it. */
const toDigits = (x: number, digits: number): number => Number(x.toPrecision(digits));

describe('idemsim figures', () => {
  it('writes exactly the files committed in reports/article/', () => {
    const committed = readdirSync(COMMITTED).sort();
    const written = readdirSync(fresh).sort();
    expect(written, `reports/article/ holds other files than figures writes: ${REGENERATE}`).toEqual(committed);
  });

  // A PNG's pixels depend on the fonts of the machine that draws it (DejaVu Sans, the charts'
  // first font, here), so the committed PNGs are held to their size, and their bytes to their
  // SVG's (below): the SVG is compared byte for byte, and the same SVG draws the same PNG.
  it('reproduces every committed file byte for byte, and every PNG at its size', () => {
    const names = readdirSync(fresh).sort();
    const stale = names
      .filter((name) => !name.endsWith('.png'))
      .filter((name) => !readFileSync(join(fresh, name)).equals(readFileSync(join(COMMITTED, name))));
    expect(stale, `reports/article/ is out of date (${stale.join(', ')}): ${REGENERATE}`).toEqual([]);
    const resized = names
      .filter((name) => name.endsWith('.png'))
      .filter((name) => !pngSize(join(fresh, name)).every((n, i) => n === pngSize(join(COMMITTED, name))[i]));
    expect(resized, `reports/article/ holds PNGs of another size (${resized.join(', ')}): ${REGENERATE}`).toEqual([]);
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

describe('a PNG beside every SVG', () => {
  const svgs = (): string[] => readdirSync(fresh).filter((name) => name.endsWith('.svg'));

  it('writes NAME.png for each NAME.svg, and no other PNG', () => {
    const pngs = readdirSync(fresh).filter((name) => name.endsWith('.png'));
    expect(svgs().length).toBeGreaterThan(0);
    expect(pngs.sort()).toEqual(
      svgs()
        .map((name) => name.replace(/svg$/, 'png'))
        .sort(),
    );
  });

  it('each is a PNG twice the width and height of its SVG', () => {
    for (const name of svgs()) {
      const svg = readFileSync(join(fresh, name), 'utf8');
      const size = /^<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg);
      expect(size, `${name}: no width and height`).not.toBeNull();
      expect(pngSize(join(fresh, name.replace(/svg$/, 'png'))), name).toEqual([
        2 * Number(size?.[1]),
        2 * Number(size?.[2]),
      ]);
    }
  });

  it('each is the same bytes when its SVG is drawn again', () => {
    for (const name of svgs()) {
      const again = Buffer.from(renderPng(readFileSync(join(fresh, name), 'utf8')));
      expect(again.equals(readFileSync(join(fresh, name.replace(/svg$/, 'png')))), name).toBe(true);
    }
  });

  it("links each figure's PNG from the page, and lists it among the files", () => {
    const page = readFileSync(join(fresh, 'index.html'), 'utf8');
    for (const name of svgs()) {
      const png = name.replace(/svg$/, 'png');
      expect(page).toContain(`<a href="${name}">SVG</a> · <a href="${png}">PNG</a> · `);
      expect(page).toContain(`<li><a href="${png}">${png}</a>: `);
    }
  });
});

describe('each number explains itself beside it', () => {
  const read = (name: string): string => readFileSync(join(fresh, name), 'utf8');
  const value = (n: NumberEntry): string => n.simulated.text.split(' [')[0] ?? '';
  const rowIndex = (id: string): number => [...numbers.keys()].indexOf(id) + 1;

  it("the three counts of duplicates a day with no key, under the table's row and Figure 5", () => {
    const perDay = entry('workedExample.perDay');
    // The article's arithmetic: rate x q rounded to a whole percent x 86,400 s.
    const rate = Number(/^(\d+)\/s/.exec(perDay.closedForm.formula)?.[1]);
    const q = perDay.closedForm.value / (rate * 86_400);
    const articleQ = Math.round(100 * q);
    const article = (rate * articleQ * 86_400) / 100;
    const firstBar = (
      JSON.parse(read('worked-example.vl.json')) as { layer: { data?: { values: { text: string }[] } }[] }
    ).layer[1]?.data?.values[0]?.text;
    const counts = [
      `The article's arithmetic gives ${article.toLocaleString('en-US')}: ${rate}/s x q rounded to ${articleQ}% x 86,400 s`,
      `the closed form, ${perDay.closedForm.text}, keeps q`,
      `This row's ${value(perDay)} simulates refunds-1-no-key.yaml with its re-plans and crash replays off`,
      `(expected ${perDay.expected.text})`,
      `The worked-example chart's ${firstBar ?? 'its first bar'} is refunds-1-no-key.yaml as committed`,
    ];
    expect(perDay.aside).toBeDefined();
    for (const text of counts) expect(perDay.aside).toContain(text);
    expect(rowOf(read('index.html'), rowIndex('workedExample.perDay'))).toContain(
      `</tr>\n<tr class="aside"><td></td><td colspan="5">${html(perDay.aside ?? '')}</td></tr>`,
    );
    const caption = /<figure id="chart-worked-example">[^]*?<\/figcaption>/.exec(read('index.html'))?.[0] ?? '';
    expect(caption).toContain(`With no key, ${firstBar ?? 'its first bar'} refunds a day run twice`);
    expect(caption).toContain(`the numbers table&#39;s ${value(perDay)}, which simulates refunds-1-no-key.yaml`);
    expect(caption).toContain(`${rate}/s x ${articleQ}% x 86,400 s = ${article.toLocaleString('en-US')}`);
    expect(read('numbers.md')).toContain(
      `- **Row ${rowIndex('workedExample.perDay')}** (article: "${perDay.article}"): ${perDay.aside ?? ''}`,
    );
  });

  it.each(['keyStore.bytes.1h', 'keyStore.bytes.24h'])(
    "%s: the sizes measured stores give, beside the article's",
    (id) => {
      const n = entry(id);
      const keys = numbers.get(id.replace('bytes', 'keys'));
      expect(n.measured?.length).toBeGreaterThan(0);
      for (const m of n.measured ?? []) {
        expect(m.keys).toBe(keys?.simulated.value);
        expect(n.aside).toContain(`${m.text} in ${m.store} (${m.recordBytes} B a record)`);
      }
      expect(n.aside).toContain(
        `this run's ${Math.round(n.measured?.[0]?.keys ?? 0).toLocaleString('en-US')} live keys`,
      );
      expect(rowOf(read('index.html'), rowIndex(id))).toContain(`<td>${html(n.article)}</td>`);
      expect(rowOf(read('index.html'), rowIndex(id))).toContain('<tr class="aside">');
      const caption = /<figure id="chart-retention">[^]*?<\/figcaption>/.exec(read('index.html'))?.[0] ?? '';
      for (const m of n.measured ?? []) expect(caption).toContain(m.text);
    },
  );
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
