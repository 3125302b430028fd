// The optional fields of MODEL.md A to C (service crashes, transactions and leases, an arrival
// profile, incidents, the time series' interval, the agent's check before it repeats):
// read with their units and defaults, refused with a located message when wrong, warned
// about when accepted but without effect, and off unless written.
import { describe, expect, test } from 'vitest';
import {
  defaultScenario,
  defaultsWithSets,
  formatIssue,
  formatWarning,
  loadScenario,
} from '../../src/scenario/index.js';
import { LIMITS } from '../../src/model/limits.js';
import { parseVary } from '../../src/scenario/vary.js';
import { FILE, issue, issues, valid } from './helpers.js';

const warnings = (text: string, sets: readonly string[] = []): string[] => {
  const outcome = loadScenario(text, FILE, sets);
  if (!outcome.ok) return expect.fail(outcome.issues.map(formatIssue).join('\n'));
  return outcome.warnings.map(formatWarning);
};

describe('optional fields are off by default', () => {
  test('the defaults turn every feature of MODEL.md A to C off: no crash, no lease, no profile, no incident, no series interval, no check', () => {
    const s = valid('{}');
    expect(s.service.crash).toEqual({ probability: 0, afterEffect: 0.5 });
    expect(s.keys).toMatchObject({ transactional: false, lease: 'none', leaseRenewal: false });
    expect(s.arrivals.profile).toEqual([]);
    expect(s.incidents).toEqual([]);
    expect(s.report).toEqual({ interval: 'none' });
    expect(s.agent.checkFirst).toEqual({ probability: 0, latency: 200 });
  });

  test('a group with nothing under it takes its defaults', () => {
    expect(valid('service:\n  crash:\nagent:\n  checkFirst:\nreport:\n')).toEqual(valid('{}'));
  });
});

describe('the scalar optional fields', () => {
  test('service.crash: probabilities as numbers or percentages', () => {
    expect(valid('service: { crash: { probability: 2%, afterEffect: 0.25 } }').service.crash).toEqual({
      probability: 0.02,
      afterEffect: 0.25,
    });
  });

  test('keys: transactional and leaseRenewal are booleans; lease is a duration or none', () => {
    const s = valid('keys: { transactional: false, lease: 1.5 s, leaseRenewal: true }');
    expect(s.keys).toMatchObject({ transactional: false, lease: 1500, leaseRenewal: true });
    expect(valid('keys: { lease: none }').keys.lease).toBe('none');
    expect(valid('keys: { lease: 90000 }').keys.lease).toBe(90_000);
  });

  test('agent.checkFirst and report.interval read durations in their units', () => {
    const s = valid('agent: { checkFirst: { probability: 0.5, latency: 250 } }\nreport: { interval: 10m }');
    expect(s.agent.checkFirst).toEqual({ probability: 0.5, latency: 250 });
    expect(s.report.interval).toBe(600_000);
    expect(valid('agent: { checkFirst: { latency: 0 } }').agent.checkFirst.latency).toBe(0);
  });

  test.each([
    ['service: { crash: { probability: 1.5 } }', 'service.crash.probability', 'between 0 and 1', 1, 34],
    ['service: { crash: { afterEffect: -1 } }', 'service.crash.afterEffect', 'between 0 and 1', 1, 34],
    ['keys: { lease: 0 }', 'keys.lease', 'greater than 0', 1, 16],
    ['keys: { lease: 0s }', 'keys.lease', 'greater than 0', 1, 16],
    ['agent: { checkFirst: { probability: 2 } }', 'agent.checkFirst.probability', 'between 0 and 1', 1, 37],
    ['agent: { checkFirst: { latency: -1ms } }', 'agent.checkFirst.latency', 'at least 0', 1, 33],
    ['report: { interval: 0 }', 'report.interval', 'greater than 0', 1, 21],
  ])('%s is out of range', (text, path, range, line, col) => {
    const found = issue(text);
    expect(found).toMatchObject({ code: 'out-of-range', path, line, col });
    expect(found.message).toContain(`${path}: must be ${range}`);
  });

  test('wrong types and words are refused with what to write', () => {
    expect(issue('keys: { transactional: yes }')).toMatchObject({ code: 'wrong-type', path: 'keys.transactional' });
    expect(issue('keys: { lease: never }').message).toBe(
      'keys.lease: found the string "never"; write none or a duration such as 30s (a plain number is milliseconds)',
    );
    expect(issue('report: { interval: "60" }').code).toBe('missing-unit');
  });

  test('an unknown member of an optional group suggests the closest', () => {
    const found = issue('service:\n  crash:\n    afterEfect: 0.3\n');
    expect(found).toMatchObject({ code: 'unknown-key', line: 3, col: 5 });
    expect(found.message).toBe('unknown field "afterEfect" in service.crash; did you mean "afterEffect"?');
    expect(issue('agent: { checkFirst: { latncy: 1s } }').message).toContain('did you mean "latency"?');
  });

  test('--set and --vary take the new paths', () => {
    const s = valid('{}', ['keys.lease=30s', 'service.crash.probability=1%', 'report.interval=30s']);
    expect([s.keys.lease, s.service.crash.probability, s.report.interval]).toEqual([30_000, 0.01, 30_000]);
    const vary = parseVary('service.crash.probability=0,0.01');
    expect(vary).toMatchObject({ ok: true, vary: { values: [0, 0.01], kind: 'probability' } });
    expect(parseVary('keys.lease=none,30s')).toMatchObject({ ok: true, vary: { values: ['none', 30_000] } });
  });

  test('a list is set whole, not varied', () => {
    const s = valid('{}', ['incidents=[{ at: 1m, for: 2m, errorRate: 50% }]']);
    expect(s.incidents).toEqual([{ at: 60_000, for: 120_000, errorRate: 0.5 }]);
    expect(parseVary('incidents=[]')).toMatchObject({ ok: false });
    expect(issue('{}', ['arrivals.profile.until=3']).message).toContain('did you mean "arrivals.profile"?');
  });
});

