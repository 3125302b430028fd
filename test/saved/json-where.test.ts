// Where a refused JSON document is wrong, as LINE:COLUMN: every kind of syntax error V8
// reports, and the value a reader's path names (or, when missing, the object that should
// hold it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathWhere, syntaxProblem } from '../../src/saved/json-where.js';
import { ShapeError, readDocument } from '../../src/saved/shape.js';

/** What JSON.parse says of `source`, placed. */
function syntax(source: string): { where: string; reason: string } {
  try {
    JSON.parse(source);
  } catch (error) {
    return syntaxProblem(source, error);
  }
  throw new Error(`${JSON.stringify(source)} is JSON`);
}

describe('syntaxProblem', () => {
  it('turns the position V8 gives into a line and a column', () => {
    const source = '{\n  "a": 1\n  "b": 2\n}';
    expect(syntax(source)).toEqual({ where: ':3:3', reason: "Expected ',' or '}' after property value" });
    expect(syntax('{"a":1,}')).toEqual({ where: ':1:8', reason: 'Expected double-quoted property name' });
    expect(syntax('[1,2')).toEqual({ where: ':1:5', reason: "Expected ',' or ']' after array element" });
    expect(syntax('{"a":1} x').where).toBe(':1:9');
    expect(syntax('{"a":"\\q"}').where).toBe(':1:8');
  });

  it('places the end of the text for a document cut short, the empty one included', () => {
    expect(syntax('{\n  "runs": [\n    1,')).toEqual({ where: ':3:7', reason: 'Unexpected end of JSON input' });
    expect(syntax('')).toEqual({ where: ':1:1', reason: 'Unexpected end of JSON input' });
    expect(syntax('\n\n')).toEqual({ where: ':3:1', reason: 'Unexpected end of JSON input' });
  });

  const long = `{"a": [${'1,'.repeat(5000)} x]}`;
  // [what, source, where, reason]: documents where V8 names a token but gives no position.
  it.each([
    ['a literal cut by a brace', '{\n  "a": tru}', ':2:11', "Unexpected token '}'"],
    ['NaN', '{"a": NaN}', ':1:7', "Unexpected token 'N'"],
    ['YAML', 'name: x\nclient: {}\n', ':1:2', "Unexpected token 'a'"],
    ['a comment', '// a comment\n{}', ':1:1', "Unexpected token '/'"],
    // A token that cannot be seen, or would act on a terminal, is named by its code point.
    ['an escape character', '{"a": \u001b[31m}', ':1:7', 'Unexpected token U+001B'],
    ['a line break in a literal', 'n\null', ':1:2', 'Unexpected token U+000A'],
    // A long document: the reason stays short, whatever V8 quoted.
    ['a long document', long, `:1:${long.indexOf('x') + 1}`, "Unexpected token 'x'"],
    // A literal V8 reads letter by letter fails at its first wrong letter.
    ['a broken false', '{"a": falsae}', ':1:11', "Unexpected token 'a'"],
    ['a broken null', '[nulnull]', ':1:5', "Unexpected token 'n'"],
    // A character outside the BMP is named whole.
    ['an emoji', '{"a": \u{1F600}}', ':1:7', "Unexpected token '\u{1F600}'"],
    ['NaN alone', 'NaN', ':1:1', "Unexpected token 'N'"],
    ['undefined', 'undefined', ':1:1', "Unexpected token 'u'"],
  ])('finds the token V8 names but does not place, and drops its quote of the text: %s', (_, source, where, reason) => {
    expect(syntax(source)).toEqual({ where, reason });
  });

  it('places every broken document where it breaks, with a short reason on one line', () => {
    // A family: documents of every shape, cut short or with a stray character put in anywhere.
    const stray = fc.constantFrom('}', ']', ',', ':', '"', "'", '\\', '/', 'x', '-', '0', '\u0001', '\n', '\ufeff');
    const broken = fc
      .tuple(fc.jsonValue(), fc.constantFrom(0, 2), fc.nat(), fc.option(stray, { nil: undefined }))
      .map(([value, indent, at, insert]) => {
        const whole = JSON.stringify(value, null, indent) ?? 'null';
        const p = at % (whole.length + 1);
        const text = insert === undefined ? whole.slice(0, p) : whole.slice(0, p) + insert + whole.slice(p);
        return { text, p, cut: insert === undefined };
      })
      .filter(({ text }) => {
        try {
          JSON.parse(text);
          return false;
        } catch {
          return true;
        }
      });
    /** [line, column] of an offset, counted here on the text's LF lines (these texts hold no CR). */
    const placeOf = (text: string, offset: number): [number, number] => {
      const lines = text.slice(0, offset).split('\n');
      return [lines.length, (lines[lines.length - 1] as string).length + 1];
    };
    const notBefore = (a: [number, number], b: [number, number]): boolean =>
      a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);
    fc.assert(
      fc.property(broken, ({ text, p, cut }) => {
        const { where, reason } = syntax(text);
        const place = /^:(\d+):(\d+)$/.exec(where);
        expect(place).not.toBeNull();
        const got: [number, number] = [Number(place?.[1]), Number(place?.[2])];
        const end = placeOf(text, text.length);
        if (cut) {
          // Every prefix of a document is readable up to its end: that is where it breaks.
          expect(got).toEqual(end);
        } else {
          // What comes before the stray character is a document's own beginning.
          expect(notBefore(got, placeOf(text, p))).toBe(true);
          expect(notBefore(end, got)).toBe(true);
        }
        expect(reason).not.toMatch(/is not valid JSON| at position /);
        // eslint-disable-next-line no-control-regex
        expect(reason).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/);
        expect(reason.length).toBeLessThan(80);
      }),
      { seed: 15, numRuns: 1000 },
    );
  });

  it('survives a document nested deeper than a parser can recurse', () => {
    const deep = `${'['.repeat(20_000)}x`;
    expect(syntax(deep)).toEqual({ where: ':1:20001', reason: "Unexpected token 'x'" });
  });

  it('counts lines ended by CRLF, LF or a lone CR, as editors do', () => {
    expect(syntax('{\r\n  "a": 1\r\n  "b": 2\r\n}').where).toBe(':3:3');
    expect(syntax('{\r  "a": 1\r  "b": 2\r}').where).toBe(':3:3');
  });
});

