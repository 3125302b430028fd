// `client.layers` (MODEL.md E, retry layers): a list of retry loops around the client,
// innermost first, each filled from its preset where it does not write a member; read from
// files and --set, refused with one located line for each bad form, warned about where
// newCall changes nothing, written back, shown in the Settings table and in the starter
// file, and checked alike by the JSON Schema.
import { describe, expect, test } from 'vitest';
import {
  type Issue,
  defaultScenario,
  formatIssue,
  loadScenario,
  scenarioToYaml,
  starterScenario,
} from '../../src/scenario/index.js';
import { scenarioSettings } from '../../src/scenario/settings.js';
import { LAYER_PRESETS, MAX_LAYERS } from '../../src/model/layers.js';
import type { Layer, Scenario } from '../../src/model/scenario.js';
import { asJson, beyondSchema, schemaValidator } from './fuzz/schema-check.js';
import { FILE, issue, issues, valid } from './helpers.js';

const layersOf = (lines: string, sets: readonly string[] = []): Layer[] =>
  valid(`client:\n${lines}\n`, sets).client.layers;

/** A layer's members as the langgraph preset fills them (LangGraph's RetryPolicy defaults: MODEL.md D, plus U(0, 1) s). */
const LANGGRAPH = {
  preset: 'langgraph',
  retries: 2,
  backoff: { base: 500, multiplier: 2, max: 128_000, jitter: { additive: [0, 1000] }, floor: 0 },
  timeout: 'none',
  deadline: 'none',
  newCall: false,
};

describe('no layers', () => {
  test('none, [] and an empty value all mean no layers, as leaving the field out does', () => {
    for (const text of ['  layers: none', '  layers: []', '  layers:', '  layers: ~'])
      expect(layersOf(text)).toEqual([]);
    expect(valid('client:\n  layers: none\n')).toEqual(valid('{}'));
    expect(defaultScenario().client.layers).toEqual([]);
  });

  test('--set takes none and [] too', () => {
    expect(valid('client:\n  layers: [{ retries: 1 }]\n', ['client.layers=none']).client.layers).toEqual([]);
    expect(valid('client:\n  layers: [{ retries: 1 }]\n', ['client.layers=[]']).client.layers).toEqual([]);
  });
});

describe('a layer’s preset fills the members it does not write', () => {
  test('a langgraph layer gets 2 retries, 500 ms doubling to 128 s plus U(0, 1 s), no timeout, no deadline', () => {
    expect(layersOf('  layers: [{ preset: langgraph }]')).toMatchObject([LANGGRAPH]);
  });

  test('a member the layer writes wins, each one alone; the backoff is filled member by member', () => {
    const [layer] = layersOf(
      '  layers:\n    - preset: langgraph\n      retries: 5\n      backoff: { base: 1s }\n      timeout: 30s',
    );
    expect(layer).toMatchObject({
      ...LANGGRAPH,
      retries: 5,
      backoff: { ...LANGGRAPH.backoff, base: 1000 },
      timeout: 30_000,
    });
  });

  test('vercel-ai and openai fill what their clients have: no jitter; openai’s 600 s timeout', () => {
    const [vercel, openai] = layersOf('  layers: [{ preset: vercel-ai }, { preset: openai }]');
    expect(vercel).toMatchObject({
      retries: 2,
      backoff: { base: 2000, multiplier: 2, jitter: 'none' },
      timeout: 'none',
    });
    expect(openai).toMatchObject({ retries: 2, backoff: { base: 500, max: 8000 }, timeout: 600_000 });
  });

  test('temporal fills the backoff and leaves retries to the layer', () => {
    expect(layersOf('  layers: [{ preset: temporal, retries: 5 }]')).toMatchObject([
      { preset: 'temporal', retries: 5, backoff: { base: 1000, multiplier: 2, max: 100_000, jitter: 'none' } },
    ]);
  });

  test('a layer without a preset takes the layer defaults: the client’s default backoff, no timeout or deadline, the same call id', () => {
    expect(layersOf('  layers: [{ retries: 1 }]')).toMatchObject([
      {
        preset: 'none',
        retries: 1,
        backoff: defaultScenario().client.backoff,
        timeout: 'none',
        deadline: 'none',
        newCall: false,
      },
    ]);
  });

  test('a layer’s preset is not the client’s: the client keeps its own fields', () => {
    const s = valid('client:\n  layers: [{ preset: langgraph }]\n');
    expect(s.client.preset).toBe('none');
    expect({ ...s.client, layers: [] }).toEqual(defaultScenario().client);
  });

  test('layers keep their order, innermost first, up to MAX_LAYERS', () => {
    const five = Array.from({ length: MAX_LAYERS }, (_, i) => `{ retries: ${i} }`).join(', ');
    expect(layersOf(`  layers: [${five}]`).map((layer) => layer.retries)).toEqual([0, 1, 2, 3, 4]);
  });

  test('--set takes a whole list, a preset beside the client’s own', () => {
    const s = valid('{}', ['client.layers=[{preset: langgraph}]', 'client.preset=openai']);
    expect(s.client.layers).toMatchObject([LANGGRAPH]);
    expect(s.client).toMatchObject({ preset: 'openai', retries: 2, timeout: 600_000 });
  });
});