describe('arrivals.profile', () => {
  test('reads steps with units, in flow or block form; numbers are ms', () => {
    const text = [
      'arrivals:',
      '  rate: 50',
      '  profile:',
      '    - { until: 10m, rate: 5 }',
      '    - until: 1.5 h',
      '      rate: 0',
      '    - { rate: 80, until: 6000000 }',
    ].join('\n');
    expect(valid(text).arrivals.profile).toEqual([
      { until: 600_000, rate: 5 },
      { until: 5_400_000, rate: 0 },
      { until: 6_000_000, rate: 80 },
    ]);
  });

  test('an empty list, or the key with nothing after it, is no profile', () => {
    expect(valid('arrivals: { profile: [] }').arrivals.profile).toEqual([]);
    expect(valid('arrivals:\n  profile:\n').arrivals.profile).toEqual([]);
  });

  test('an until that does not increase is refused at that until, naming both values', () => {
    const text = 'arrivals:\n  profile:\n    - { until: 30m, rate: 50 }\n    - { until: 1800s, rate: 150 }\n';
    const found = issue(text);
    expect(found).toMatchObject({ code: 'not-increasing', path: 'arrivals.profile[1].until', line: 4, col: 16 });
    expect(found.message).toBe(
      "arrivals.profile[1].until: 1800s is not after the previous step's until 30m; list the steps in time order, each until later than the one before",
    );
  });

  test('each step out of order is reported, each at its own line', () => {
    const text =
      'arrivals:\n  profile:\n    - { until: 3m, rate: 1 }\n    - { until: 2m, rate: 1 }\n    - { until: 1m, rate: 1 }\n';
    expect(issues(text).map((i) => [i.code, i.line])).toEqual([
      ['not-increasing', 4],
      ['not-increasing', 5],
    ]);
  });

  test('a profile that is not a list, or a step that is not a map, is a wrong type', () => {
    expect(issue('arrivals: { profile: 5 }')).toMatchObject({ code: 'wrong-type', line: 1, col: 22 });
    expect(issue('arrivals: { profile: { until: 1m, rate: 5 } }').message).toContain('write a list of steps such as');
    const step = issue('arrivals:\n  profile:\n    - 5\n');
    expect(step).toMatchObject({ code: 'wrong-type', path: 'arrivals.profile[0]', line: 3, col: 7 });
    expect(step.message).toBe('arrivals.profile[0]: found the number 5; write a step such as { until: 30m, rate: 50 }');
  });

  test('an unknown member suggests the closest; a missing one is named', () => {
    const unknown = issue('arrivals:\n  profile:\n    - { untill: 30m, rate: 50 }\n');
    expect(unknown).toMatchObject({ code: 'unknown-key', line: 3, col: 9 });
    expect(unknown.message).toBe('unknown field "untill" in arrivals.profile[0]; did you mean "until"?');
    const missing = issue('arrivals:\n  profile:\n    - { until: 30m }\n');
    expect(missing).toMatchObject({ code: 'missing-member', line: 3, col: 7 });
    expect(missing.message).toBe('arrivals.profile[0]: needs rate; write a step such as { until: 30m, rate: 50 }');
  });

  test('out-of-range members and strings without a unit are refused at the member', () => {
    const text = 'arrivals:\n  profile:\n    - { until: 0, rate: 5 }\n    - { until: "10", rate: -1 }\n';
    expect(issues(text).map((i) => [i.code, i.path, i.line, i.col])).toEqual([
      ['out-of-range', 'arrivals.profile[0].until', 3, 16],
      ['missing-unit', 'arrivals.profile[1].until', 4, 16],
      ['out-of-range', 'arrivals.profile[1].rate', 4, 28],
    ]);
    expect(issues(text)[1]?.message).toBe(
      'arrivals.profile[1].until: the string "10" has no unit; write 10 without quotes for milliseconds, or add a unit as in "10s"',
    );
  });

  test(`a list longer than ${LIMITS.maxListItems} items is refused at the first item over the limit`, () => {
    const steps = Array.from({ length: LIMITS.maxListItems + 1 }, (_, i) => `  - { until: ${i + 1}s, rate: 1 }`);
    const found = issue(`arrivals:\n profile:\n${steps.join('\n')}\n`);
    expect(found).toMatchObject({ code: 'too-many-items', path: 'arrivals.profile', line: LIMITS.maxListItems + 3 });
    expect(found.message).toBe(
      `arrivals.profile: ${LIMITS.maxListItems + 1} items, more than the limit of ${LIMITS.maxListItems}; merge neighbouring items into fewer, longer ones`,
    );
    expect(valid(`arrivals:\n profile:\n${steps.slice(1).join('\n')}\n`).arrivals.profile).toHaveLength(
      LIMITS.maxListItems,
    );
  });
});

