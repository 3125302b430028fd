// Small readers of parsed JSON: each checks one value's shape and returns a typed copy,
// or throws a ShapeError naming where it is and what was expected. Records are copied
// in the order of their shape, so reading a document also puts its keys in canonical order.
import { pathWhere, syntaxProblem } from './json-where.js';

export class ShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'ShapeError';
  }
}

export type Reader<T> = (value: unknown, path: string) => T;

function expected(what: string, value: unknown, path: string): ShapeError {
  return new ShapeError(path, `expected ${what}; found ${describe(value)}`);
}

/** A found value as a reader would recognise it: short JSON for scalars, a kind for the rest. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

export const finite: Reader<number> = (value, path) => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw expected('a number', value, path);
};

/** A metric or interval bound: JSON writes a non-finite number (a mean over nothing) as null. */
export const numberOrNull: Reader<number> = (value, path) => (value === null ? Number.NaN : finite(value, path));

export const count: Reader<number> = (value, path) => {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  throw expected('a whole number >= 0', value, path);
};

/**
 * C0 and C1 controls, DEL, the Unicode line and paragraph separators, the bidirectional
 * embeddings, overrides and isolates, U+FFFE and U+FFFF:
 * the characters a scenario's text may not hold either (scenario/kinds.ts).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]/;

/**
 * A line of text: a name, a version, a field path. A saved file is read as its writer
 * wrote it, and idemsim never writes a control character into one: a file that holds one
 * was edited, and is refused as a scenario holding one is.
 */
export const text: Reader<string> = (value, path) => {
  if (typeof value !== 'string') throw expected('a string', value, path);
  const bad = CONTROL.exec(value);
  if (bad === null) return value;
  const code = value.charCodeAt(bad.index).toString(16).toUpperCase().padStart(4, '0');
  throw new ShapeError(
    path,
    `holds a control character (U+${code}) at position ${bad.index + 1}; it would reach terminals, XML and CSV as it is: remove it`,
  );
};

/**
 * A line of text no longer than `max` characters: what idemsim writes there never is
 * (a scenario's name is at most 200), and a file holding a longer one was edited; it would
 * print as one line of any length.
 */
export function textUpTo(max: number): Reader<string> {
  return (value, path) => {
    const line = text(value, path);
    // Counted in characters (code points), as the scenario loader counts a name's.
    const length = line.length > max ? [...line].length : line.length;
    if (length > max) {
      throw new ShapeError(path, `${length} characters; idemsim writes at most ${max} there (was the file edited?)`);
    }
    return line;
  };
}

/** The longest name a scenario may have (scenario/kinds.ts's TEXT_LIMITS), so the longest a saved one can. */
export const NAME_MAX = 200;

/** The idemsim version that wrote a file: a short line. */
export const version: Reader<string> = textUpTo(100);

export const bool: Reader<boolean> = (value, path) => {
  if (typeof value === 'boolean') return value;
  throw expected('true or false', value, path);
};

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null ? null : read(value, path));
}

export function oneOf<T extends string>(choices: Readonly<Record<T, unknown>>): Reader<T> {
  const names = Object.keys(choices);
  return (value, path) => {
    if (typeof value === 'string' && Object.hasOwn(choices, value)) return value as T;
    throw expected(`one of ${names.join(', ')}`, value, path);
  };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function object(value: unknown, path: string): Record<string, unknown> {
  if (isObject(value)) return value;
  throw expected('an object', value, path);
}

/** A list of items; `max`: the most a file idemsim wrote can hold (more was edited in, and would cost memory). */
export function list<T>(item: Reader<T>, max = Infinity): Reader<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw expected('a list', value, path);
    if (value.length > max) throw new ShapeError(path, `${value.length} items; idemsim writes at most ${max}`);
    return value.map((element, i) => item(element, `${path}[${i}]`));
  };
}

/** A member that may be absent: read when present, left out of the copy when not. */
export function optional<T>(read: Reader<T>): Reader<T | undefined> {
  return (value, path) => (value === undefined ? undefined : read(value, path));
}

/**
 * An object with exactly the shape's keys read (others are ignored), in the shape's order;
 * a key whose reader gives undefined (an absent optional member) is left out.
 */
export function record<T>(shape: { [K in keyof T]-?: Reader<T[K]> }): Reader<T> {
  return (value, path) => {
    const source = object(value, path);
    const out = {} as T;
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      const read = shape[key](source[key], path === '' ? key : `${path}.${key}`);
      if (read !== undefined) out[key] = read;
    }
    return out;
  };
}

/** An object of any keys, each value read by `item`, keys in their written order. */
export function dictionary<T>(item: Reader<T>): Reader<Record<string, T>> {
  return (value, path) => {
    const source = object(value, path);
    const out: Record<string, T> = {};
    for (const [key, element] of Object.entries(source)) out[key] = item(element, `${path}.${key}`);
    return out;
  };
}

export type DocumentOutcome<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * `source`, the text of `file`, parsed as JSON and read by `read`; or the problem, on one
 * line naming the file and where in it, followed by `hint` (how to make a good one) when
 * the text is not JSON at all.
 */
export function readDocument<T>(
  source: string,
  file: string,
  hint: string,
  read: (json: unknown) => T,
): DocumentOutcome<T> {
  // A byte order mark, which some editors write, is no part of the JSON (nor of a scenario's YAML).
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const { where, reason } = syntaxProblem(text, error);
    return { ok: false, problem: `${file}${where}: not JSON (${reason}); ${hint}` };
  }
  try {
    return { ok: true, value: read(json) };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, problem: `${file}${placeOf(text, error)}: ${error.message}` };
    throw error;
  }
}

/**
 * Where a ShapeError lies: at its path's value, or deeper where its problem names a field
 * inside that value first (an embedded scenario's "runs[0].scenario: client.retries: ...").
 */
function placeOf(text: string, error: ShapeError): string {
  const field = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\])*): /.exec(error.problem)?.[1];
  return pathWhere(text, field === undefined ? error.path : `${error.path}.${field}`);
}