describe('every bad form gets one issue at the offending node, with the fix', () => {
  test.each([
    // [text after `client:\n`, code, path, line, col, start of the message]
    [
      '  layers: 3',
      'wrong-type',
      'client.layers',
      2,
      11,
      'client.layers: found the number 3; write a list of retry loops',
    ],
    [
      '  layers: langgraph',
      'wrong-type',
      'client.layers',
      2,
      11,
      'client.layers: found the string "langgraph"; write a list',
    ],
    [
      '  layers: [langgraph]',
      'wrong-type',
      'client.layers[0]',
      2,
      12,
      'client.layers[0]: found the string "langgraph"; write a retry loop',
    ],
    [
      '  layers:\n    - retries: 1\n    - 5',
      'wrong-type',
      'client.layers[1]',
      4,
      7,
      'client.layers[1]: found the number 5; write a retry loop',
    ],
    ['  layers: [~]', 'wrong-type', 'client.layers[0]', 2, 12, 'client.layers[0]: found nothing (an empty item)'],
    [
      '  layers: [{ retries: one }]',
      'wrong-type',
      'client.layers[0].retries',
      2,
      23,
      'client.layers[0].retries: found the string "one"',
    ],
    [
      '  layers: [{ retries: -1 }]',
      'out-of-range',
      'client.layers[0].retries',
      2,
      23,
      'client.layers[0].retries: must be',
    ],
    [
      '  layers: [{ retries: 1.5 }]',
      'not-integer',
      'client.layers[0].retries',
      2,
      23,
      'client.layers[0].retries: must be a whole number',
    ],
    [
      '  layers: [{ retries: 1, backoff: 1s }]',
      'wrong-type',
      'client.layers[0].backoff',
      2,
      35,
      'client.layers[0].backoff: found the string "1s"; write a map of base, multiplier, max, jitter and floor',
    ],
    [
      '  layers: [{ retries: 1, backoff: { jitter: sometimes } }]',
      'bad-enum',
      'client.layers[0].backoff.jitter',
      2,
      45,
      'client.layers[0].backoff.jitter: found the string "sometimes"; write one of none, full, equal, decorrelated',
    ],
    [
      '  layers: [{ retries: 1, backoff: { bse: 1s } }]',
      'unknown-key',
      'client.layers[0].backoff.bse',
      2,
      37,
      'unknown field "bse" in client.layers[0].backoff; did you mean "base"?',
    ],
    [
      '  layers: [{ retries: 1, timeout: -5s }]',
      'out-of-range',
      'client.layers[0].timeout',
      2,
      35,
      'client.layers[0].timeout: must be greater than 0, found "-5s"',
    ],
    [
      '  layers: [{ retries: 1, timeout: 0 }]',
      'out-of-range',
      'client.layers[0].timeout',
      2,
      35,
      'client.layers[0].timeout: must be greater than 0, found 0',
    ],
    [
      '  layers: [{ retries: 1, deadline: soon }]',
      'wrong-type',
      'client.layers[0].deadline',
      2,
      36,
      'client.layers[0].deadline: found the string "soon"',
    ],
    [
      '  layers: [{ retries: 1, newCall: yes please }]',
      'wrong-type',
      'client.layers[0].newCall',
      2,
      35,
      'client.layers[0].newCall: found the string "yes please"; write true or false',
    ],
    [
      '  layers: [{ retries: 1, burst: 2 }]',
      'unknown-key',
      'client.layers[0].burst',
      2,
      26,
      'unknown field "burst" in client.layers[0]; the fields here are preset, retries',
    ],
    [
      '  layers: [{ preset: langchain }]',
      'bad-enum',
      'client.layers[0].preset',
      2,
      22,
      'client.layers[0].preset: found the string "langchain"; write one of none, langgraph, vercel-ai, temporal, openai, anthropic',
    ],
  ])('%s', (lines, code, path, line, col, message) => {
    const found = issue(`client:\n${lines}\n`);
    expect({ ...found, message: found.message.slice(0, message.length) }).toEqual({
      file: FILE,
      line,
      col,
      code,
      path,
      message,
    });
    expect(formatIssue(found)).not.toMatch(/[\r\n]/);
  });

  test.each(['hedge', 'throttle', 'budget'])(
    'a layer with a %s of its own is refused at the key: only the client has one',
    (key) => {
      const found = issue(`client:\n  layers: [{ retries: 1, ${key}: {} }]\n`);
      expect(found).toMatchObject({
        file: FILE,
        line: 2,
        col: 26,
        code: 'client-only',
        path: `client.layers[0].${key}`,
      });
      expect(found.message).toMatch(new RegExp(`^client\\.layers\\[0\\]\\.${key}: a retry layer `));
      expect(found.message).toContain(`client.${key}`);
    },
  );

  test.each([
    ['aws-standard', 'it has a retry quota'],
    ['envoy', 'it has a retry budget'],
    ['stripe', 'it sends its own key'],
  ])('the client preset %s in a layer is refused at the word, saying why and where it goes', (preset, why) => {
    expect(issue(`client:\n  layers: [{ preset: ${preset} }]\n`)).toEqual({
      file: FILE,
      line: 2,
      col: 22,
      code: 'client-only',
      path: 'client.layers[0].preset',
      message: `client.layers[0].preset: ${preset} is a client (${why}), not a retry loop around one; set client.preset: ${preset}, or use a loop in the layer: ${LAYER_PRESETS.join(', ')}`,
    });
  });

  test('a layer without retries or a preset that gives them is refused at the layer', () => {
    const message =
      'client.layers[0]: a layer needs retries, or a preset that gives them; write for example { retries: 2 } or { preset: langgraph }';
    for (const layer of ['{}', '{ preset: none }', '{ timeout: 5s }']) {
      expect(issue(`client:\n  layers: [${layer}]\n`)).toEqual({
        file: FILE,
        line: 2,
        col: 12,
        code: 'missing-member',
        path: 'client.layers[0]',
        message,
      });
    }
  });

  test('temporal (unlimited attempts) needs retries written', () => {
    expect(issue('client:\n  layers: [{ preset: temporal }]\n')).toMatchObject({
      line: 2,
      col: 12,
      code: 'missing-member',
      path: 'client.layers[0]',
      message:
        'client.layers[0]: the preset temporal has no default for retries (its attempts are unlimited); write retries, such as { preset: temporal, retries: 5 }',
    });
  });

  test('a misspelt member is reported once, as unknown with did-you-mean, not again as missing retries', () => {
    // As for every other map (a hedge's `aftr`, a jitter's `proportinal`): the fix is the spelling.
    expect(issue('client:\n  layers: [{ retires: 2 }]\n')).toMatchObject({
      line: 2,
      col: 14,
      code: 'unknown-key',
      path: 'client.layers[0].retires',
      message: 'unknown field "retires" in client.layers[0]; did you mean "retries"?',
    });
  });

  test(`more than ${MAX_LAYERS} layers are refused at the first one too many`, () => {
    const line = `  layers: [${Array.from({ length: MAX_LAYERS + 1 }, () => '{ retries: 1 }').join(', ')}]`;
    expect(issue(`client:\n${line}\n`)).toEqual({
      file: FILE,
      line: 2,
      col: line.lastIndexOf('{') + 1,
      code: 'too-many-layers',
      path: 'client.layers',
      message: `client.layers: found ${MAX_LAYERS + 1} layers; at most ${MAX_LAYERS} retry loops stack around a client: remove the outer ones you do not run`,
    });
  });

  test('every bad layer and member is reported, none hiding another', () => {
    const found = issues(
      'client:\n  layers:\n    - { retries: x }\n    - { preset: envoy }\n    - { retries: 1, hedge: {}, timeout: 0 }\n',
    );
    expect(found.map((i) => [i.line, i.code, i.path])).toEqual([
      [3, 'wrong-type', 'client.layers[0].retries'],
      [4, 'client-only', 'client.layers[1].preset'],
      [5, 'client-only', 'client.layers[2].hedge'],
      [5, 'out-of-range', 'client.layers[2].timeout'],
    ]);
  });

  test('a bad --set is placed in the argument', () => {
    expect(issue('{}', ['client.layers=[{preset: aws-standard}]'])).toMatchObject({
      file: '--set client.layers=[{preset: aws-standard}]',
      line: 1,
      col: 25,
      code: 'client-only',
      path: 'client.layers[0].preset',
    });
    expect(issue('{}', ['client.layers=3'])).toMatchObject({
      file: '--set client.layers=3',
      line: 1,
      code: 'wrong-type',
    });
  });
});

