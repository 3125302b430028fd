// Property-based fuzzing of the loader and the simulator (fast-check, fixed seeds): random
// scenario documents, valid and broken, never make loadScenario throw; a valid one loads to
// exactly the scenario it spells out, within MODEL.md's ranges, and simulates without
// breaking the conservation identities; a broken one gets issues that point into it.
// `npm run fuzz` runs the same checks over many more cases (scripts/fuzz.mjs).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { defaultsWithSets, loadScenario } from '../../src/scenario/index.js';
import { checkCase, checkIssues } from './fuzz/checks.js';
import { FILE, brokenCase, validCase } from './fuzz/documents.js';

// Sized for about ten seconds in CI together; the long campaign is `npm run fuzz`.
const VALID_RUNS = 600;
const BROKEN_RUNS = 2500;

describe('fuzzed scenario documents', () => {
  test('a valid document loads to exactly the scenario it spells out, in range, and simulates conserving counts', () => {
    fc.assert(
      fc.property(validCase, (c) => {
        checkCase(c);
      }),
      { seed: 20_260_601, numRuns: VALID_RUNS },
    );
  });

  test('a broken document never throws: either a scenario in range that simulates, or located issues', () => {
    fc.assert(
      fc.property(brokenCase, (c) => {
        checkCase(c);
      }),
      { seed: 20_260_602, numRuns: BROKEN_RUNS },
    );
  });

  test('any text at all gives issues inside the text, never an exception', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const outcome = loadScenario(text, FILE);
        if (!outcome.ok) checkIssues(outcome.issues, { text, sets: [] });
      }),
      { seed: 20_260_603, numRuns: 1000 },
    );
  });
});

describe('found by the fuzz campaign', () => {
  // An empty key joined to '', the top level's own path, and was taken for the top level:
  // `"": { actions: 5 }` loaded, its contents silently ignored.
  test('an empty key at the top level is an unknown field, in a file or a --set', () => {
    const file = loadScenario('"": { actions: 5 }\nactions: 7\n', FILE);
    expect(file.ok ? [] : file.issues.map((i) => [i.line, i.col, i.code])).toEqual([[1, 1, 'unknown-key']]);
    const set = defaultsWithSets(['.actions=5']);
    expect(set.ok ? [] : set.issues.map((i) => i.code)).toEqual(['unknown-key']);
  });
});
