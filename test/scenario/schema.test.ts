// The JSON Schema against the committed files and against the loader: what an editor flags
// while typing must be what `idemsim validate` reports, except where JSON Schema cannot
// express a rule, and those rules are tested here to be caught by the loader.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FIELDS, type Field } from '../../src/model/fields.js';
import {
  type Issue,
  defaultScenario,
  loadScenario,
  scenarioToYaml,
  starterScenario,
} from '../../src/scenario/index.js';
import { type JsonSchema, scenarioSchema, schemaText } from '../../src/scenario/schema.js';
import { written } from '../../src/scenario/serialize.js';
import { METRICS } from '../../src/model/metrics.js';
import { anyCase } from './fuzz/documents.js';
import { type YamlNode, emit, map, raw } from './fuzz/emit.js';
import { BAD_TEXTS } from './fuzz/pools.js';
import { asJson, beyondSchema, checkAgreement, schemaValidator } from './fuzz/schema-check.js';
import { ALIAS_BOMB } from '../fixtures/malformed.js';

const ROOT = new URL('../../', import.meta.url);
const SCHEMA_FILE = new URL('schema/scenario.schema.json', ROOT);
const SCENARIOS = new URL('scenarios/', ROOT);
const validate = schemaValidator();

const accepts = (text: string): boolean => {
  const json = asJson(text);
  return json !== undefined && validate(json.value);
};

/** `a.b.c: value` as nested maps. */
function documentAt(path: string, value: YamlNode): string {
  const keys = path.split('.');
  let node = value;
  for (const key of keys.slice(1).reverse()) node = map([[key, node]]);
  return emit(map([[keys[0] as string, node]]));
}