describe('warnings: newCall where the key is not made from the call id', () => {
  const warnings = (text: string, sets: readonly string[] = []): Issue[] => {
    const outcome = loadScenario(text, FILE, sets);
    if (!outcome.ok) return expect.fail(outcome.issues.map(formatIssue).join('\n'));
    return outcome.warnings;
  };

  test.each(['none', 'attempt', 'payload', 'intent', 'business'])(
    'warns under keys.scope %s, one per layer, naming it',
    (scope) => {
      const found = warnings(
        `client:\n  layers: [{ retries: 1, newCall: true }, { retries: 1 }, { retries: 1, newCall: true }]\nkeys: { scope: ${scope} }\n`,
      );
      // At each layer's own newCall key.
      expect(found.map((w) => [w.code, w.line, w.col])).toEqual([
        ['new-call-no-effect', 2, 26],
        ['new-call-no-effect', 2, 73],
      ]);
      expect(found[0]?.message).toBe(
        `client.layers[0].newCall: newCall gives each layer attempt a new call id, but keys.scope ${scope} does not key by call id, so it changes nothing; remove newCall, or set keys.scope: call`,
      );
      expect(found[1]?.message).toMatch(/^client\.layers\[2\]\.newCall: /);
    },
  );

  test('does not warn under keys.scope call, nor without newCall', () => {
    expect(warnings('client:\n  layers: [{ retries: 1, newCall: true }]\nkeys: { scope: call }\n')).toEqual([]);
    expect(warnings('client:\n  layers: [{ retries: 1, newCall: false }]\n')).toEqual([]);
  });

  test('a warning from a --set of one member is placed at that member in the argument', () => {
    expect(warnings('client:\n  layers: [{ retries: 1 }]\n', ['client.layers[0].newCall=true'])).toMatchObject([
      { file: '--set client.layers[0].newCall=true', line: 1, col: 18, code: 'new-call-no-effect' },
    ]);
  });

  test('a warning from a --set is placed in the argument', () => {
    expect(warnings('{}', ['client.layers=[{retries: 1, newCall: true}]'])).toMatchObject([
      { file: '--set client.layers=[{retries: 1, newCall: true}]', line: 1, code: 'new-call-no-effect' },
    ]);
  });
});