describe('pathWhere', () => {
  const document = JSON.stringify(
    {
      part: { kind: 'sweep', shard: 1 },
      runs: [{ metrics: { attempts: 'x' } }, { metrics: {} }],
      'a.b': { c: true },
      a: { b: 1 },
    },
    null,
    2,
  );
  /** Line and column of the n-th (from 0) occurrence of `text` in the document. */
  const at = (text: string, n = 0): string => {
    let offset = -1;
    for (let i = 0; i <= n; i++) offset = document.indexOf(text, offset + 1);
    const before = document.slice(0, offset);
    return `:${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`;
  };

  it('places the value a path names, through objects and lists', () => {
    expect(pathWhere(document, 'part.shard')).toBe(at('1\n'));
    expect(pathWhere(document, 'runs[0].metrics.attempts')).toBe(at('"x"'));
    expect(pathWhere(document, 'runs[1].metrics')).toBe(at('{}'));
    expect(pathWhere(document, 'the document')).toBe(':1:1');
  });

  it('places a missing member at the object that should hold it', () => {
    expect(pathWhere(document, 'runs[1].metrics.attempts')).toBe(at('{}'));
    expect(pathWhere(document, 'runs[5].metrics')).toBe(at('['));
    expect(pathWhere(document, 'summaryVersion')).toBe(':1:1');
  });

  it('follows a key holding a dot, and places a path two members spell alike at the later', () => {
    expect(pathWhere(document, 'a.b.c')).toBe(at('true'));
    // "a.b" is both the key "a.b" and "b" inside "a": as with a repeated key, the later.
    expect(pathWhere(document, 'a.b')).toBe(at('1\n', 1));
    expect(pathWhere(document, 'a')).toBe(at('{\n    "b"'));
  });

  it('gives no place when the text is not JSON, or nests deeper than a parser can recurse', () => {
    expect(pathWhere('{"a": ', 'a')).toBe('');
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(['', ':1:1']).toContain(pathWhere(deep, `[0]`.repeat(200_000)));
  });

  it('follows a path past thousands of skipped objects and lists beside it (each ends once)', () => {
    const text = `{"x": [${'{"y": [1]},'.repeat(5000)}{}], "part": {"shard": "one"}}`;
    expect(pathWhere(text, 'part.shard')).toBe(`:1:${text.indexOf('"one"') + 1}`);
  });

  it('places a repeated key at its last value, the one JSON.parse keeps', () => {
    const text = '{\n  "kind": "replica",\n  "kind": "bogus"\n}';
    expect(pathWhere(text, 'kind')).toBe(':3:11');
  });

  it('skips what lies off the path: a long list beside it costs a scan, not a tree', () => {
    const text = `{"x": [${'1,'.repeat(200_000)}1], "part": {"shard": "one"}}`;
    expect(pathWhere(text, 'part.shard')).toBe(`:1:${text.indexOf('"one"') + 1}`);
  });
});

describe('readDocument', () => {
  it("places a shape error at the field its problem names inside the path's value", () => {
    const text = JSON.stringify({ runs: [{ scenario: { client: { retries: -1 } } }] }, null, 2);
    const outcome = readDocument(text, 'saved.json', 'the hint', () => {
      throw new ShapeError('runs[0].scenario', 'client.retries: must be at least 0');
    });
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('"retries"'));
    const column = (lines[line] as string).indexOf('-1') + 1;
    expect(outcome).toEqual({
      ok: false,
      problem: `saved.json:${line + 1}:${column}: runs[0].scenario: client.retries: must be at least 0`,
    });
  });

  it('reads a document after a byte order mark, and places errors as in the text without it', () => {
    expect(readDocument('\uFEFF{"a": 1}', 'f.json', 'hint', (json) => json)).toEqual({ ok: true, value: { a: 1 } });
    expect(readDocument('\uFEFF{"a": }', 'f.json', 'hint', (json) => json)).toEqual({
      ok: false,
      problem: "f.json:1:7: not JSON (Unexpected token '}'); hint",
    });
  });
});
