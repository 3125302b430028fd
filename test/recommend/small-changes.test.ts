// The smallest changes first: each default dimension holds the scenario's own value, the
// key scopes searched are those that key the same actions, the search of small changes
// simulates the scenario as given, every one-field change and the two-field changes once
// each, and the pipeline answers with the fewest changed fields that pass (unless --prefer).
import { describe, expect, it } from 'vitest';
import { target, simRun } from './helpers.js';
import type { Sizing } from '../../src/model/precision.js';
import type { Scenario } from '../../src/model/scenario.js';
import { valueAt } from '../../src/model/fields.js';
import { defaultScenario, defaultsWithSets } from '../../src/scenario/index.js';
import { durationLiteral } from '../../src/scenario/units.js';
import { patchFields } from '../../src/recommend/patch.js';
import { recommendPipeline, verificationSeed, type PipelineInput } from '../../src/recommend/pipeline.js';
import { firstGridSize, searchSmallChanges, type SearchInput } from '../../src/recommend/search.js';
import {
  DEFAULT_PATHS,
  SCOPES_SEARCHED,
  defaultDimensions,
  niceDurations,
  retentionRange,
  numberDim,
  searchSpace,
  type Dimension,
} from '../../src/recommend/space.js';

function scenarioWith(sets: readonly string[]): Scenario {
  const outcome = defaultsWithSets(sets);
  if (!outcome.ok) throw new Error(outcome.issues.map((i) => i.message).join('; '));
  return outcome.scenario;
}

function dimOf(dims: readonly Dimension[], path: string): Dimension {
  const d = dims.find((x) => x.path === path);
  if (d === undefined) throw new Error(`no dimension ${path}`);
  return d;
}

const TIMEOUT_DEFAULT = defaultScenario().client.timeout;
const RETENTION_DEFAULT = defaultScenario().keys.retention;

describe('default dimensions hold the scenario as given', () => {
  it("each holds the scenario's own value, at `given`", () => {
    const s = scenarioWith(['client.timeout=700ms', 'keys.retention=90s']);
    for (const path of ['client.timeout', 'client.retries', 'client.backoff.base', 'keys.retention']) {
      const d = dimOf(defaultDimensions(s), path);
      expect(d.given, path).not.toBeNull();
      expect(d.values[d.given as number], path).toBe(valueAt(s, path));
    }
  });

  it('candidates stay in ascending order with the own value added at its place', () => {
    // 700ms is not a round duration: it falls between 600ms and 800ms; 37ms lies below 50ms, the backoff's first.
    const s = scenarioWith(['client.timeout=700ms', 'client.backoff.base=37ms', 'client.retries=8']);
    for (const d of defaultDimensions(s).filter((x) => x.ordered)) {
      const values = d.values as number[];
      values.slice(1).forEach((v, i) => expect(v, d.path).toBeGreaterThan(values[i] as number));
    }
    const timeout = dimOf(defaultDimensions(s), 'client.timeout');
    expect(timeout.values[(timeout.given as number) - 1]).toBe(600);
    expect(timeout.values[(timeout.given as number) + 1]).toBe(800);
    expect(dimOf(defaultDimensions(s), 'client.backoff.base').given).toBe(0);
  });

  it('a value beyond the derived range is added at the end, the derived candidates unchanged', () => {
    const defaults = defaultDimensions(defaultScenario());
    // The defaults' own values: 1s lies within 300ms..2s, a derived timeout; 1h lies beyond the
    // last round duration of retention's range, so it was added to the derived ones.
    const [lo, hi] = retentionRange(defaultScenario());
    expect(RETENTION_DEFAULT).toBeGreaterThan(niceDurations(lo, hi).at(-1) as number);
    const derivedTimeouts = dimOf(defaults, 'client.timeout').values;
    const derivedRetentions = dimOf(defaults, 'keys.retention').values.filter((v) => v !== RETENTION_DEFAULT);
    // 10 min is beyond the timeout range (to the service's p99.9), 8 beyond retries 0..5, 3 days beyond retention's.
    const s = scenarioWith(['client.timeout=10m', 'client.retries=8']);
    const expected: [Dimension, number, unknown[]][] = [
      [dimOf(defaultDimensions(s), 'client.timeout'), 600_000, derivedTimeouts],
      [dimOf(defaultDimensions(s), 'client.retries'), 8, [0, 1, 2, 3, 4, 5]],
      [
        dimOf(defaultDimensions(scenarioWith(['keys.retention=3d'])), 'keys.retention'),
        3 * 86_400_000,
        derivedRetentions,
      ],
    ];
    for (const [d, own, candidates] of expected) {
      expect(d.values, d.path).toEqual([...candidates, own]);
      expect(d.given, d.path).toBe(candidates.length);
    }
  });

  it('a value already among the candidates is not added twice', () => {
    // The default timeout, 1s, is a round duration within 300ms..2s.
    const d = dimOf(defaultDimensions(defaultScenario()), 'client.timeout');
    expect(d.values.filter((v) => v === TIMEOUT_DEFAULT)).toHaveLength(1);
    expect(new Set(d.values).size).toBe(d.values.length);
  });

  it('the own value is labelled as a scenario file writes it, and its --set loads back to it', () => {
    const sets = ['client.timeout=10m', 'client.retries=8', 'client.backoff.base=37ms', 'keys.retention=90s'];
    const s = scenarioWith(sets);
    for (const d of defaultDimensions(s).filter((x) => x.path !== 'keys.scope')) {
      const at = d.given as number;
      const own = valueAt(s, d.path) as number;
      expect(d.labels[at], d.path).toBe(d.path === 'client.retries' ? String(own) : durationLiteral(own));
      expect(d.sets[at], d.path).toBe(`${d.path}=${d.labels[at] as string}`);
      expect(valueAt(scenarioWith([d.sets[at] as string]), d.path), d.path).toBe(own);
    }
  });

  it('every candidate, the own value among them, loads back from its --set to its value', () => {
    const s = scenarioWith(['client.timeout=10m', 'client.retries=8', 'keys.retention=3d', 'keys.scope=call']);
    for (const d of defaultDimensions(s)) {
      d.sets.forEach((set, j) => expect(valueAt(scenarioWith([set]), d.path), set).toBe(d.values[j]));
    }
  });

  it('the default retention, 1h, beyond the derived range, is held too', () => {
    const d = dimOf(defaultDimensions(defaultScenario()), 'keys.retention');
    expect(d.values.at(-1)).toBe(RETENTION_DEFAULT);
    expect(d.given).toBe(d.values.length - 1);
  });
});

