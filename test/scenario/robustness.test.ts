import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { FIELDS } from '../../src/model/fields.js';
import { type LoadOutcome, formatIssue, loadScenario } from '../../src/scenario/index.js';

const PATHS = [
  ...FIELDS.map((f) => f.path),
  'client',
  'agent.replan',
  'service.latency.p50',
  'expect.duplicates',
  'nope',
];

/** Values that are valid somewhere and broken elsewhere. */
const scalar = fc.oneof(
  fc.constantFrom(
    '1s',
    '1.5 S',
    '10',
    '2 parsecs',
    '2%',
    '150%',
    'unlimited',
    'none',
    'intent',
    '',
    'true',
    '*a',
    '&a 1',
  ),
  fc.constantFrom(0, -1, 0.5, 3.0, Infinity, Number.NaN, 2 ** 60, -0),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 12 }),
);

const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 3 }), tie('map')),
  map: fc.dictionary(
    fc.oneof(fc.constantFrom('min', 'max', 'median', 'p50', 'p99', 'sigma'), fc.string({ maxLength: 6 })),
    tie('value'),
    {
      maxKeys: 4,
    },
  ),
})).value;

/** A document built from known field paths with arbitrary values, then sometimes damaged. */
const document = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...PATHS), value), { maxLength: 8 }),
    fc.oneof(
      fc.constant([]),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(':', '[', '{', '- ', '\n', '\t', '&a ', '*a', '---\n', '"', '#')), {
        maxLength: 3,
      }),
    ),
  )
  .map(([entries, damage]) => {
    const tree: Record<string, unknown> = {};
    for (const [path, v] of entries) {
      const keys = path.split('.');
      let node = tree;
      for (const key of keys.slice(0, -1)) {
        const next = node[key];
        node = (node[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {}) as Record<
          string,
          unknown
        >;
      }
      node[keys[keys.length - 1] as string] = v;
    }
    let text = stringify(tree);
    for (const [at, insert] of damage) {
      const i = at % (text.length + 1);
      text = text.slice(0, i) + insert + text.slice(i);
    }
    return text;
  });

const sets = fc.array(
  fc.oneof(
    fc.tuple(fc.constantFrom(...PATHS), scalar).map(([p, v]) => `${p}=${typeof v === 'string' ? v : String(v)}`),
    fc.string({ maxLength: 20 }),
  ),
  { maxLength: 3 },
);

function wellFormed(outcome: LoadOutcome): void {
  if (outcome.ok) return;
  expect(outcome.issues.length).toBeGreaterThan(0);
  for (const issue of outcome.issues) {
    expect(Number.isInteger(issue.line) && issue.line >= 1).toBe(true);
    expect(Number.isInteger(issue.col) && issue.col >= 1).toBe(true);
    expect(issue.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(formatIssue(issue)).not.toMatch(/[\r\n]/);
  }
}

describe('loadScenario on any input', () => {
  test('never throws, and every issue has line >= 1 and col >= 1 (field documents)', () => {
    fc.assert(
      fc.property(document, sets, (text, args) => wellFormed(loadScenario(text, 'fuzz.yaml', args))),
      { numRuns: 1000 },
    );
  });

  test('never throws, and every issue has line >= 1 and col >= 1 (any text)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), sets, (text, args) =>
        wellFormed(loadScenario(text, 'fuzz.yaml', args)),
      ),
      { numRuns: 1000 },
    );
  });
});