describe('written back, shown and started', () => {
  const withLayers = (): Scenario => {
    const s = defaultScenario();
    s.keys.scope = 'call';
    s.client.layers = valid(
      'client:\n  layers:\n    - { preset: langgraph }\n    - { retries: 1, backoff: { base: 1s, jitter: none, floor: 200ms }, timeout: 30s, deadline: 5m, newCall: true }\n    - { preset: temporal, retries: 4, backoff: { jitter: { proportional: [0.5, 1] } } }\n',
    ).client.layers;
    return s;
  };

  test('the YAML writer writes every member of each layer, and the file reads back equal', () => {
    const s = withLayers();
    const text = scenarioToYaml(s);
    expect(text).toContain('  layers:\n    - preset: langgraph\n      retries: 2\n');
    expect(text).toContain(
      '      backoff: { base: 500ms, multiplier: 2, max: 128s, jitter: { additive: [0ms, 1s] }, floor: 0ms }\n',
    );
    expect(text).toContain('      timeout: 30s\n      deadline: 5m\n      newCall: true\n');
    const outcome = loadScenario(text, 'written.yaml');
    if (!outcome.ok) return expect.fail(outcome.issues.map(formatIssue).join('\n'));
    expect(outcome.scenario).toEqual(s);
  });

  test('a scenario without layers is written without the key', () => {
    expect(scenarioToYaml(defaultScenario())).not.toContain('layers');
  });

  test('the Settings row reads each layer innermost first, in words and units', () => {
    const row = scenarioSettings(withLayers()).find((r) => r.path === 'client.layers');
    expect(row?.group).toBe('client');
    const parts = (row?.value ?? '').split('; then ');
    expect(parts).toHaveLength(3);
    expect(parts[0]).toMatch(/^langgraph: 2 retries after 500 ms .*128 s, d \+ U\(0 ms, 1 s\).*no timeout$/);
    expect(parts[1]).toMatch(
      /^a loop: 1 retry after 1 s .*at least 200 ms.*timeout 30 s, deadline 5 min, a new call id per attempt$/,
    );
    expect(parts[2]).toMatch(/^temporal: 4 retries after 1 s .*U\(0\.5, 1\)/);
    // No JSON or raw milliseconds in a row a person reads.
    expect(row?.value).not.toMatch(/[{}"]|\d{4,} ?ms/);
  });

  test('the Settings row says a layer without jitter has no jitter (not "none jitter")', () => {
    const s = defaultScenario();
    s.client.layers = valid('client:\n  layers: [{ retries: 1, backoff: { jitter: none } }]\n').client.layers;
    const row = scenarioSettings(s).find((r) => r.path === 'client.layers');
    expect(row?.value).toContain(', no jitter');
    expect(row?.value).not.toContain('none jitter');
  });

  test('the Settings table has no layers row while there are none', () => {
    expect(scenarioSettings(defaultScenario()).find((r) => r.path === 'client.layers')).toBeUndefined();
  });

  test('the starter file shows a langgraph layer commented out, and uncommenting it loads that layer', () => {
    const text = starterScenario('scenario', 'x.json');
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.startsWith('  # layers:'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toBe('  #   - { preset: langgraph }');
    expect(loadScenario(text, 'scenario.yaml')).toMatchObject({ ok: true, scenario: { client: { layers: [] } } });
    lines[at] = (lines[at] as string).replace('# ', '');
    lines[at + 1] = (lines[at + 1] as string).replace('# ', '');
    const on = loadScenario(lines.join('\n'), 'scenario.yaml');
    if (!on.ok) return expect.fail(on.issues.map(formatIssue).join('\n'));
    expect(on.scenario.client.layers).toMatchObject([LANGGRAPH]);
    expect(on.warnings).toEqual([]);
  });
});

describe('the JSON Schema', () => {
  const validate = schemaValidator();
  const accepts = (text: string): boolean => {
    const json = asJson(text);
    return json !== undefined && validate(json.value);
  };

  test.each([
    'client: { layers: none }',
    'client: { layers: [] }',
    'client:\n  layers:\n',
    'client: { layers: [{ preset: langgraph }, { preset: vercel-ai }, { preset: temporal, retries: 3 }] }',
    'client:\n  layers:\n    - retries: 2\n      backoff: { base: 1s, multiplier: 2, max: 1m, jitter: { proportional: [0.5, 1] }, floor: 100ms }\n      timeout: 30s\n      deadline: 5m\n      newCall: true\n',
  ])('accepts what the loader accepts: %s', (text) => {
    expect(loadScenario(text, 'x.yaml').ok).toBe(true);
    expect(accepts(text), JSON.stringify(validate.errors)).toBe(true);
  });

  test.each([
    [
      `more than ${MAX_LAYERS} layers`,
      `client: { layers: [${Array(MAX_LAYERS + 1)
        .fill('{ retries: 1 }')
        .join(', ')}] }`,
    ],
    ['an unknown member', 'client: { layers: [{ retries: 1, burst: 2 }] }'],
    ['an unknown backoff member', 'client: { layers: [{ retries: 1, backoff: { bse: 1s } }] }'],
    ['a hedge in a layer', 'client: { layers: [{ retries: 1, hedge: { after: 1s } }] }'],
    ['a client preset in a layer', 'client: { layers: [{ preset: aws-standard }] }'],
    ['negative retries', 'client: { layers: [{ retries: -1 }] }'],
    ['a zero timeout', 'client: { layers: [{ retries: 1, timeout: 0 }] }'],
    ['a number for the list', 'client: { layers: 3 }'],
    ['a string item', 'client: { layers: [langgraph] }'],
  ])('refuses what the loader refuses: %s', (_name, text) => {
    expect(loadScenario(text, 'x.yaml').ok).toBe(false);
    expect(accepts(text)).toBe(false);
  });

  test.each(['{}', '{ preset: temporal }'])(
    'accepts a layer without retries (%s), which the loader alone refuses: a rule between two members',
    (layer) => {
      const text = `client: { layers: [${layer}] }`;
      expect(accepts(text)).toBe(true);
      const outcome = loadScenario(text, 'x.yaml');
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) for (const found of outcome.issues) expect(beyondSchema(text, found)).toBe(true);
    },
  );
});
