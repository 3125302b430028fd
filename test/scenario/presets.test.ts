// `client.preset` (MODEL.md D, real clients): a named client's documented defaults fill the
// client fields the scenario does not write, and `keys.scope` where the client sends its own
// key; any field the file or a --set writes wins, `none` included. A preset whose client has
// no default for a field warns that idemsim's default applies.
import { describe, expect, test } from 'vitest';
import { PRESET_NAMES } from '../../src/model/presets.js';
import { PRESETS, presetValues } from '../../src/presets/presets.js';
import { canonicalScenario } from '../../src/model/canonical-scenario.js';
import type { Scenario } from '../../src/model/scenario.js';
import {
  defaultScenario,
  defaultsWithSets,
  embeddedScenario,
  formatIssue,
  loadScenario,
  scenarioToYaml,
} from '../../src/scenario/index.js';
import { parseVary } from '../../src/scenario/vary.js';
import { FILE, issue, valid } from './helpers.js';

/** The warnings of a text that must load, as `line:col code message`. */
function warnings(text: string, sets: readonly string[] = []): string[] {
  const outcome = loadScenario(text, FILE, sets);
  if (!outcome.ok) return expect.fail(outcome.issues.map(formatIssue).join('\n'));
  return outcome.warnings.map((w) => `${w.line}:${w.col} ${w.code} ${w.message}`);
}

describe('a preset fills the client fields the scenario does not write', () => {
  test("--set client.preset=stripe gives Stripe's client and a key per call", () => {
    const outcome = defaultsWithSets(['client.preset=stripe']);
    if (!outcome.ok) return expect.fail(outcome.issues.map(formatIssue).join('\n'));
    const { client, keys } = outcome.scenario;
    expect(client).toEqual({
      preset: 'stripe',
      timeout: 80_000,
      retries: 2,
      retryConflicts: true,
      backoff: { base: 250, multiplier: 2, max: 5000, jitter: { proportional: [0.5, 1] }, floor: 500 },
      deadline: 'none',
      throttle: 'none',
      budget: 'none',
      hedge: 'none',
      layers: [],
    });
    expect(keys.scope).toBe('call');
  });

  test('aws-standard turns the retry quota on; envoy its retry budget and a route deadline', () => {
    expect(valid('client: { preset: aws-standard }').client).toMatchObject({
      timeout: 60_000,
      retries: 2,
      throttle: { capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 },
    });
    expect(valid('client: { preset: envoy }').client).toMatchObject({
      retries: 1,
      deadline: 15_000,
      budget: { percent: 20, minConcurrency: 3 },
    });
  });

  test('a field the file writes wins over the preset, each one alone', () => {
    const s = valid('client:\n  preset: stripe\n  retries: 5\n  backoff: { floor: 0 }\nkeys: { scope: intent }\n');
    expect(s.client.retries).toBe(5);
    expect(s.client.backoff).toEqual({
      base: 250,
      multiplier: 2,
      max: 5000,
      jitter: { proportional: [0.5, 1] },
      floor: 0,
    });
    expect(s.keys.scope).toBe('intent');
  });

  test('a --set wins over the preset, whether the preset is in the file or in another --set', () => {
    expect(valid('client: { preset: openai }', ['client.timeout=30s']).client.timeout).toBe(30_000);
    expect(valid('{}', ['client.preset=openai', 'client.backoff.jitter=full']).client.backoff.jitter).toBe('full');
  });

  test("none written in the file wins over the preset's throttle", () => {
    expect(valid('client: { preset: aws-standard, throttle: none }').client.throttle).toBe('none');
  });

  test('a map the scenario writes is its own: its missing members take their documented defaults', () => {
    expect(valid('client: { preset: envoy, budget: { minConcurrency: 5 } }').client.budget).toEqual({
      percent: 20,
      minConcurrency: 5,
    });
  });

  test('a preset that fails to read applies nothing, and the issue says what to write', () => {
    expect(issue('client: { preset: opnai }').message).toBe(
      'client.preset: found the string "opnai"; did you mean "openai"? write one of none, openai, anthropic, stripe, aws-standard, aws-2026, langgraph, temporal, envoy, vercel-ai',
    );
  });

  test("a hedge beside a preset's retries names the preset", () => {
    expect(issue('client: { preset: openai, hedge: { after: 1s } }').message).toBe(
      'client.hedge: hedging and retries exclude each other (as in gRPC), and the preset openai sets client.retries 2; set client.retries: 0, or remove client.hedge',
    );
    expect(valid('client: { preset: openai, retries: 0, hedge: { after: 1s } }').client.hedge).toEqual({
      after: 1000,
      max: 1,
    });
  });

  test('--vary takes presets by name', () => {
    expect(parseVary('client.preset=openai,stripe')).toMatchObject({
      ok: true,
      vary: { values: ['openai', 'stripe'], sets: ['client.preset=openai', 'client.preset=stripe'] },
    });
    expect(parseVary('client.preset=openai,strpe')).toMatchObject({ ok: false });
  });
});

