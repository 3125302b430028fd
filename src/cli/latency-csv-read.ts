// The observed latencies of a CSV file, for `fit-latency --from`: one a line, or the column
// a header names. Every limit is known before the work: the file's bytes before it is read,
// its lines before it is parsed, and the latencies land in one Float64Array of that size.
import { resolve } from 'node:path';
import { formatCount } from '../format/format.js';
import { InputError } from './errors.js';
import { looksNumeric, readLatency } from './fit-latency-bounds.js';
import { quote, shownFile } from './fit-latency-text.js';
import { type CsvFail, type CsvField, forEachRecord } from './latency-csv.js';
import { readBoundedOrFail } from './read-bounded.js';

/** A latency CSV is a few bytes a line: 64 MiB is millions of calls. */
export const MAX_CSV_BYTES = 64 * 1024 * 1024;
/**
 * Most lines a latency CSV may have (a header, blank lines and line breaks inside quoted
 * fields count): ten million calls pin the fit far below the error of the lognormal model
 * itself, and hold the latencies in 80 MB.
 */
export const MAX_CSV_LINES = 10_000_000;
/** The column names that hold the latency when there are several. */
const NAMES = ['latency', 'ms'];
/** How many header names an error lists. */
const LISTED = 5;

/** Lines of `text`, counted only as far as one past `limit`. */
function lineCount(text: string, limit: number): number {
  let breaks = 0;
  for (let i = text.indexOf('\n'); i >= 0 && breaks <= limit; i = text.indexOf('\n', i + 1)) breaks++;
  return breaks + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);
}

const blank = (fields: readonly CsvField[]): boolean => fields.every((f) => f.text.trim() === '');

/** The first row's column names, for a message: the first few, each quoted and cut. */
function listed(fields: readonly CsvField[]): string {
  const names = fields.slice(0, LISTED).map((f) => quote(f.text.trim(), 20));
  const more = fields.length - LISTED;
  return more > 0 ? `${names.join(', ')} and ${formatCount(more)} more` : names.join(', ');
}

/** The column of the first row that holds the latency, or undefined when it is not a header. */
function headerColumn(fields: readonly CsvField[], file: string): number | undefined {
  const isHeader = fields.some((f) => {
    const text = f.text.trim();
    return typeof readLatency(text) === 'string' && !looksNumeric(text);
  });
  const { line } = fields[0] as CsvField;
  if (!isHeader) {
    if (fields.length === 1) return undefined;
    throw new InputError(
      `${file}:${line}:1: ${fields.length} columns and no header; add one naming the "latency" or "ms" column`,
    );
  }
  if (fields.length === 1) return 0;
  const column = fields.findIndex((f) => NAMES.includes(f.text.trim().toLowerCase()));
  if (column < 0) throw new InputError(`${file}:${line}:1: no "latency" or "ms" column among ${listed(fields)}`);
  return column;
}

/**
 * The latencies of a CSV (RFC 4180; a byte order mark and LF line ends are fine): one per
 * line, or a header naming a `latency` or `ms` column (any header will do for a single
 * column). Blank rows are skipped; a bad cell is an error naming FILE:LINE:COL, since a
 * fit that silently drops rows fits a different service. `file` is the name messages show.
 */
export function parseLatencies(text: string, file: string): Float64Array {
  const lines = lineCount(text, MAX_CSV_LINES);
  if (lines > MAX_CSV_LINES) {
    throw new InputError(
      `${file}:${MAX_CSV_LINES + 1}:1: more than ${formatCount(MAX_CSV_LINES)} lines, the most a latency CSV may have; fit a random sample of its rows (e.g. shuf -n 1000000)`,
    );
  }
  const values = new Float64Array(lines);
  let n = 0;
  let column: number | undefined;
  let decided = false;
  const fail: CsvFail = (line, col, reason) => {
    throw new InputError(`${file}:${line}:${col}: ${reason}`);
  };
  forEachRecord(
    text,
    (fields) => {
      if (blank(fields)) return;
      if (!decided) {
        decided = true;
        column = headerColumn(fields, file);
        if (column !== undefined) return;
      }
      const cell = fields[column ?? 0];
      if (cell === undefined) {
        const last = fields[fields.length - 1] as CsvField;
        fail(
          last.line,
          last.col,
          `no latency in this row: it has ${fields.length} field${fields.length === 1 ? '' : 's'}, the latency is field ${(column ?? 0) + 1}`,
        );
      }
      const ms = readLatency(cell.text.trim());
      if (typeof ms === 'string') fail(cell.line, cell.col, ms);
      values[n++] = ms;
    },
    fail,
  );
  if (!decided) throw new InputError(`${file}: no latencies; write one per line, e.g. 350ms`);
  if (n < 2) throw new InputError(`${file}: ${n} latenc${n === 1 ? 'y' : 'ies'}; a fit needs two or more`);
  return values.subarray(0, n);
}

/** The latencies of the CSV at `file` (relative to `cwd`), read within MAX_CSV_BYTES. */
export function readLatencies(file: string, cwd: string): Float64Array {
  const shown = shownFile(file);
  const text = readBoundedOrFail(resolve(cwd, file), shown, MAX_CSV_BYTES, 'a latency CSV');
  return parseLatencies(text, shown);
}
