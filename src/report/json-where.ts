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
 * and why, on one line.
 */
export function syntaxProblem(source: string, error: unknown): { where: string; reason: string } {
  const message = error instanceof Error ? error.message : String(error);
  const offset = syntaxErrorOffset(source, message);
  // V8's place, now said as line and column; its quote of the text, which may be long (and
  // hold anything, escape sequences included), dropped; an unseen token named by its code.
  const reason = message
    .replace(/(?: in JSON)? at position \d+$/, '')
    .replace(/^Unexpected token '([^]+?)', (?:\.\.\.)?"[^]*$/, (_, token: string) => `Unexpected token ${shown(token)}`)
    .replace(/\s+/g, ' ');
  return { where: offset === undefined ? '' : lineColumn(source, offset), reason };
}

/** A character as a message may show it: itself quoted when it can be seen, else its code point. */
function shown(token: string): string {
  if (/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(token)) return `'${token}'`;
  return [...token]
    .map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`)
    .join(' ');
}

/** The offset JSON.parse's `message` is about: its own position, or where the token or the end it names lies. */
function syntaxErrorOffset(source: string, message: string): number | undefined {
  const at = / at position (\d+)$/.exec(message);
  if (at !== null) return Number(at[1]);
  if (message === 'Unexpected end of JSON input') return source.length;
  const errors: Jsonc.ParseError[] = [];
  jsonc().parse(source, errors, STRICT);
  const first = errors[0]?.offset;
  // "Unexpected token 'X'": X at or after the value jsonc-parser found bad ('tru}' fails at '}').
  const token = /^Unexpected token '([^]+?)'/.exec(message)?.[1];
  const found = token === undefined ? -1 : source.indexOf(token, first ?? 0);
  return found >= 0 ? found : first;
}

/**
 * Where (":LINE:COLUMN") the value at `path` lies, a reader's path such as
 * "runs[2].metrics.attempts" (ShapeError's), or, for a member that is missing, the object
 * that should hold it; "" when the text is not JSON.
 */
export function pathWhere(source: string, path: string): string {
  const errors: Jsonc.ParseError[] = [];
  const root = jsonc().parseTree(source, errors, STRICT);
  if (root === undefined || errors.length > 0) return '';
  let node: Jsonc.Node = root;
  let rest = path === 'the document' ? '' : path;
  while (rest !== '') {
    const next = child(node, rest);
    if (next === undefined) break;
    node = next.node;
    rest = next.rest.startsWith('.') ? next.rest.slice(1) : next.rest;
  }
  return lineColumn(source, node.offset);
}

/** The child of `node` the path `rest` goes to first, and what is left of the path after it. */
function child(node: Jsonc.Node, rest: string): { node: Jsonc.Node; rest: string } | undefined {
  const children = node.children ?? [];
  if (node.type === 'array') {
    const index = /^\[(\d+)\]/.exec(rest);
    const element = index === null ? undefined : children[Number(index[1])];
    return element === undefined || index === null ? undefined : { node: element, rest: rest.slice(index[0].length) };
  }
  if (node.type !== 'object') return undefined;
  // The longest key the path goes on from: a key may itself hold a dot.
  let best: { node: Jsonc.Node; rest: string } | undefined;
  let bestLength = -1;
  for (const property of children) {
    const [key, value] = property.children ?? [];
    const name = key?.value as unknown;
    if (typeof name !== 'string' || value === undefined || name.length <= bestLength) continue;
    const after = rest.slice(name.length);
    if (rest.startsWith(name) && (after === '' || after.startsWith('.') || after.startsWith('['))) {
      best = { node: value, rest: after };
      bestLength = name.length;
    }
  }
  return best;
}

/** ":LINE:COLUMN" of `offset` in `source`. */
function lineColumn(source: string, offset: number): string {
  const before = source.slice(0, Math.min(offset, source.length));
  const lineStart = before.lastIndexOf('\n') + 1;
  let line = 1;
  for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) line++;
  return `:${line}:${before.length - lineStart + 1}`;
}
