// The latency CSV reader: RFC 4180 records (quotes, doubled quotes, CRLF, a BOM, line breaks
// inside quotes) under the conventions fit-latency always had (one latency a line, or a
// "latency" or "ms" column), every problem located at FILE:LINE:COL.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/cli/errors.js';
import { readLatency } from '../../src/cli/fit-latency-bounds.js';
import { quote, shownFile } from '../../src/cli/fit-latency-text.js';
import { type CsvField, MAX_CSV_FIELDS, forEachRecord } from '../../src/cli/latency-csv.js';
import { MAX_CSV_LINES, parseLatencies } from '../../src/cli/latency-csv-read.js';
import { DURATION_UNITS, parseQuantity } from '../../src/scenario/units.js';

const fail = (line: number, col: number, reason: string): never => {
  throw new Error(`${line}:${col}: ${reason}`);
};

/** Each record's fields as [text, line, col]. */
function records(text: string): [string, number, number][][] {
  const out: [string, number, number][][] = [];
  forEachRecord(text, (fields: CsvField[]) => out.push(fields.map((f) => [f.text, f.line, f.col])), fail);
  return out;
}

const latencies = (text: string): number[] => Array.from(parseLatencies(text, 'f.csv'));

/** The one-line message parseLatencies throws for `text`. */
function refusal(text: string): string {
  try {
    parseLatencies(text, 'f.csv');
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(text)}`);
}

describe('forEachRecord reads RFC 4180', () => {
  it('splits unquoted fields on commas and records on LF or CRLF, keeping each position', () => {
    expect(records('a,b\r\nc,d\ne')).toEqual([
      [
        ['a', 1, 1],
        ['b', 1, 3],
      ],
      [
        ['c', 2, 1],
        ['d', 2, 3],
      ],
      [['e', 3, 1]],
    ]);
  });

  it('reads a quoted field with commas, doubled quotes and a line break, and counts the line', () => {
    expect(records('"a,b","say ""hi""","two\r\nlines"\r\nnext')).toEqual([
      [
        ['a,b', 1, 1],
        ['say "hi"', 1, 7],
        ['two\r\nlines', 1, 20],
      ],
      [['next', 3, 1]],
    ]);
  });

  it('skips a byte order mark and keeps empty fields', () => {
    expect(records('\ufeffms,,""\n')).toEqual([
      [
        ['ms', 1, 1],
        ['', 1, 4],
        ['', 1, 5],
      ],
    ]);
  });

  it('allows blanks around a quoted field, and places the field at its quote', () => {
    expect(records('  "1ms" ,\t"2ms"\n')).toEqual([
      [
        ['1ms', 1, 3],
        ['2ms', 1, 11],
      ],
    ]);
  });

  it('refuses a quoted field that is never closed, at its opening quote', () => {
    expect(() => records('ms\n1\n  "2\n3\n')).toThrow(/^3:3: this quoted field is never closed/);
  });

  it('refuses text after a closing quote, naming the character', () => {
    expect(() => records('"1"x,2')).toThrow(/^1:4: 'x' after the closing quote/);
    expect(() => records('"1"\u0007')).toThrow(/^1:4: U\+0007 after the closing quote/);
  });

  it(`refuses a row of more than ${MAX_CSV_FIELDS} fields`, () => {
    expect(() => records(','.repeat(MAX_CSV_FIELDS))).toThrow(/more than 1000 fields in one row/);
    expect(records(','.repeat(MAX_CSV_FIELDS - 1))[0]).toHaveLength(MAX_CSV_FIELDS);
  });

  it('reads back any fields written the RFC 4180 way', () => {
    const write = (field: string): string => `"${field.replaceAll('"', '""')}"`;
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom('\n', '\r\n'),
        (rows, eol) => {
          const text = rows.map((row) => row.map(write).join(',')).join(eol);
          expect(records(text).map((row) => row.map(([t]) => t))).toEqual(rows);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('parseLatencies keeps the conventions of fit-latency', () => {
  it('reads one latency a line, blank lines skipped, a header optional', () => {
    expect(latencies('350\n\n1.2s\n 40ms \n')).toEqual([350, 1200, 40]);
    expect(latencies('duration\n350\n1.2s')).toEqual([350, 1200]);
  });

  it('reads the "latency" or "ms" column named by a quoted header, through a BOM and CRLF', () => {
    const text = '\ufeff"tool","Latency"\r\n"re""fund","300ms"\r\n"a\r\nb",1.2s\r\nx, "450" \r\n';
    expect(latencies(text)).toEqual([300, 1200, 450]);
    expect(latencies('id,ms\n1,5\n2,7\n')).toEqual([5, 7]);
  });

  it('places a bad cell after a quoted line break on its own line and column', () => {
    expect(refusal('note,ms\n"two\nlines",5\nx,slow\n')).toMatch(/^f\.csv:4:3: "slow" is not a latency/);
  });

  it('refuses several columns without a header, and a header without a latency column', () => {
    expect(refusal('1,2\n3,4\n')).toMatch(/^f\.csv:1:1: 2 columns and no header/);
    expect(refusal('tool,when\nx,1\n')).toMatch(/^f\.csv:1:1: no "latency" or "ms" column among "tool", "when"$/);
  });

  it('takes no NaN or Infinity in the first row for a header: it is a cell that is not finite', () => {
    expect(refusal('NaN\n300\n400\n')).toMatch(/^f\.csv:1:1: "NaN" is not a finite latency/);
    expect(refusal('Infinity\n300\n')).toMatch(/^f\.csv:1:1: "Infinity" is not a finite latency/);
  });

  it('names a row that has no latency field', () => {
    expect(refusal('tool,ms\nx,5\ny\n')).toMatch(
      /^f\.csv:3:1: no latency in this row: it has 1 field, the latency is field 2$/,
    );
  });

  it(`takes ${MAX_CSV_LINES.toLocaleString('en-US')} lines and refuses one more before reading any cell`, () => {
    expect(parseLatencies('7\n'.repeat(MAX_CSV_LINES), 'f.csv')).toHaveLength(MAX_CSV_LINES);
    const over = `0\n${'7\n'.repeat(MAX_CSV_LINES)}`;
    expect(refusal(over)).toBe(
      'f.csv:10000001:1: more than 10,000,000 lines, the most a latency CSV may have; fit a random sample of its rows (e.g. shuf -n 1000000)',
    );
  });
});

describe('readLatency', () => {
  it('reads 350, 350ms and 1.2s as parseQuantity does, to the last bit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^(\d{1,6}(\.\d{0,6})?|\.\d{1,6})$/),
        fc.constantFrom('', 'ms', 's', 'm', 'h', 'd', ' ms'),
        (number, unit) => {
          const text = `${number}${unit}`;
          const q = parseQuantity(text, DURATION_UNITS);
          const expected = q.kind === 'ok' ? q.value : Number(number);
          const ms = readLatency(text);
          if (typeof ms === 'number') expect(ms).toBe(expected);
          else expect(expected < 1e-6 || expected > 1e9).toBe(true);
        },
      ),
      { seed: 11, numRuns: 1000 },
    );
  });
});

describe('input shown in a message', () => {
  it('is cut to 40 characters and quoted, its controls escaped', () => {
    expect(quote('x'.repeat(10_000_000))).toBe(`"${'x'.repeat(40)}..."`);
    expect(quote('a\nb\u0007\u001b[31m\u0085\u2028\u202e')).toBe('"a\\nb\\u0007\\u001b[31m\\u0085\\u2028\\u202e"');
  });

  it('is not cut between the halves of a surrogate pair', () => {
    expect(quote(`${'x'.repeat(39)}😀tail`)).toBe(`"${'x'.repeat(39)}..."`);
  });

  it('shows a file name as written unless it holds a control character', () => {
    expect(shownFile('data/latencies.csv')).toBe('data/latencies.csv');
    expect(shownFile('a\nb.csv')).toBe('"a\\nb.csv"');
  });
});
