import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { METRICS } from '../../src/model/metrics.js';
import { defaultScenario, formatIssue, loadScenario, scenarioToYaml } from '../../src/scenario/index.js';
import type { Bound, Incident, JitterSpec, Layer, ProfileStep, Scenario } from '../../src/model/scenario.js';
import { Claim, Jitter, KeyErrors, Scope } from '../../src/model/scenario.js';
import { PRESET_NAMES } from '../../src/model/presets.js';
import { HANDLER_NAMES } from '../../src/model/handlers.js';
import { CONTROL } from '../../src/scenario/kinds.js';
import { MIN_RATE } from '../../src/model/limits.js';
import { LAYER_PRESETS, MAX_LAYERS } from '../../src/model/layers.js';
import { timeBeyondLimit } from '../../src/scenario/time-span.js';

const reload = (scenario: Scenario): Scenario => {
  const outcome = loadScenario(scenarioToYaml(scenario), 'roundtrip.yaml');
  if (!outcome.ok) throw new Error(outcome.issues.map(formatIssue).join('\n'));
  return outcome.scenario;
};

const positive = (max: number) => fc.double({ min: Number.MIN_VALUE, max, noNaN: true });
const nonNegative = (max: number) => fc.double({ min: 0, max, noNaN: true });
const probability = nonNegative(1);
const duration = nonNegative(1e12);
const range = fc.tuple(duration, duration).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));
const count = fc.integer({ min: 0, max: 100 });

const bound = (unit: string): fc.Arbitrary<Bound> => {
  const value =
    unit === 'ratio'
      ? probability
      : unit === 'ms' || unit === 'bytes'
        ? duration
        : fc.double({ min: -1e9, max: 1e9, noNaN: true }).map((x) => x + 0);
  return fc
    .record({ min: value, max: value }, { requiredKeys: [] })
    .filter((b) => b.min !== undefined || b.max !== undefined)
    .map((b) => (b.min !== undefined && b.max !== undefined && b.min > b.max ? { min: b.max, max: b.min } : b));
};

const expectBlock: fc.Arbitrary<Record<string, Bound>> = fc
  .subarray([...METRICS])
  .chain((metrics) => fc.tuple(...metrics.map((m) => bound(m.unit).map((b) => [m.name, b] as const))))
  .map((entries) => Object.fromEntries(entries));

/** Steps with strictly increasing `until` (distinct values, sorted), rates 0 or >= MIN_RATE. */
const profile: fc.Arbitrary<ProfileStep[]> = fc.uniqueArray(positive(1e12), { maxLength: 4 }).chain((untils) => {
  const sorted = [...untils].sort((a, b) => a - b);
  const rate = fc.oneof(fc.constant(0), fc.double({ min: MIN_RATE, max: 1e9, noNaN: true }));
  return fc.tuple(...sorted.map((until) => rate.map((r) => ({ until, rate: r }))));
});

/** Windows naming at least one effect. */
const incident: fc.Arbitrary<Incident> = fc
  .record(
    {
      at: duration,
      for: positive(1e12),
      latencyFactor: positive(1e6),
      errorRate: probability,
      requestLoss: probability,
      replyLoss: probability,
    },
    { requiredKeys: ['at', 'for'] },
  )
  .filter((i) => [i.latencyFactor, i.errorRate, i.requestLoss, i.replyLoss].some((x) => x !== undefined));

/** A jitter word, or `{ proportional: [lo, hi] }` with 0 <= lo <= hi (hi may exceed 1). */
const jitter: fc.Arbitrary<JitterSpec> = fc.oneof(
  fc.constantFrom(...(Object.keys(Jitter) as (keyof typeof Jitter)[])),
  fc
    .tuple(nonNegative(1e6), nonNegative(1e6))
    .map(([a, b]): JitterSpec => ({ proportional: [Math.min(a, b), Math.max(a, b)] })),
);