describe('every preset', () => {
  test.each(PRESET_NAMES)('%s loads, every value it names in place', (name) => {
    const s = valid(`client:\n  preset: ${name}\n`);
    for (const [path, value] of presetValues(name)) {
      const at = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], s);
      expect(at, path).toEqual(value);
    }
  });

  test.each(PRESET_NAMES.filter((name) => PRESETS[name].requires === undefined))('%s gives no warning', (name) => {
    expect(warnings(`client:\n  preset: ${name}\n`)).toEqual([]);
  });

  test('temporal warns, at the preset, of each field its client has no default for', () => {
    expect(warnings('client:\n  preset: temporal\n')).toEqual([
      "2:3 preset-requires client.preset temporal: the client has no default for client.retries; idemsim's default 3 applies: set client.retries",
      "2:3 preset-requires client.preset temporal: the client has no default for client.timeout; idemsim's default 1s applies: set client.timeout",
      "2:3 preset-requires client.preset temporal: the client has no default for client.deadline; idemsim's default none applies: set client.deadline",
    ]);
  });

  test.each(['langgraph', 'vercel-ai'])("%s warns that the timeout is idemsim's", (name) => {
    expect(warnings(`client:\n  preset: ${name}\n`)).toEqual([
      `2:3 preset-requires client.preset ${name}: the client has no default for client.timeout; idemsim's default 1s applies: set client.timeout`,
    ]);
  });

  test('a required field the scenario sets, in the file or a --set, is not warned about', () => {
    expect(warnings('client: { preset: temporal, retries: 5, timeout: 10s }', ['client.deadline=5m'])).toEqual([]);
  });

  test('a --set preset is warned about at its key in the argument', () => {
    const outcome = defaultsWithSets(['client.preset=vercel-ai']);
    expect(outcome.ok && outcome.warnings).toEqual([
      expect.objectContaining({ file: '--set client.preset=vercel-ai', line: 1, col: 8, code: 'preset-requires' }),
    ]);
  });

  test("a preset's throttle with no retry to limit is warned about at the preset", () => {
    expect(warnings('client:\n  preset: aws-standard\n  retries: 0\n')).toEqual([
      '2:3 nothing-to-limit client.throttle (from the preset aws-standard): client.retries is 0, so there is no retry to limit; set client.retries above 0, or set client.throttle: none',
    ]);
  });
});

describe('a preset scenario written and read back', () => {
  const reload = (s: Scenario): Scenario => {
    const outcome = loadScenario(scenarioToYaml(s), 'roundtrip.yaml');
    if (!outcome.ok) return expect.fail(outcome.issues.map(formatIssue).join('\n'));
    return outcome.scenario;
  };

  test('writes the preset and every value, and reads back equal', () => {
    const s = valid('client: { preset: stripe }');
    const text = scenarioToYaml(s);
    expect(text).toContain('client:\n  preset: stripe\n  timeout: 80s\n  retries: 2\n');
    expect(reload(s)).toEqual(s);
  });

  test('writes a field the scenario set back to its default where the preset would change it', () => {
    const s = valid('client: { preset: aws-standard, throttle: none }\n', [
      'client.preset=stripe',
      'client.backoff.floor=0',
    ]);
    expect(s.client.backoff.floor).toBe(0);
    const text = scenarioToYaml(valid('client: { preset: aws-standard, throttle: none }'));
    expect(text).toContain('  throttle: none\n');
    expect(scenarioToYaml(s)).toContain('floor: 0ms');
    expect(reload(s)).toEqual(s);
  });

  test("a report's copy (canonicalScenario, defaults left out) is read as it ran, the preset not applied again", () => {
    const s = valid('client: { preset: aws-standard, throttle: none }');
    const json = JSON.stringify(canonicalScenario(s));
    expect(json).not.toContain('throttle');
    expect(embeddedScenario(json, 'summary.json')).toEqual(s);
  });

  test("given lists the fields the preset filled: none of them took idemsim's default", () => {
    const outcome = loadScenario('client: { preset: openai, retries: 1 }', FILE);
    expect(outcome.ok && outcome.given).toEqual(
      expect.arrayContaining(['client.preset', 'client.timeout', 'client.retries', 'client.backoff.multiplier']),
    );
    expect(outcome.ok && outcome.given).not.toContain('keys.scope');
    expect(defaultScenario().client.preset).toBe('none');
  });
});
