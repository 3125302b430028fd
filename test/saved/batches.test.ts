// A run's batches as saved JSON carries them (src/report/run/batches.ts writes them,
// src/saved/batches.ts reads them back): the real binary's output, read back equal to what
// simulate() counted; the family of hand-edited batches refused with one line naming the
// path; and `idemsim diff BASE.json NEW.yaml` pairing a saved run with a scenario changed
// in one field on the same seed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/cli/load.js';
import { BATCHED_COUNTS, type Batches } from '../../src/model/batches.js';
import { readBatches } from '../../src/saved/batches.js';
import { parseSavedRuns } from '../../src/saved/runs.js';
import { ShapeError } from '../../src/saved/shape.js';
import { simulate } from '../../src/sim/simulate.js';
import { moverInterval } from '../../src/stats/diff.js';
import { pairedChange } from '../../src/stats/paired.js';
import { ROOT, idemsim, requireBuild } from '../cli/binary.js';

const SCENARIO = 'scenarios/article-defaults.yaml';
const ACTIONS = 3000;

/** What simulate() counts for SCENARIO at ACTIONS actions, and for a copy changed by `sets`. */
function simulated(file: string, sets: readonly string[], cwd = ROOT): Batches | undefined {
  const [loaded] = loadScenarios([file], [`actions=${ACTIONS}`, ...sets], cwd);
  if (loaded === undefined) throw new Error(`${file} loads no scenario`);
  return simulate(loaded.scenario).batches;
}

function savedRuns(text: string, file = 'base.json') {
  const outcome = parseSavedRuns(text, file);
  if (!outcome.ok) throw new Error(outcome.problem);
  return outcome.saved.runs;
}

