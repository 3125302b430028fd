// One printed line about a saved file stays short whatever it quotes: at most 300
// characters after the terminal escapes, its start and end kept, no escape sequence or
// surrogate pair cut in two.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE, shortLine, shortLines } from '../../src/saved/line.js';
import { terminalText } from '../../src/report/text.js';

/** Text with controls, bidirectional marks, astral characters and backslashes among plain ones. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom('\u001b', '\u202e', '\u2066', '\n', '\t', '\u0085', '😀', '\\', '\\u', 'é', ':'),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 10 }),
    ),
    { maxLength: 400 },
  )
  .map((parts) => parts.join(''));

/** Whether cutting `escaped` at `cut` splits one of terminalText's escapes (\\uXXXX, \\n, \\r, \\t). */
function splitsEscape(escaped: string, cut: number): boolean {
  for (const match of escaped.matchAll(/\\(?:u[0-9a-fA-F]{4}|[nrt])/g)) {
    if (match.index < cut && cut < match.index + match[0].length) return true;
  }
  return false;
}

/** Whether every surrogate in `s` is half of a pair. */
function wellFormed(s: string): boolean {
  return !/\p{Surrogate}/u.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''));
}

describe('shortLine', () => {
  it('leaves a line of at most 300 characters as it is', () => {
    const line = `part.json:3:7: ${'x'.repeat(MAX_LINE - 15)}`;
    expect(line).toHaveLength(MAX_LINE);
    expect(shortLine(line)).toBe(line);
  });

  it('keeps the start and the end of a longer one, with an ellipsis between', () => {
    const line = `part.json:239:70013: points[0].metrics.${'k'.repeat(70_000)}: not a metric of this idemsim`;
    const short = shortLine(line);
    expect(short).toHaveLength(MAX_LINE);
    expect(short.startsWith('part.json:239:70013: points[0].metrics.kkk')).toBe(true);
    expect(short.endsWith('kkk: not a metric of this idemsim')).toBe(true);
    expect(short).toContain(' … ');
  });

  it('cuts no escape in two', () => {
    const line = '\u001b'.repeat(1000);
    const short = shortLine(terminalText(line));
    expect(short.length).toBeLessThanOrEqual(MAX_LINE);
    expect(short.replace(' … ', '')).toMatch(/^(\\u001b)+$/);
  });

  it('is at most 300 characters, escaped, well formed and starting as the line does, for any text', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const escaped = terminalText(text);
        const [short] = shortLines([text], terminalText);
        if (short === undefined) throw new Error('no line');
        expect(short.length).toBeLessThanOrEqual(MAX_LINE);
        expect(terminalText(short)).toBe(short);
        if (wellFormed(text)) expect(wellFormed(short)).toBe(true);
        if (escaped.length <= MAX_LINE) expect(short).toBe(escaped);
        else {
          const [head = '', tail = ''] = short.split(' … ');
          expect(escaped.startsWith(head)).toBe(true);
          expect(escaped.endsWith(tail)).toBe(true);
          // No escape spans either cut.
          for (const cut of [head.length, escaped.length - tail.length]) expect(splitsEscape(escaped, cut)).toBe(false);
        }
      }),
      { seed: 3005, numRuns: 500 },
    );
  });
});
