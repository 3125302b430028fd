// Every number reports/article/ attributes to the article quotes the article's own words:
// each `article` phrase of numbers.json occurs in the article's text. The article is not
// part of this repository; the test reads it from IDEMSIM_ARTICLE or ../shared/ARTICLE.txt
// beside the checkout, and is skipped (saying why) where neither is there.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const articlePath = process.env['IDEMSIM_ARTICLE'] ?? `${root}../shared/ARTICLE.txt`;
const numbers = (
  JSON.parse(readFileSync(`${root}reports/article/numbers.json`, 'utf8')) as {
    numbers: { id: string; article: string }[];
  }
).numbers;

/** Whitespace folded and typographic quotes and dashes made plain, as a reader would match them. */
const plain = (text: string): string =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ');

// Read here, not in the describe: a skipped describe's body still runs to collect its tests.
const article = existsSync(articlePath) ? plain(readFileSync(articlePath, 'utf8')) : '';

describe.skipIf(article === '')(`the article's words (${articlePath})`, () => {
  it.each(numbers.map((n) => [n.id, n.article]))('%s quotes "%s" from the article', (_, phrase) => {
    expect(article).toContain(plain(phrase));
  });
});

describe('numbers attributed to the article', () => {
  it('each has a phrase to check', () => {
    expect(numbers.length).toBeGreaterThan(0);
    for (const n of numbers) expect(n.article.trim().length, n.id).toBeGreaterThan(0);
  });
});