/** `none`, or a map (MODEL.md D, real clients); numbers may be fractional where the field allows. */
const none = fc.constant('none' as const);
const throttle = fc.oneof(
  none,
  fc.record({
    capacity: nonNegative(1e6),
    retryCost: nonNegative(1e3),
    timeoutCost: nonNegative(1e3),
    successRefill: nonNegative(10),
  }),
);
const budget = fc.oneof(none, fc.record({ percent: nonNegative(100), minConcurrency: count }));
const hedge = fc.oneof(none, fc.record({ after: duration, max: fc.integer({ min: 1, max: 100 }) }));

/**
 * A retry layer with every member (MODEL.md E). The writer writes them all, so the preset
 * (which fills only what a file leaves out) gives nothing back on reading: the layer reads
 * back as written, whatever preset it names.
 */
const layer: fc.Arbitrary<Layer> = fc.record({
  preset: fc.constantFrom('none' as const, ...LAYER_PRESETS),
  retries: count,
  retryConflicts: fc.boolean(),
  backoff: fc.record({ base: duration, multiplier: nonNegative(100), max: duration, jitter, floor: duration }),
  timeout: fc.oneof(none, positive(1e12)),
  deadline: fc.oneof(none, positive(1e12)),
  newCall: fc.boolean(),
});

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    name: fc.string().filter((s) => !CONTROL.test(s)),
    description: fc.string().filter((s) => !CONTROL.test(s)),
    seed: fc.oneof(
      fc.maxSafeInteger(),
      fc.string().filter((s) => !CONTROL.test(s)),
    ),
    actions: fc.integer({ min: 1, max: 100_000_000 }),
    arrivals: fc.record({ rate: fc.double({ min: MIN_RATE, max: 1e9, noNaN: true }), profile }),
    service: fc.record({
      latency: fc.record({ median: positive(1e9), sigma: nonNegative(10) }),
      errorRate: probability,
      concurrency: fc.oneof(fc.constant('unlimited' as const), fc.integer({ min: 1, max: 1e6 })),
      crash: fc.record({ probability, afterEffect: probability }),
      failure: fc.record({ probability, afterEffect: probability }),
    }),
    network: fc.record({ requestLoss: probability, replyLoss: probability }),
    client: fc.record({
      preset: fc.constantFrom('none' as const, ...PRESET_NAMES),
      timeout: positive(1e9),
      retries: count,
      retryConflicts: fc.boolean(),
      backoff: fc.record({
        base: duration,
        multiplier: nonNegative(100),
        max: duration,
        jitter,
        floor: duration,
      }),
      deadline: fc.oneof(fc.constant('none' as const), duration),
      throttle,
      budget,
      hedge,
      layers: fc.array(layer, { maxLength: MAX_LAYERS }),
    }),
    keys: fc.record({
      scope: fc.constantFrom(...(Object.keys(Scope) as (keyof typeof Scope)[])),
      // A handler profile fills the keys fields a file leaves out: the case below.
      handler: fc.constant('reference' as const),
      retention: positive(1e12),
      claim: fc.constantFrom(...(Object.keys(Claim) as (keyof typeof Claim)[])),
      raceWindow: duration,
      fingerprint: fc.boolean(),
      recordBytes: nonNegative(1e12),
      transactional: fc.boolean(),
      errors: fc.constantFrom(...(Object.keys(KeyErrors) as (keyof typeof KeyErrors)[])),
      mismatchStatus: fc.integer({ min: 400, max: 499 }),
      fingerprintWhileRunning: fc.boolean(),
      lease: fc.oneof(fc.constant('none' as const), positive(1e12)),
      leaseRenewal: fc.boolean(),
    }),
    agent: fc.record({
      replan: fc.record({ probability, max: count, delay: range, argsChange: probability }),
      crash: fc.record({ probability, max: count, resumeDelay: range }),
      identicalRepeats: probability,
      checkFirst: fc.record({ probability, latency: duration }),
    }),
    incidents: fc.array(incident, { maxLength: 3 }),
    report: fc.record({ interval: positive(1e12) }),
    expect: expectBlock,
  })
  // Hedging excludes retries (the loader refuses both): a hedged scenario makes no retry.
  .map((s) => (s.client.hedge === 'none' ? s : { ...s, client: { ...s.client, retries: 0 } }))
  // Nor can a run last longer, or its median service time, than idemsim measures (scenario/time-span.ts).
  .filter((s) => timeBeyondLimit(s) === undefined);