describe('the committed schema', () => {
  test('is `idemsim schema` output, byte for byte (regenerate: node bin/idemsim.js schema > schema/scenario.schema.json)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(schemaText());
  });

  test('is draft-07 that ajv compiles in strict mode', () => {
    expect(scenarioSchema().$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(typeof validate).toBe('function');
  });

  const files = readdirSync(SCENARIOS).filter((f) => f.endsWith('.yaml'));

  test.each(files)('scenarios/%s starts with the yaml-language-server line and validates', (file) => {
    const text = readFileSync(new URL(file, SCENARIOS), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../schema/scenario.schema.json');
    const json = asJson(text);
    expect(validate(json?.value), JSON.stringify(validate.errors)).toBe(true);
  });

  test('accepts the starter file `idemsim init` writes', () => {
    expect(accepts(starterScenario('scenario', 'x.json'))).toBe(true);
  });

  test('accepts a scenario using every optional field', () => {
    const text = [
      'arrivals:',
      '  profile:',
      '    - { until: 30m, rate: 50 }',
      '    - until: 40m',
      '      rate: 0',
      'service:',
      '  crash: { probability: 1%, afterEffect: 0.5 }',
      'keys: { transactional: false, lease: 90s, leaseRenewal: true }',
      'agent:',
      '  checkFirst: { probability: 0.5, latency: 200ms }',
      'incidents:',
      '  - { at: 10m, for: 5m, latencyFactor: 4, errorRate: 0.2, requestLoss: 5%, replyLoss: 0.1 }',
      'report: { interval: 30s }',
    ].join('\n');
    expect(loadScenario(text, 'x.yaml').ok).toBe(true);
    expect(accepts(text)).toBe(true);
    expect(accepts('arrivals: { profile: [] }\nincidents:\n')).toBe(true);
  });
});

describe('what the schema tells an editor', () => {
  /** Every property schema of the tree, with its dotted path. */
  function properties(schema: JsonSchema, path = ''): [string, JsonSchema][] {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    return Object.entries(props).flatMap(([key, child]) => {
      const here = path === '' ? key : `${path}.${key}`;
      return [[here, child] as [string, JsonSchema], ...(here === 'expect' ? [] : properties(child, here))];
    });
  }
  const all = properties(scenarioSchema());

  test('every field and group has a description', () => {
    for (const [path, schema] of all) expect(schema.description, path).toMatch(/\S/);
  });

  test('every field has its default, in the form a file writes it, and the default validates', () => {
    for (const field of FIELDS.filter((f) => f.path !== 'name')) {
      const schema = all.find(([path]) => path === field.path)?.[1];
      const value = written(field, field.default);
      expect(schema?.default, field.path).toEqual(value);
      const doc = field.path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
      expect(validate(doc), `${field.path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  test('durations, sizes and probabilities name their units', () => {
    const text = schemaText();
    expect(text).toContain('a number is milliseconds; a string takes a unit: ms, s, m, h, d');
    expect(text).toContain('B, KB, MB, GB (powers of 1000), KiB, MiB, GiB');
    expect(text).toContain('a number from 0 to 1, or a percentage string such as 2%');
  });

  test('each enum word carries its own description', () => {
    const enums = FIELDS.filter((f: Field) => f.kind === 'enum');
    expect(enums.length).toBeGreaterThan(0);
    for (const field of enums) {
      const schema = all.find(([path]) => path === field.path)?.[1] ?? {};
      expect(schema.enum).toEqual(field.values);
      const docs = schema.enumDescriptions as string[];
      expect(docs).toHaveLength(field.values?.length ?? -1);
      for (const [i, doc] of docs.entries())
        expect(doc, `${field.path}: ${String(field.values?.[i])}`).not.toBe(field.values?.[i]);
    }
  });

  test('expect offers exactly the metric catalogue', () => {
    const schema = all.find(([path]) => path === 'expect')?.[1] ?? {};
    expect(Object.keys(schema.properties as object)).toEqual(METRICS.map((m) => m.name));
    expect((schema.propertyNames as { enum: string[] }).enum).toEqual(METRICS.map((m) => m.name));
    expect(schema.additionalProperties).toBe(false);
  });

  test('every map refuses unknown keys', () => {
    const text = schemaText();
    const maps = (text.match(/"properties": \{/g) ?? []).length;
    expect((text.match(/"additionalProperties": false/g) ?? []).length).toBe(maps);
  });
});

// The malformed scenarios of test/cli/e2e.test.ts, by what catches each in an editor.
const MALFORMED_BY_SCHEMA: Record<string, string> = {
  'unknown-key': 'servce:\n  errorRate: 0.1\n',
  'wrong-type': 'client:\n  retries: three\n',
  'negative-rate': 'arrivals:\n  rate: -5\n',
  'probability-1.5': 'network:\n  replyLoss: 1.5\n',
  'sigma-negative': 'service:\n  latency:\n    sigma: -1\n',
  'bad-duration-unit': 'client:\n  timeout: 5 fortnights\n',
  empty: '',
  'numeric-string-without-unit': 'client:\n  timeout: "1000"\n',
  'unknown-expect-metric': 'expect:\n  duplicatesPerThousnd: { max: 1 }\n',
  'actions-zero': 'actions: 0\n',
  // More of what the loader refuses, one rule each.
  'mixed latency forms': 'service:\n  latency: { median: 300ms, p99: 1s }\n',
  'p50 without p99': 'service:\n  latency: { p50: 300ms }\n',
  'a zero timeout as a string': 'client:\n  timeout: 0s\n',
  'a negative duration string': 'keys:\n  raceWindow: -5ms\n',
  'a percentage over 100': 'network:\n  replyLoss: 150%\n',
  'a fractional count': 'client:\n  retries: 2.5\n',
  'concurrency 0': 'service:\n  concurrency: 0\n',
  'unknown enum word': 'keys:\n  scope: intnet\n',
  'an empty bound': 'expect:\n  lostActions: {}\n',
  'a bound of the wrong unit': 'expect:\n  lostActions: { max: 1s }\n',
  'a member not in a range': 'agent:\n  replan:\n    delay: { min: 1s, avg: 2s }\n',
  'a group given a value': 'client: 5\n',
  'actions over the limit': 'actions: 100000001\n',
  'a number beyond 2^53': 'seed: 9007199254740993\n',
  'merge key': 'base: &b { timeout: 1s }\nclient:\n  <<: *b\n',
  // The optional fields.
  'a crash probability over 1': 'service:\n  crash: { probability: 1.5 }\n',
  'a lease of 0': 'keys:\n  lease: 0s\n',
  'a lease word other than none': 'keys:\n  lease: never\n',
  'a zero time-series interval': 'report:\n  interval: 0\n',
  'a profile that is not a list': 'arrivals:\n  profile: { until: 1m, rate: 5 }\n',
  'a profile step without a rate': 'arrivals:\n  profile: [{ until: 1m }]\n',
  'a profile step with an unknown member': 'arrivals:\n  profile: [{ until: 1m, rate: 5, burst: 2 }]\n',
  'a negative profile rate': 'arrivals:\n  profile: [{ until: 1m, rate: -5 }]\n',
  'an incident naming no effect': 'incidents:\n  - { at: 1m, for: 2m }\n',
  'an incident of zero length': 'incidents:\n  - { at: 1m, for: 0, errorRate: 0.1 }\n',
  'an incident error rate over 1': 'incidents:\n  - { at: 1m, for: 1m, errorRate: 120% }\n',
  'an incident with a misspelt effect': 'incidents:\n  - { at: 1m, for: 1m, latencyFactr: 2 }\n',
  'a list over the limit': `incidents: [${Array(1001).fill('{ at: 0, for: 1, errorRate: 0 }').join(', ')}]\n`,
  // Found by `npm run fuzz`: the loader took an empty top-level key for the top level itself.
  'an empty key': '"": { actions: 5 }\nactions: 7\n',
};

// Caught by the YAML parser of the editor, before any schema applies.
const MALFORMED_BY_YAML: Record<string, string> = {
  'yaml-syntax': 'name: x\nservice:\n  latency: { median: 300ms\n',
  'alias-bomb': ALIAS_BOMB,
  'duplicate key': 'actions: 1\nactions: 2\n',
};

// Rules JSON Schema cannot express: the schema accepts these, the loader alone refuses them.
const LOADER_ONLY: Record<string, [text: string, code: string]> = {
  'range min above max (relates two values)': ['agent:\n  replan:\n    delay: { min: 5m, max: 1m }\n', 'range-order'],
  'range min above the default max': ['agent:\n  crash:\n    resumeDelay: { min: 1h }\n', 'range-order'],
  'p99 below p50 (relates two values)': ['service:\n  latency: { p50: 2s, p99: 1s }\n', 'range-order'],
  'bound min above max (relates two values)': ['expect:\n  lostActions: { min: 2, max: 1 }\n', 'range-order'],
  'a string number past 2^53 (its size is not a regular language)': [
    'client:\n  timeout: 99999999999999999999ms\n',
    'unsafe-number',
  ],
  'an exponent past the float range': ['client:\n  timeout: 1e400s\n', 'not-finite'],
  'a percentage over 100 with an exponent': ['network:\n  replyLoss: 2e3%\n', 'out-of-range'],
  'a profile whose until does not increase (relates two items)': [
    'arrivals:\n  profile:\n    - { until: 30m, rate: 5 }\n    - { until: 30m, rate: 9 }\n',
    'not-increasing',
  ],
};

const codes = (text: string): string[] => {
  const outcome = loadScenario(text, 'x.yaml');
  return outcome.ok ? [] : outcome.issues.map((i: Issue) => i.code);
};

describe('the schema rejects what the loader rejects', () => {
  test.each(Object.entries(MALFORMED_BY_SCHEMA))('%s', (_name, text) => {
    expect(codes(text).length).toBeGreaterThan(0);
    expect(accepts(text)).toBe(false);
  });

  test.each(Object.entries(MALFORMED_BY_YAML))('%s: the YAML parser refuses it', (_name, text) => {
    expect(codes(text).length).toBeGreaterThan(0);
    expect(asJson(text)).toBeUndefined();
  });

  test.each(Object.entries(LOADER_ONLY))('beyond JSON Schema, caught by the loader: %s', (_name, [text, code]) => {
    expect(accepts(text)).toBe(true);
    expect(codes(text)).toEqual([code]);
    const outcome = loadScenario(text, 'x.yaml');
    if (!outcome.ok) for (const issue of outcome.issues) expect(beyondSchema(text, issue)).toBe(true);
  });

  test('agrees with the loader on every field for every probe value', () => {
    const valid = ['1s', '1.5 s', '250ms', '2m', '1h', '1d', '0', '1', '3', '3.0', '0.5', '2%', '4KB', '1MiB'];
    const compound = ['{ median: 300ms }', '{ p50: 300ms, p99: 1.2s }', '{ min: 1s, max: 2s }', '{ min: 1s }'];
    const probes = [...new Set([...valid, ...compound, ...BAD_TEXTS, 'read-then-write', 'decorrelated', '"run-a"'])];
    const paths = [
      ...FIELDS.flatMap((f) => [f.path, ...Object.keys(f.members ?? {}).map((m) => `${f.path}.${m}`)]),
      ...['lostActions', 'conflictRate', 'latency.call.p95', 'keyStore.peakBytes'].map((m) => `expect.${m}`),
      ...['min', 'max'].map((b) => `expect.latency.call.p95.${b}`),
    ];
    const disagreements: string[] = [];
    for (const path of paths) {
      for (const probe of probes) {
        // Metric names hold dots: keep expect.<metric> as one key.
        const text = path.startsWith('expect.')
          ? emit(map([['expect', expectEntry(path.slice('expect.'.length), raw(probe))]]))
          : documentAt(path, raw(probe));
        const outcome = loadScenario(text, 'x.yaml');
        const schemaOk = accepts(text);
        if (outcome.ok === schemaOk) continue;
        if (schemaOk && !outcome.ok && outcome.issues.every((issue) => beyondSchema(text, issue))) continue;
        disagreements.push(`${path}: ${probe} (loader ${outcome.ok ? 'accepts' : 'rejects'})`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  test('agrees with the loader on random documents, valid and broken (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(anyCase, (c) => {
        checkAgreement(c, validate);
      }),
      { seed: 6, numRuns: 1000 },
    );
  });
});

/** `metric: value`, or `metric: { min|max: value }` for a dotted bound path. */
function expectEntry(rest: string, value: YamlNode): YamlNode {
  const bound = /\.(min|max)$/.exec(rest);
  if (bound === null) return map([[rest, value]]);
  return map([[rest.slice(0, bound.index), map([[bound[1] as string, value]], true)]]);
}

test('every committed-style scenario the YAML writer produces validates', () => {
  expect(accepts(scenarioToYaml(defaultScenario()))).toBe(true);
});