describe('key scopes searched', () => {
  it('the scope dimension lists the scopes that key the same actions, the own first and given', () => {
    for (const scope of ['none', 'attempt', 'call', 'payload']) {
      const d = dimOf(defaultDimensions(scenarioWith([`keys.scope=${scope}`])), 'keys.scope');
      expect(d.values, scope).toEqual(SCOPES_SEARCHED[scope]);
      expect(d.values[0], scope).toBe(scope);
      expect(d.given, scope).toBe(0);
      expect(d.ordered, scope).toBe(false);
      expect(d.sets, scope).toEqual(d.values.map((v) => `keys.scope=${String(v)}`));
    }
  });

  it('business, none, attempt and payload are proposed only as the scenario own scope', () => {
    for (const scope of Object.keys(SCOPES_SEARCHED)) {
      const others = (SCOPES_SEARCHED[scope] ?? []).filter((v) => v !== scope);
      for (const never of ['business', 'none', 'attempt', 'payload']) expect(others, scope).not.toContain(never);
    }
  });

  it('from none and call the search adds call and intent; from payload only intent', () => {
    expect(dimOf(defaultDimensions(scenarioWith(['keys.scope=none'])), 'keys.scope').values).toEqual([
      'none',
      'call',
      'intent',
    ]);
    expect(dimOf(defaultDimensions(scenarioWith(['keys.scope=call'])), 'keys.scope').values).toEqual([
      'call',
      'intent',
    ]);
    expect(dimOf(defaultDimensions(scenarioWith(['keys.scope=payload'])), 'keys.scope').values).toEqual([
      'payload',
      'intent',
    ]);
  });

  it('intent and business have no other scope that keys the same actions: no scope dimension, retention kept', () => {
    for (const scope of ['intent', 'business']) {
      const paths = searchSpace(scenarioWith([`keys.scope=${scope}`]), [], []).map((d) => d.path);
      expect(paths, scope).not.toContain('keys.scope');
      expect(paths, scope).toContain('keys.retention');
    }
  });
});

/** An ordered dimension of n candidates 1..n (the fake load ignores what they mean). */
function ordered(path: string, n: number, given: number): Dimension {
  return {
    ...numberDim(
      path,
      Array.from({ length: n }, (_, j) => j + 1),
    ),
    given,
  };
}

