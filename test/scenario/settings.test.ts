// A scenario as a report shows it: which fields the file and --set wrote (the rest took
// their defaults), and every field's value as text in its unit.
import { describe, expect, it } from 'vitest';
import { defaultScenario, defaultsWithSets, loadScenario } from '../../src/scenario/index.js';
import { defaultFields, scenarioSettings } from '../../src/scenario/settings.js';
import { FIELDS } from '../../src/model/fields.js';

function given(text: string, sets: readonly string[] = []): string[] {
  const outcome = loadScenario(text, 's.yaml', sets);
  if (!outcome.ok) throw new Error(outcome.issues.map((issue) => issue.message).join('; '));
  return outcome.given;
}

const valueOf = (path: string, scenario = defaultScenario()): string | undefined =>
  scenarioSettings(scenario).find((s) => s.path === path)?.value;

describe('the fields a scenario was given', () => {
  it('are those the file or a --set wrote, in field-table order', () => {
    expect(given('keys: { scope: intent }\nclient:\n  timeout: 2s\n', ['seed=7'])).toEqual([
      'seed',
      'client.timeout',
      'keys.scope',
    ]);
  });

  it('count a compound field written in part (a latency median) as given', () => {
    expect(given('{}', ['service.latency.median=200ms'])).toEqual(['service.latency']);
  });

  it('are none for the built-in defaults, and an empty group gives none', () => {
    expect(defaultsWithSets()).toMatchObject({ ok: true, given: [] });
    expect(given('agent:\n')).toEqual([]);
  });
});

describe('defaultFields', () => {
  it('lists the fields not given whose value is the default', () => {
    const scenario = { ...defaultScenario(), name: 's' };
    const defaults = defaultFields(scenario, ['client.timeout']);
    expect(defaults).not.toContain('client.timeout');
    expect(defaults).not.toContain('name');
    expect(defaults).toContain('client.retries');
    expect(defaults).toContain('expect');
    expect(defaults).toContain('sweep');
  });

  it('leaves out the optional fields at their default, as the settings table does', () => {
    const defaults = defaultFields(defaultScenario(), []);
    for (const field of FIELDS.filter((f) => f.optional === true)) expect(defaults).not.toContain(field.path);
    const scenario = defaultScenario();
    scenario.keys.lease = 30_000;
    expect(defaultFields(scenario, ['keys.lease'])).not.toContain('keys.lease');
  });

  it('lists them for a scenario that carries optional metrics, whose settings table shows every field', () => {
    const scenario = defaultScenario();
    scenario.service.crash.probability = 0.01;
    const defaults = defaultFields(scenario, ['service.crash.probability']);
    expect(defaults).toContain('service.crash.afterEffect');
    expect(defaults).toContain('keys.lease');
    expect(defaults).not.toContain('service.crash.probability');
  });

  it('does not call a value the run changed a default (a sized run reached more actions)', () => {
    const scenario = { ...defaultScenario(), actions: 64_000 };
    expect(defaultFields(scenario, [])).not.toContain('actions');
  });
});