describe('incidents', () => {
  test('reads windows with units and percentages, members in a fixed order, only those named', () => {
    const text = [
      'incidents:',
      '  - { replyLoss: 10%, at: 10m, for: 5m, latencyFactor: 4 }',
      '  - at: 0',
      '    for: 1.5 s',
      '    errorRate: 0.2',
      '    requestLoss: 0.05',
    ].join('\n');
    const { incidents } = valid(text);
    expect(incidents).toEqual([
      { at: 600_000, for: 300_000, latencyFactor: 4, replyLoss: 0.1 },
      { at: 0, for: 1500, errorRate: 0.2, requestLoss: 0.05 },
    ]);
    expect(Object.keys(incidents[0] ?? {})).toEqual(['at', 'for', 'latencyFactor', 'replyLoss']);
  });

  test('an empty list is none', () => {
    expect(valid('incidents: []').incidents).toEqual([]);
  });

  test('an incident that names no effect is refused: it changes nothing', () => {
    const found = issue('incidents:\n  - at: 10m\n    for: 5m\n');
    expect(found).toMatchObject({ code: 'empty-incident', path: 'incidents[0]', line: 2, col: 5 });
    expect(found.message).toBe(
      'incidents[0]: names no effect, so it changes nothing; add latencyFactor, errorRate, requestLoss or replyLoss, or remove it',
    );
  });

  test('a misspelt effect is reported once, as unknown, with the closest name', () => {
    const found = issue('incidents:\n  - { at: 1m, for: 1m, latencyFactr: 2 }\n');
    expect(found).toMatchObject({ code: 'unknown-key', line: 2, col: 24 });
    expect(found.message).toBe('unknown field "latencyFactr" in incidents[0]; did you mean "latencyFactor"?');
  });

  test('missing at or for is named, with an example', () => {
    expect(issue('incidents: [{ at: 1m, errorRate: 0.1 }]').message).toBe(
      'incidents[0]: needs for; write a window such as { at: 10m, for: 5m, errorRate: 0.2 }',
    );
    expect(issue('incidents: [{ errorRate: 0.1 }]').message).toContain('needs at and for;');
  });

  test.each([
    ['{ at: -1s, for: 1m, errorRate: 0.1 }', 'incidents[0].at', 'at least 0'],
    ['{ at: 1m, for: 0, errorRate: 0.1 }', 'incidents[0].for', 'greater than 0'],
    ['{ at: 1m, for: 1m, latencyFactor: 0 }', 'incidents[0].latencyFactor', 'greater than 0'],
    ['{ at: 1m, for: 1m, errorRate: 2 }', 'incidents[0].errorRate', 'between 0 and 1'],
    ['{ at: 1m, for: 1m, requestLoss: 150% }', 'incidents[0].requestLoss', 'between 0 and 1'],
    ['{ at: 1m, for: 1m, replyLoss: -0.1 }', 'incidents[0].replyLoss', 'between 0 and 1'],
  ])('%s is out of range', (item, path, range) => {
    const found = issue(`incidents: [${item}]`);
    expect(found).toMatchObject({ code: 'out-of-range', path, line: 1 });
    expect(found.message).toContain(`${path}: must be ${range}`);
  });

  test('wrong types: not a list, an item not a map, an effect not a number', () => {
    expect(issue('incidents: { at: 1m }')).toMatchObject({ code: 'wrong-type', path: 'incidents' });
    expect(issue('incidents:\n  -\n').message).toBe(
      'incidents[0]: found nothing (an empty item); write a window such as { at: 10m, for: 5m, errorRate: 0.2 }, or remove the line',
    );
    expect(issue('incidents: [{ at: 1m, for: 1m, latencyFactor: big }]')).toMatchObject({
      code: 'wrong-type',
      path: 'incidents[0].latencyFactor',
    });
    expect(issue('incidents: [{ at: 1m, for: 1m, errorRate: "0.2" }]').code).toBe('missing-unit');
  });

  test('every bad item is reported, none hiding another', () => {
    const text = 'incidents:\n  - { at: 1m, for: 1m }\n  - { at: 1m, for: 0, errorRate: 0.1 }\n  - 7\n';
    expect(issues(text).map((i) => [i.code, i.line])).toEqual([
      ['empty-incident', 2],
      ['out-of-range', 3],
      ['wrong-type', 4],
    ]);
  });
});

