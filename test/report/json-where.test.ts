// Where a refused JSON document is wrong, as LINE:COLUMN: every kind of syntax error V8
// reports, and the value a reader's path names (or, when missing, the object that should
// hold it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathWhere, syntaxProblem } from '../../src/report/json-where.js';

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

  it('finds the token V8 names but does not place, and drops its quote of the text', () => {
    expect(syntax('{\n  "a": tru}')).toEqual({ where: ':2:11', reason: "Unexpected token '}'" });
    expect(syntax('{"a": NaN}')).toEqual({ where: ':1:7', reason: "Unexpected token 'N'" });
    expect(syntax('name: x\nclient: {}\n')).toEqual({ where: ':1:2', reason: "Unexpected token 'a'" });
    expect(syntax('// a comment\n{}')).toEqual({ where: ':1:1', reason: "Unexpected token '/'" });
    // A token that cannot be seen, or would act on a terminal, is named by its code point.
    expect(syntax('{"a": \u001b[31m}')).toEqual({ where: ':1:7', reason: 'Unexpected token U+001B' });
    expect(syntax('n\null')).toEqual({ where: ':1:2', reason: 'Unexpected token U+000A' });
    // A long document: the reason stays short, whatever V8 quoted.
    const long = `{"a": [${'1,'.repeat(5000)} x]}`;
    expect(syntax(long)).toEqual({ where: `:1:${long.indexOf('x') + 1}`, reason: "Unexpected token 'x'" });
  });

  it('places every broken document inside its text, with a short reason on one line', () => {
    // A family: documents of every shape, cut short or with a stray character put in anywhere.
    const stray = fc.constantFrom('}', ']', ',', ':', '"', "'", '\\', '/', 'x', '-', '0', '\u0001', '\n', '\ufeff');
    const broken = fc
      .tuple(fc.jsonValue(), fc.constantFrom(0, 2), fc.nat(), fc.option(stray, { nil: undefined }))
      .map(([value, indent, at, insert]) => {
        const text = JSON.stringify(value, null, indent) ?? 'null';
        const p = at % (text.length + 1);
        return insert === undefined ? text.slice(0, p) : text.slice(0, p) + insert + text.slice(p);
      })
      .filter((text) => {
        try {
          JSON.parse(text);
          return false;
        } catch {
          return true;
        }
      });
    fc.assert(
      fc.property(broken, (text) => {
        const { where, reason } = syntax(text);
        const place = /^:(\d+):(\d+)$/.exec(where);
        expect(place).not.toBeNull();
        const lines = text.split('\n');
        const line = Number(place?.[1]);
        expect(line).toBeGreaterThanOrEqual(1);
        expect(line).toBeLessThanOrEqual(lines.length);
        expect(Number(place?.[2])).toBeGreaterThanOrEqual(1);
        expect(Number(place?.[2])).toBeLessThanOrEqual((lines[line - 1] as string).length + 1);
        expect(reason).not.toMatch(/is not valid JSON| at position /);
        // eslint-disable-next-line no-control-regex
        expect(reason).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/);
        expect(reason.length).toBeLessThan(80);
      }),
      { seed: 15, numRuns: 1000 },
    );
  });

  it('counts columns from the line start on CRLF text', () => {
    expect(syntax('{\r\n  "a": 1\r\n  "b": 2\r\n}').where).toBe(':3:3');
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

  it('takes a key holding a dot whole, before a shorter key the path also starts with', () => {
    expect(pathWhere(document, 'a.b.c')).toBe(at('true'));
    expect(pathWhere(document, 'a.b')).toBe(at('{\n    "c"'));
    expect(pathWhere(document, 'a')).toBe(at('{\n    "b"'));
  });

  it('gives no place when the text is not JSON', () => {
    expect(pathWhere('{"a": ', 'a')).toBe('');
  });
});