const SCOPE: Dimension = {
  path: 'keys.scope',
  sets: ['keys.scope=call', 'keys.scope=intent'],
  values: ['call', 'intent'],
  labels: ['call', 'intent'],
  ordered: false,
  source: 'default',
  given: 0,
};

/** Small changes over `dims`, every point's scenario named by its --set arguments; returns every simulated one. */
async function smallChangesOf(dims: readonly Dimension[]): Promise<{ simulated: string[]; idx: number[][] }> {
  const simulated: string[] = [];
  const input: SearchInput = {
    dims,
    targets: [],
    keys: [],
    load: (sets) => ({ ...defaultScenario(), name: sets.join(' ') }),
    simulate: async (scenarios) =>
      scenarios.map((s) => {
        simulated.push(s.name);
        return simRun({ actions: s.actions });
      }),
    sizing: null,
  };
  const outcome = await searchSmallChanges(input);
  return { simulated, idx: outcome.points.map((p) => p.idx) };
}

/** How many points change 0, 1, 2, ... fields from the given candidates. */
function byChanges(dims: readonly Dimension[], idx: readonly number[][]): number[] {
  const counts: number[] = [];
  for (const i of idx) {
    const n = i.filter((j, k) => j !== dims[k]?.given).length;
    counts[n] = (counts[n] ?? 0) + 1;
  }
  return counts;
}

describe('the smallest changes', () => {
  it('simulates the scenario as given, every one-field change, and the two-field changes, each once', async () => {
    // T: 9 candidates, given the middle (4); R: 7, given 3; S: call, intent, given call.
    const t = ordered('client.timeout', 9, 4);
    const r = ordered('keys.retention', 7, 3);
    const dims = [t, r, SCOPE];
    // The coarse grid's candidates: both ends and a step of 4 (the power of two covering half
    // the range): 0, 4, 8 of T (holding the given 4) and 0, 4, 6 of R (not holding the given 3).
    expect(firstGridSize([t])).toBe(3);
    expect(firstGridSize([r])).toBe(3);
    const single = 9 - 1 + (7 - 1) + (2 - 1);
    // T x R: 8 x 6 = 48 pairs, more than 40: the coarse candidates, (3 - 1) x 3.
    // T x S: 8 x 1 and R x S: 6 x 1, at most 40: every pair.
    const pairs = (3 - 1) * 3 + 8 * 1 + 6 * 1;
    const { simulated, idx } = await smallChangesOf(dims);
    expect(byChanges(dims, idx)).toEqual([1, single, pairs]);
    expect(simulated).toHaveLength(1 + single + pairs);
    expect(new Set(simulated).size).toBe(simulated.length);
    expect(idx[0]).toEqual([4, 3, 0]);
  });

  it('every pair of candidates when two fields have at most 40 pairs, else the coarse grid', async () => {
    // 8 x 5 = 40 pairs: every one; 8 x 6 = 48: the coarse candidates, 0 and 8 of T (4 given), 0, 4, 6 of U (3 given).
    const t = ordered('client.timeout', 9, 4);
    const few = await smallChangesOf([t, ordered('client.retries', 6, 3)]);
    expect(byChanges([t, ordered('client.retries', 6, 3)], few.idx)).toEqual([1, 8 + 5, 8 * 5]);
    const many = await smallChangesOf([t, ordered('client.retries', 7, 3)]);
    expect(byChanges([t, ordered('client.retries', 7, 3)], many.idx)).toEqual([1, 8 + 6, 2 * 3]);
    const pairs = many.idx.filter((i) => i[0] !== 4 && i[1] !== 3);
    for (const [a, b] of pairs) {
      expect([0, 8]).toContain(a);
      expect([0, 4, 6]).toContain(b);
    }
  });

  it('no point is simulated twice when changes land on the same configuration', async () => {
    // With no retries the backoff is never used: a change of the backoff then is the scenario as given.
    const retries = { ...ordered('client.retries', 3, 0), values: [0, 1, 2] };
    const backoff = ordered('client.backoff.base', 3, 1);
    const { simulated, idx } = await smallChangesOf([retries, backoff]);
    expect(new Set(simulated).size).toBe(simulated.length);
    expect(new Set(idx.map((i) => i.join(','))).size).toBe(idx.length);
    // As given (retries 0), retries 1 and 2 (the backoff as given), and those with the backoff's 2 other candidates.
    expect(simulated).toHaveLength(1 + 2 + 2 * 2);
  });
});