describe('warnings: accepted, but without effect', () => {
  test('a lease beside transactional: true is a warning at the lease key, and the scenario loads', () => {
    expect(warnings('keys:\n  transactional: true\n  lease: 30s\n')).toEqual([
      `${FILE}:3:3: warning: keys.lease: a crashed transaction holds no row: lease has no effect with transactional: true; remove lease, or set transactional: false`,
    ]);
  });

  test('leaseRenewal beside transactional: true is a warning too, one per field', () => {
    expect(warnings('keys: { transactional: true, lease: 1m, leaseRenewal: true }')).toEqual([
      expect.stringMatching(/:1:30: warning: keys\.lease: a crashed transaction holds no row: lease has no effect/),
      expect.stringMatching(/:1:41: warning: keys\.leaseRenewal: a crashed transaction holds no row: leaseRenewal/),
    ]);
  });

  test('renewal without a lease does nothing', () => {
    expect(warnings('keys:\n  leaseRenewal: true\n')).toEqual([
      `${FILE}:2:3: warning: keys.leaseRenewal: renewal without a lease does nothing (keys.lease is none); give keys.lease a duration such as 90s, or remove leaseRenewal`,
    ]);
  });

  test('a warning about a --set points into the --set', () => {
    expect(warnings('keys: { transactional: true }', ['keys.lease=30s'])).toEqual([
      expect.stringMatching(/^--set keys\.lease=30s:1:6: warning: keys\.lease: /),
    ]);
  });

  test('no warning for a lease without a transaction, nor for lease: none beside one', () => {
    expect(warnings('keys: { lease: 90s, leaseRenewal: true }')).toEqual([]);
    expect(warnings('keys: { transactional: true, lease: none, leaseRenewal: false }')).toEqual([]);
    expect(defaultsWithSets()).toMatchObject({ ok: true, warnings: [] });
  });

  test('a scenario with warnings loads to what it says', () => {
    const outcome = loadScenario('keys: { transactional: true, lease: 30s }', FILE);
    expect(outcome.ok && outcome.scenario.keys).toEqual({
      ...defaultScenario().keys,
      transactional: true,
      lease: 30_000,
    });
  });
});
