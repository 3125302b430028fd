// The records of a CSV text as RFC 4180 writes them: fields split by commas, records by
// CRLF or LF, a field in double quotes may hold commas, line breaks and doubled quotes ("").
// It walks the string once and hands over one record at a time, so a 64 MB file of tiny
// rows never becomes millions of line strings at once.

/** Most fields one record may hold: a header is kept whole, so its width is capped. */
export const MAX_CSV_FIELDS = 1_000;

export interface CsvField {
  /** The field without its quotes, "" read as ", and nothing trimmed. */
  text: string;
  /** 1-based line and column (UTF-16 units) where the field starts, after leading blanks. */
  line: number;
  col: number;
}

/** Where and why the text is not CSV; `fail` throws, so no record follows it. */
export type CsvFail = (line: number, col: number, reason: string) => never;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const BOM = 0xfeff;

/** What a character is called in a message: itself when plainly printable, else its code point. */
function named(code: number): string {
  const plain = code >= 0x20 && code < 0x7f;
  return plain ? `'${String.fromCharCode(code)}'` : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * text.slice(from, to) with each "" read as ": written as UTF-16LE into one buffer, since
 * replaceAll builds a piece per pair, and a 40 MB field of pairs cost seconds and hundreds
 * of megabytes in the garbage collector. (UTF-16LE decoding keeps every unit as it is.)
 */
function unescaped(text: string, from: number, to: number): string {
  const bytes = Buffer.allocUnsafe(2 * (to - from));
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    bytes[n++] = c & 0xff;
    bytes[n++] = c >> 8;
    if (c === QUOTE) i++; // the second quote of the pair
  }
  return bytes.toString('utf16le', 0, n);
}

/**
 * Calls `visit` with the fields of each record, in order (the array is the visitor's to
 * keep). A leading byte order mark is skipped. Blanks around a quoted field are allowed, as
 * most spreadsheets write none but people do; a lone CR is part of a field, as RFC 4180 has it.
 */
export function forEachRecord(text: string, visit: (fields: CsvField[]) => void, fail: CsvFail): void {
  const end = text.length;
  let pos = text.charCodeAt(0) === BOM ? 1 : 0;
  let line = 1;
  let lineStart = pos;
  while (pos < end) {
    const fields: CsvField[] = [];
    for (;;) {
      let start = pos;
      while (text.charCodeAt(start) === SPACE || text.charCodeAt(start) === TAB) start++;
      const col = start - lineStart + 1;
      if (fields.length === MAX_CSV_FIELDS) {
        fail(line, col, `more than ${MAX_CSV_FIELDS} fields in one row, the most a latency CSV may have`);
      }
      const fieldLine = line;
      if (text.charCodeAt(start) === QUOTE) {
        let close = text.indexOf('"', start + 1);
        let doubled = false;
        while (close >= 0 && text.charCodeAt(close + 1) === QUOTE) {
          doubled = true;
          close = text.indexOf('"', close + 2);
        }
        if (close < 0) {
          fail(line, col, 'this quoted field is never closed; end it with a " (write a quote inside it as "")');
        }
        // A scan of the field itself: indexOf('\n') could run on to the end of the text once per field.
        for (let i = start + 1; i < close; i++) {
          if (text.charCodeAt(i) === LF) {
            line++;
            lineStart = i + 1;
          }
        }
        const inner = doubled ? unescaped(text, start + 1, close) : text.slice(start + 1, close);
        fields.push({ text: inner, line: fieldLine, col });
        pos = close + 1;
        while (text.charCodeAt(pos) === SPACE || text.charCodeAt(pos) === TAB) pos++;
        const next = text.charCodeAt(pos);
        const ends = pos >= end || next === COMMA || next === LF || (next === CR && text.charCodeAt(pos + 1) === LF);
        if (!ends) {
          fail(
            line,
            pos - lineStart + 1,
            `${named(next)} after the closing quote of a field; write a quote inside a quoted field as ""`,
          );
        }
      } else {
        let stop = start;
        for (let c = text.charCodeAt(stop); stop < end && c !== COMMA && c !== LF; c = text.charCodeAt(++stop));
        const crlf = text.charCodeAt(stop) === LF && text.charCodeAt(stop - 1) === CR && stop > pos;
        fields.push({ text: text.slice(pos, crlf ? stop - 1 : stop), line: fieldLine, col });
        pos = stop;
      }
      if (text.charCodeAt(pos) !== COMMA) break;
      pos++;
    }
    if (text.charCodeAt(pos) === CR) pos++;
    if (pos < end) {
      pos++; // the LF
      line++;
      lineStart = pos;
    }
    visit(fields);
  }
}