describe('the batches `idemsim run --format json` writes', () => {
  let text = '';
  beforeAll(() => {
    requireBuild();
    const out = idemsim(['run', SCENARIO, '--actions', String(ACTIONS), '--format', 'json']);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    text = out.stdout;
  });

  it('writes each count that is not zero everywhere as one line of 50 numbers', () => {
    const expected = simulated(SCENARIO, []);
    const nonZero = BATCHED_COUNTS.filter((name) => expected?.sums[name].some((x) => x !== 0));
    expect(nonZero.length).toBeGreaterThan(0);
    // The run's batches close the document: its only member named "batches".
    expect(text.indexOf('"batches"')).toBe(text.lastIndexOf('"batches"'));
    const saved = text.slice(text.indexOf('"batches": {'));
    expect(saved).toMatch(/^"batches": \{\n +"seed": 1,\n +"actions": 3000,\n +"sums": \{\n/);
    for (const name of BATCHED_COUNTS) {
      const line = new RegExp(`^ +"${name}": \\[\\d+(, \\d+){49}\\],?$`, 'm');
      expect(line.test(saved), `${name} on one line`).toBe(nonZero.includes(name));
      expect(saved.includes(`"${name}"`), `${name} written`).toBe(nonZero.includes(name));
    }
  });

  it("reads back through parseSavedRuns equal to simulate()'s batches, seed and actions included", () => {
    const [run] = savedRuns(text);
    const expected = simulated(SCENARIO, []);
    expect(expected).toMatchObject({ seed: 1, actions: ACTIONS });
    expect(run?.result.batches).toEqual(expected);
  });
});

/** A document of saved runs whose first run carries `batches` as given. */
function documentWith(batches: unknown): string {
  const run = { scenario: { name: 'x' }, metrics: {}, intervals: {}, batches };
  return JSON.stringify({ idemsim: '0.1.0', runs: [run] }, null, 2);
}

const fifty = (value = 1): number[] => new Array<number>(50).fill(value);
const GOOD = { seed: 1, actions: 3000, sums: { duplicates: fifty(2), extraAttempts: fifty(3) } };

/** A copy of GOOD edited by `edit`. */
function edited(edit: (b: { seed: unknown; actions?: unknown; sums: Record<string, unknown> }) => void): unknown {
  const copy = structuredClone(GOOD) as { seed: unknown; actions?: unknown; sums: Record<string, unknown> };
  edit(copy);
  return copy;
}

/** Each member of the family of bad batches: the edit, the path it is refused at, and what is said. */
const BAD: [string, unknown, string, RegExp][] = [
  [
    'a list one short',
    edited((b) => (b.sums['duplicates'] = fifty().slice(1))),
    'sums.duplicates',
    /expected 50 whole numbers \(one per batch of a run of 3000 actions\); found 49/,
  ],
  ['a list one long', edited((b) => (b.sums['duplicates'] = [...fifty(), 1])), 'sums.duplicates', /51 items/],
  [
    'lists cut for another number of actions',
    edited((b) => (b.actions = 30)),
    'sums.duplicates',
    /50 items; idemsim writes at most 30/,
  ],
  [
    'a negative count',
    edited((b) => (b.sums['duplicates'] = [-1, ...fifty().slice(1)])),
    'sums.duplicates[0]',
    /found -1/,
  ],
  [
    'a fraction',
    edited((b) => (b.sums['extraAttempts'] = [...fifty().slice(1), 1.5])),
    'sums.extraAttempts[49]',
    /found 1\.5/,
  ],
  [
    'a count written as text',
    edited((b) => (b.sums['duplicates'] = ['3', ...fifty().slice(1)])),
    'sums.duplicates[0]',
    /found "3"/,
  ],
  ['a count that is not a list', edited((b) => (b.sums['lost'] = 5)), 'sums.lost', /expected a list; found 5/],
  [
    'a seed that is an object',
    edited((b) => (b.seed = { value: 1 })),
    'seed',
    /integer or a string of at most 200 characters .*; found an object/,
  ],
  ['a seed that is null', edited((b) => (b.seed = null)), 'seed', /integer or a string .*; found null/],
  ['a seed that is a fraction', edited((b) => (b.seed = 1.5)), 'seed', /integer or a string .*; found 1\.5/],
  ['a seed longer than 200 characters', edited((b) => (b.seed = 'x'.repeat(201))), 'seed', /at most 200 characters/],
  ['a seed holding a control character', edited((b) => (b.seed = 'a\u0007b')), 'seed', /control character/],
  ['no actions', edited((b) => (b.actions = 0)), 'actions', /expected at least one action; found 0/],
  ['actions missing', edited((b) => delete b.actions), 'actions', /whole number >= 0; found nothing/],
  ['a fraction of actions', edited((b) => (b.actions = 2.5)), 'actions', /whole number >= 0; found 2\.5/],
  ['sums that are a list', { ...GOOD, sums: [fifty()] }, 'sums', /expected an object; found a list/],
  ['sums missing', { seed: 1, actions: 3000 }, 'sums', /expected an object; found nothing/],
  ['batches that are not an object', 'batches', '', /expected an object; found "batches"/],
];

describe('readBatches', () => {
  it('reads good batches, a count left out as zeros in every batch', () => {
    const read = readBatches(GOOD, 'b');
    expect(read.seed).toBe(1);
    expect(read.actions).toBe(3000);
    expect(read.sums.duplicates).toEqual(fifty(2));
    for (const name of BATCHED_COUNTS.filter((n) => n !== 'duplicates' && n !== 'extraAttempts')) {
      expect(read.sums[name], name).toEqual(fifty(0));
    }
  });

  it('reads a text seed as text', () => {
    expect(readBatches({ ...GOOD, seed: 'paired:7' }, 'b').seed).toBe('paired:7');
  });

  it('counts a seed in characters, as the scenario loader does: 200 outside the BMP read', () => {
    const astral = '\u{1F600}'.repeat(200);
    expect(astral.length).toBe(400);
    expect(readBatches({ ...GOOD, seed: astral }, 'b').seed).toBe(astral);
    expect(() => readBatches({ ...GOOD, seed: `${astral}x` }, 'b')).toThrow(/at most 200 characters/);
  });

  it('ignores a count it does not know (one a later idemsim writes)', () => {
    const later = edited((b) => (b.sums['retriedKeys'] = [1, 2, 3]));
    expect(readBatches(later, 'b')).toEqual(readBatches(GOOD, 'b'));
  });

  it.each(BAD)('refuses %s at the path of the fault', (_, batches, where, said) => {
    let error: unknown;
    try {
      readBatches(batches, 'runs[0].batches');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ShapeError);
    const path = where === '' ? 'runs[0].batches' : `runs[0].batches.${where}`;
    expect((error as ShapeError).path).toBe(path);
    expect((error as ShapeError).problem).toMatch(said);
  });

  it.each(BAD)('refuses %s in a saved run with one line naming the file and the path', (_, batches, where, said) => {
    const outcome = parseSavedRuns(documentWith(batches), 'base.json');
    if (outcome.ok) throw new Error('expected a problem');
    const path = where === '' ? 'runs[0].batches' : `runs[0].batches.${where}`;
    expect(outcome.problem).not.toContain('\n');
    expect(outcome.problem).toMatch(/^base\.json:\d+:\d+: /);
    expect(outcome.problem).toContain(`${path}: `);
    expect(outcome.problem).toMatch(said);
  });
});

describe('`idemsim diff BASE.json NEW.yaml` on the same seed', () => {
  const METRIC = 'duplicatesPerThousand';
  let dir = '';
  let base: Batches | undefined;
  const diffOf = (seedSets: readonly string[]) => {
    const out = idemsim([
      'diff',
      join(dir, 'base.json'),
      join(dir, 'new.yaml'),
      '--actions',
      String(ACTIONS),
      ...seedSets,
      '--format',
      'json',
    ]);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const document = JSON.parse(out.stdout) as { scenarios: { metrics: Record<string, unknown>[] }[] };
    const metric = document.scenarios[0]?.metrics.find((m) => m['metric'] === METRIC);
    return metric as {
      base: number;
      new: number;
      change: number;
      interval: { low: number; high: number };
      design?: string;
    };
  };

  beforeAll(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'idemsim-batches-'));
    const run = idemsim(['run', SCENARIO, '--actions', String(ACTIONS), '--format', 'json']);
    expect(run.status).toBe(0);
    writeFileSync(join(dir, 'base.json'), run.stdout);
    base = savedRuns(run.stdout)[0]?.result.batches;
    // NEW: the same scenario (name, seed) with one field changed: a 1.2 s timeout for 1 s.
    const source = readFileSync(join(ROOT, SCENARIO), 'utf8');
    expect(source).toMatch(/^ {2}timeout: 1s$/m);
    writeFileSync(join(dir, 'new.yaml'), source.replace(/^ {2}timeout: 1s$/m, '  timeout: 1.2s'));
  });

  it("pairs the two: the interval is the paired one of the saved batches and NEW's", () => {
    const diff = diffOf([]);
    const fresh = simulated(join(dir, 'new.yaml'), [], dir);
    const paired = pairedChange(METRIC, diff.change, base, fresh);
    expect(paired).not.toBeNull();
    expect(diff.interval.low).toBeCloseTo(paired?.interval.low ?? Number.NaN, 9);
    expect(diff.interval.high).toBeCloseTo(paired?.interval.high ?? Number.NaN, 9);
    expect(diff.design).toBe('paired');
  });

  it('compares NEW on another seed as an independent run (MOVER), in a wider interval', () => {
    const same = diffOf([]);
    const other = diffOf(['--seed', '2']);
    expect(other.design).toBe('independent');
    const [saved] = savedRuns(readFileSync(join(dir, 'base.json'), 'utf8'));
    const [loaded] = loadScenarios([join(dir, 'new.yaml')], [`actions=${ACTIONS}`, 'seed=2'], dir);
    if (saved === undefined || loaded === undefined) throw new Error('nothing to compare');
    const fresh = simulate(loaded.scenario);
    const mover = moverInterval(
      other.base,
      saved.result.intervals[METRIC] ?? { low: Number.NaN, high: Number.NaN },
      other.new,
      fresh.intervals[METRIC] ?? { low: Number.NaN, high: Number.NaN },
    );
    expect(other.interval.low).toBeCloseTo(mover.low, 9);
    expect(other.interval.high).toBeCloseTo(mover.high, 9);
    // The point of pairing: both sides' own errors largely cancel (test/stats/paired.test.ts).
    expect(same.interval.high - same.interval.low).toBeLessThan(other.interval.high - other.interval.low);
  });
});
