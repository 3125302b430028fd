// Where in a JSON document a problem lies, as "LINE:COLUMN" (both from 1, columns in UTF-16
// units as editors count them), for the one-line errors of the files idemsim reads back
// (parts, saved runs, summaries). JSON.parse says where only for some errors, and a
// ShapeError names a path, not a place; jsonc-parser (a scanner and parser that keeps
// offsets) finds both. It is loaded only when a document is refused, so reading a good one
// costs nothing more.
import { createRequire } from 'node:module';
import type * as Jsonc from 'jsonc-parser';

const STRICT: Jsonc.ParseOptions = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

function jsonc(): typeof Jsonc {
  return createRequire(import.meta.url)('jsonc-parser') as typeof Jsonc;
}

/**
 * A JSON.parse error of `source`: where (":LINE:COLUMN", or "" where no place is known)
 * and why, on one line. V8's own position is kept; where it gives none, the place is
 * found, and the reason names the character there (V8 quotes the text, which may be long
 * and hold anything, escape sequences included).
 */
export function syntaxProblem(source: string, error: unknown): { where: string; reason: string } {
  const message = error instanceof Error ? error.message : String(error);
  const at = / at position (\d+)$/.exec(message);
  let offset: number | undefined;
  let reason: string;
  if (at !== null) {
    offset = Number(at[1]);
    reason = message.slice(0, at.index).replace(/ in JSON$/, '');
  } else if (message === 'Unexpected end of JSON input') {
    offset = source.length;
    reason = message;
  } else {
    // "Unexpected token 'X', "..." is not valid JSON" and ""NaN" is not valid JSON".
    offset = tokenOffset(source, message);
    reason =
      offset === undefined
        ? 'not a JSON document'
        : offset >= source.length
          ? 'Unexpected end of JSON input'
          : `Unexpected token ${shown(String.fromCodePoint(source.codePointAt(offset) as number))}`;
  }
  return { where: offset === undefined ? '' : lineColumn(source, offset), reason: reason.replace(/\s+/g, ' ') };
}

/** A character as a message may show it: itself quoted when it can be seen, else its code point. */
function shown(character: string): string {
  if (/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(character)) return `'${character}'`;
  return `U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Where V8 met the token its message names (it gives no position for one). */
function tokenOffset(source: string, message: string): number | undefined {
  let first: number | undefined;
  try {
    const errors: Jsonc.ParseError[] = [];
    jsonc().parse(source, errors, STRICT);
    first = errors[0]?.offset;
  } catch {
    // jsonc-parser recurses: a document nested some thousands deep overflows its stack.
    first = undefined;
  }
  const start = first ?? 0;
  // A literal V8 reads letter by letter ("tru}", "nulnull") fails at its first wrong letter.
  const word = ['true', 'false', 'null'].find((w) => w[0] === source[start]);
  if (word !== undefined) {
    let i = 1;
    while (i < word.length && source[start + i] === word[i]) i++;
    if (i < word.length) return start + i;
  }
  const token = /^Unexpected token '([^]+?)'/.exec(message)?.[1];
  const found = token === undefined ? -1 : source.indexOf(token, start);
  return found >= 0 ? found : first;
}

/** How deep pathWhere follows a path. */
const MAX_DEPTH = 1000;

/**
 * Where (":LINE:COLUMN") the value at `path` lies, a reader's path such as
 * "runs[2].metrics.attempts" (ShapeError's), or, for a member that is missing, the object
 * that should hold it; "" when the text cannot be read. The document is scanned, not
 * built, and what lies off the path is skipped, so a file of hundreds of megabytes costs
 * a scan.
 */
export function pathWhere(source: string, path: string): string {
  const target = path === 'the document' ? '' : path;
  let best = -1;
  let bestLength = -1;
  let broken = false;
  // Each level reads its whole path, so a path thousands deep would cost its depth squared:
  // past MAX_DEPTH (deeper than any file idemsim writes or JSON.parse reads) there is no place.
  let depth = 0;
  const enter = (): void => {
    if (++depth > MAX_DEPTH) throw new RangeError('nested too deep');
  };
  const consider = (segments: Jsonc.JSONPath, offset: number): boolean => {
    const text = pathText(segments);
    const next = target[text.length];
    if (!(target.startsWith(text) && (text === '' || next === undefined || next === '.' || next === '['))) return false;
    // At the same depth the later wins: JSON.parse keeps a repeated key's last value.
    if (text.length >= bestLength) {
      best = offset;
      bestLength = text.length;
    }
    return true;
  };
  try {
    jsonc().visit(
      source,
      {
        // A begin that returns false skips its object or list, whose end still comes once.
        onObjectBegin: (offset, _length, _line, _column, segments) => {
          enter();
          return consider(segments(), offset);
        },
        onArrayBegin: (offset, _length, _line, _column, segments) => {
          enter();
          return consider(segments(), offset);
        },
        onLiteralValue: (_value, offset, _length, _line, _column, segments) => {
          consider(segments(), offset);
        },
        // jsonc-parser resumes after a skipped object or list in these (without them, never).
        onObjectEnd: () => {
          depth--;
        },
        onArrayEnd: () => {
          depth--;
        },
        onError: () => {
          broken = true;
        },
      },
      STRICT,
    );
  } catch {
    return '';
  }
  return best < 0 || broken ? '' : lineColumn(source, best);
}

/** A JSON path as the readers write it: keys joined by dots, indexes in brackets. */
function pathText(segments: Jsonc.JSONPath): string {
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}

/** ":LINE:COLUMN" of `offset` in `source`; a line ends at LF, CRLF or a lone CR, as editors count. */
function lineColumn(source: string, offset: number): string {
  const end = Math.min(offset, source.length);
  let line = 1;
  let start = 0;
  const breaks = /\r\n?|\n/g;
  for (let m = breaks.exec(source); m !== null && m.index + m[0].length <= end; m = breaks.exec(source)) {
    line++;
    start = m.index + m[0].length;
  }
  return `:${line}:${end - start + 1}`;
}