describe('scenarioToYaml', () => {
  test('the defaults read back equal', () => {
    expect(reload(defaultScenario())).toEqual(defaultScenario());
  });

  test('writes durations and sizes in their units, in the order of the Scenario type', () => {
    const text = scenarioToYaml({ ...defaultScenario(), expect: { 'latency.call.p95': { max: 5000 } } });
    expect(text).toContain('  timeout: 1s\n');
    expect(text).toContain('  backoff: { base: 100ms, multiplier: 2, max: 10s, jitter: full }\n');
    expect(text).toContain('expect:\n  latency.call.p95: { max: 5s }\n');
    expect(text.indexOf('name:')).toBeLessThan(text.indexOf('expect:'));
  });

  test('a scenario using no optional field is written exactly as before they existed', () => {
    const text = scenarioToYaml(defaultScenario());
    for (const key of [
      'profile',
      'crash: {',
      'transactional',
      'lease',
      'checkFirst',
      'incidents',
      'report',
      'interval',
    ])
      expect(text).not.toContain(key);
    expect(text).toContain('  recordBytes: 200\nagent:\n');
    expect(text).toContain('  identicalRepeats: 0\nexpect: {}\n');
  });

  test('writes each optional field only where it differs from its default, lists as block lists of flow maps', () => {
    const s = defaultScenario();
    s.arrivals.profile = [
      { until: 1_800_000, rate: 50 },
      { until: 2_400_000, rate: 150 },
    ];
    s.service.crash.afterEffect = 0.3;
    s.keys.lease = 90_000;
    s.incidents = [{ at: 600_000, for: 300_000, latencyFactor: 4, errorRate: 0.2 }];
    const text = scenarioToYaml(s);
    expect(text).toContain('  rate: 50\n  profile:\n    - { until: 30m, rate: 50 }\n    - { until: 40m, rate: 150 }\n');
    expect(text).toContain('  concurrency: unlimited\n  crash:\n    afterEffect: 0.3\nnetwork:');
    expect(text).toContain('  recordBytes: 200\n  lease: 90s\nagent:');
    expect(text).toContain(
      '  identicalRepeats: 0\nincidents:\n  - { at: 10m, for: 5m, latencyFactor: 4, errorRate: 0.2 }\nexpect:',
    );
    expect(reload(s)).toEqual(s);
  });

  test('writes a proportional jitter as a flow map, MODEL.md style, and the floor where set', () => {
    const s = defaultScenario();
    s.client.backoff.jitter = { proportional: [0.75, 1] };
    s.client.backoff.floor = 500;
    expect(scenarioToYaml(s)).toContain(
      '  backoff: { base: 100ms, multiplier: 2, max: 10s, jitter: { proportional: [0.75, 1] }, floor: 500ms }\n',
    );
    expect(reload(s)).toEqual(s);
  });

  // MODEL.md F: a profile fills every keys field the file does not write, so the writer must
  // write a field the profile would change even where it is at idemsim's default.
  test('a scenario naming a handler profile reads back equal', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(...HANDLER_NAMES), (s, handler) => {
        const named: Scenario = { ...s, keys: { ...s.keys, handler } };
        expect(reload(named)).toEqual(named);
      }),
    );
  });

  test('any valid scenario reads back equal', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(reload(s)).toEqual(s);
      }),
      { numRuns: 300 },
    );
  });
});