// The pipeline on a fake simulation: a point passes `latency.call.p95<=1000` when `passes` says so.
const P95 = target('latency.call.p95<=1000');
const BASE_SETS = ['keys.scope=call'];
const PASS = 500;
const FAIL = 1500;

interface Call {
  scenario: Scenario;
  sizing: Sizing | null;
}

function pipelineInput(passes: (s: Scenario) => boolean, calls: Call[], prefer?: string[]): PipelineInput {
  const base = scenarioWith(BASE_SETS);
  return {
    base,
    userTargets: [P95],
    skipped: ['all'],
    prefer,
    dims: searchSpace(base, [], []),
    load: (sets) => scenarioWith([...BASE_SETS, ...sets]),
    simulate: async (scenarios, sizing) =>
      scenarios.map((scenario) => {
        calls.push({ scenario, sizing });
        return simRun({ actions: scenario.actions, callP95: passes(scenario) ? PASS : FAIL });
      }),
    goals: [],
    untilDecided: false,
    maxActions: 10 * base.actions,
    verifyMaxActions: 20 * base.actions,
    want: 2,
    batch: 2,
  };
}

const changed = (input: PipelineInput, s: Scenario): string[] =>
  patchFields(input.base, s, input.dims).map((f) => f.path);

describe('the pipeline tries the smallest changes first', () => {
  it('the scenario as given that passes is the answer: smallest 0, nothing changed', async () => {
    const input = pipelineInput(() => true, []);
    const out = await recommendPipeline(input);
    expect(out.smallest).toBe(0);
    expect(out.choice.status).toBe('recommended');
    expect(out.choice.best.idx).toEqual(input.dims.map((d) => d.given));
    expect(changed(input, out.choice.best.scenario)).toEqual([]);
  });

  it('when only a change of the timeout passes, that one-field change is the answer, not a pair holding it', async () => {
    // Every pair that changes the timeout to 2s passes too: fewer fields come first.
    const input = pipelineInput((s) => s.client.timeout === 2000, []);
    const out = await recommendPipeline(input);
    expect(out.smallest).toBe(1);
    expect(out.choice.best.scenario.client.timeout).toBe(2000);
    expect(changed(input, out.choice.best.scenario)).toEqual(['client.timeout']);
  });

  it('when only a change of two fields passes, smallest is 2', async () => {
    const input = pipelineInput((s) => s.client.timeout === 2000 && s.client.retries === 5, []);
    const out = await recommendPipeline(input);
    expect(out.smallest).toBe(2);
    expect(changed(input, out.choice.best.scenario)).toEqual(['client.timeout', 'client.retries']);
  });

  it('with --prefer the grid search answers: smallest is null', async () => {
    const input = pipelineInput(() => true, [], ['latency.call.p95']);
    const out = await recommendPipeline(input);
    expect(out.smallest).toBeNull();
    expect(out.choice.status).toBe('recommended');
  });

  it('when no change of two fields passes, the grid search answers without simulating a small change again', async () => {
    // Three fields at the top of their ranges: on the coarse grid, out of reach of one or two changes.
    const calls: Call[] = [];
    const passes = (s: Scenario): boolean =>
      s.client.timeout === 2000 && s.client.retries === 5 && s.client.backoff.base === 2000;
    const input = pipelineInput(passes, calls);
    const out = await recommendPipeline(input);
    expect(out.smallest).toBeNull();
    expect(out.choice.status).toBe('recommended');
    expect(passes(out.choice.best.scenario)).toBe(true);
    expect(changed(input, out.choice.best.scenario).length).toBeGreaterThanOrEqual(3);
    // The search's runs: the scenario's seed at the search's actions (the base run is longer, verification has its own seed).
    const searchRuns = calls.filter(
      (c) => c.scenario.seed !== verificationSeed(input.base.seed) && c.scenario.actions === input.base.actions,
    );
    const configurations = searchRuns.map((c) => DEFAULT_PATHS.map((p) => String(valueAt(c.scenario, p))).join(' '));
    expect(new Set(configurations).size).toBe(configurations.length);
    expect(searchRuns).toHaveLength(out.search.points.filter((p) => p.search !== undefined).length);
    expect(out.search.points.some((p) => p.round > 0)).toBe(true);
  });
});