describe('scenarioSettings', () => {
  it('lists every field but the name, the description and the optional fields at their default, in field-table order', () => {
    const paths = FIELDS.filter((field) => field.optional !== true)
      .map((field) => field.path)
      .filter((path) => path !== 'name' && path !== 'description');
    expect(scenarioSettings(defaultScenario()).map((s) => s.path)).toEqual(paths);
  });

  it('lists an optional field once it differs from its default, in field-table order, with its unit', () => {
    const outcome = loadScenario(
      [
        'arrivals:',
        '  profile: [{ until: 30m, rate: 50 }, { until: 40m, rate: 150 }]',
        'service: { crash: { probability: 1% } }',
        'keys: { lease: 90s, leaseRenewal: true }',
        'agent: { checkFirst: { probability: 0.5 } }',
        'incidents:',
        '  - { at: 10m, for: 10m, latencyFactor: 4, errorRate: 0.2 }',
        '  - { at: 1h, for: 30s, requestLoss: 5%, replyLoss: 0.1 }',
        'report: { interval: 30s }',
      ].join('\n'),
      's.yaml',
    );
    if (!outcome.ok) throw new Error('does not load');
    const shown = scenarioSettings(outcome.scenario);
    const paths = shown.map((setting) => setting.path);
    expect(paths.filter((path) => FIELDS.find((f) => f.path === path)?.optional === true)).toEqual([
      'arrivals.profile',
      'service.crash.probability',
      'keys.lease',
      'keys.leaseRenewal',
      'agent.checkFirst.probability',
      'incidents',
      'report.interval',
    ]);
    expect(valueOf('arrivals.profile', outcome.scenario)).toBe(
      '50/s until 30 min, 150/s until 40 min, then the base rate',
    );
    expect(valueOf('service.crash.probability', outcome.scenario)).toBe('1%');
    expect(valueOf('keys.lease', outcome.scenario)).toBe('1.5 min');
    expect(valueOf('keys.leaseRenewal', outcome.scenario)).toBe('true');
    expect(valueOf('incidents', outcome.scenario)).toBe(
      '10 min for 10 min: latency x4, errors 20%; 1 h for 30 s: request loss 5%, reply loss 10%',
    );
    expect(valueOf('report.interval', outcome.scenario)).toBe('30 s');
    expect(shown.find((setting) => setting.path === 'service.crash.probability')).toMatchObject({
      group: 'service',
      groupDoc: 'the service behind the tool',
    });
  });

  it('writes each value in its unit', () => {
    expect(valueOf('client.timeout')).toBe('1 s');
    expect(valueOf('client.retries')).toBe('3');
    expect(valueOf('client.backoff.base')).toBe('100 ms');
    expect(valueOf('client.backoff.max')).toBe('10 s');
    expect(valueOf('keys.retention')).toBe('1 h');
    expect(valueOf('keys.recordBytes')).toBe('200 B');
    expect(valueOf('network.replyLoss')).toBe('2%');
    expect(valueOf('arrivals.rate')).toBe('50');
    expect(valueOf('actions')).toBe('4,000');
    expect(valueOf('service.latency')).toBe('median 300 ms, sigma 0.6');
    expect(valueOf('service.concurrency')).toBe('unlimited');
    expect(valueOf('client.deadline')).toBe('none');
    expect(valueOf('agent.replan.delay')).toBe('2 s to 2 min');
    expect(valueOf('keys.fingerprint')).toBe('true');
    expect(valueOf('expect')).toBe('none');
    expect(valueOf('sweep')).toBe('none');
  });

  it('writes expect: bounds in their metric units, and a sweep as --vary would take it', () => {
    const outcome = loadScenario(
      'expect:\n  duplicatesPerThousand: { max: 1 }\n  latency.call.p95: { max: 5s }\n  keyStore.steadyStateBytes: { min: 1MB }\nsweep:\n  vary:\n    client.timeout: 400ms..3s:200ms\n',
      's.yaml',
    );
    if (!outcome.ok) throw new Error('does not load');
    expect(valueOf('expect', outcome.scenario)).toBe(
      'duplicatesPerThousand <= 1; latency.call.p95 <= 5 s; keyStore.steadyStateBytes >= 1 MB',
    );
    expect(valueOf('sweep', outcome.scenario)).toMatch(/^client\.timeout=400ms\.\.3s:200ms; metrics /);
  });

  it('names each field its group and its doc', () => {
    const timeout = scenarioSettings(defaultScenario()).find((s) => s.path === 'client.backoff.base');
    expect(timeout).toMatchObject({ group: 'client', groupDoc: 'the tool client: timeout, retries and backoff' });
    expect(scenarioSettings(defaultScenario())[0]).toMatchObject({ path: 'seed', group: '', groupDoc: '' });
  });
});
