// Paths into one retry layer, `client.layers[i].member`: `--set` puts a value into the tree's
// list of layers before validation (an existing layer, or exactly the next one), `--vary`
// reads each value by the member's own reader, and the `sweep:` block and its JSON Schema
// take the same paths. Every refusal is one issue, located in the argument.
import { describe, expect, test } from 'vitest';
import { formatIssue, loadScenario, schemaText, scenarioToYaml } from '../../src/scenario/index.js';
import { parseVary } from '../../src/scenario/vary.js';
import { sweepPoints } from '../../src/pool/sweep.js';
import { MAX_LAYERS } from '../../src/model/layers.js';
import { inProcess } from '../cli/in-process.js';
import { lines } from '../cli/sinks.js';
import { issue, valid } from './helpers.js';

const ONE = 'client:\n  layers: [{ preset: langgraph }]\n';
const TWO = 'client:\n  layers:\n    - { preset: langgraph }\n    - { preset: vercel-ai }\n';

describe('--set client.layers[i].member', () => {
  test('sets a member of a layer the file has, keeping its other members', () => {
    const [layer] = valid(ONE, ['client.layers[0].retries=1']).client.layers;
    expect(layer).toMatchObject({ preset: 'langgraph', retries: 1 });
  });

  test('sets a backoff member of the second layer', () => {
    const layers = valid(TWO, ['client.layers[1].backoff.base=2s']).client.layers;
    expect(layers[1]?.backoff.base).toBe(2000);
    expect(layers[1]?.preset).toBe('vercel-ai');
    expect(layers[0]?.backoff.base).toBe(500);
  });

  test('sets a timeout to none, a preset and newCall', () => {
    const sets = [
      'client.layers[0].timeout=none',
      'client.layers[0].preset=vercel-ai',
      'client.layers[0].newCall=true',
    ];
    const [layer] = valid('client:\n  layers: [{ preset: langgraph, timeout: 30s }]\n', sets).client.layers;
    expect(layer).toMatchObject({ preset: 'vercel-ai', timeout: 'none', newCall: true, retries: 2 });
  });

  test('index length adds the next layer, here after one set whole by an earlier --set', () => {
    const layers = valid('{}', ['client.layers=[{preset: langgraph}]', 'client.layers[1].preset=vercel-ai']).client
      .layers;
    expect(layers.map((l) => l.preset)).toEqual(['langgraph', 'vercel-ai']);
  });

  test('index 0 adds the first layer to a scenario without any, or with layers: none', () => {
    expect(valid('{}', ['client.layers[0].retries=2']).client.layers).toMatchObject([{ preset: 'none', retries: 2 }]);
    const none = valid('client: { layers: none }', ['client.layers[0].preset=temporal', 'client.layers[0].retries=5']);
    expect(none.client.layers).toMatchObject([{ preset: 'temporal', retries: 5 }]);
  });

  test('a whole layer replaces the one at its index', () => {
    expect(valid(TWO, ['client.layers[0]={preset: openai}']).client.layers.map((l) => l.preset)).toEqual([
      'openai',
      'vercel-ai',
    ]);
  });

  test('later sets win', () => {
    const sets = ['client.layers[0].retries=1', 'client.layers[0].retries=4'];
    expect(valid(ONE, sets).client.layers[0]?.retries).toBe(4);
  });
});

describe('--set client.layers[i] refused: one issue in the argument', () => {
  const one = (sets: string[], text = ONE) => {
    const found = issue(text, sets);
    expect(formatIssue(found)).not.toContain('\n');
    return found;
  };

  test('an index past the layers the scenario has, at the column of the index', () => {
    const found = one(['client.layers[3].retries=1']);
    expect(found).toMatchObject({ code: 'no-such-layer', file: '--set client.layers[3].retries=1', line: 1, col: 15 });
    expect(found.message).toBe(
      'client.layers[3]: the scenario has 1 layer (index 0); write client.layers[1] to add one',
    );
  });

  test('counts the layers in words: none, two', () => {
    expect(one(['client.layers[1].retries=1'], '{}').message).toBe(
      'client.layers[1]: the scenario has no layers; write client.layers[0] to add one',
    );
    expect(one(['client.layers[4].retries=1'], TWO).message).toContain('has 2 layers (indices 0 and 1)');
  });

  test(`an index of ${MAX_LAYERS} or more: at most ${MAX_LAYERS} layers`, () => {
    const found = one([`client.layers[${MAX_LAYERS}].retries=1`]);
    expect(found).toMatchObject({ code: 'too-many-layers', col: 15 });
    expect(found.message).toContain(`at most ${MAX_LAYERS} layers`);
  });

  test.each([
    ['client.layers[-1].retries=1', 15],
    ['client.layers[x].retries=1', 15],
    ['client.layers[01].retries=1', 15],
    ['client.layers[].retries=1', 15],
  ])('an index that is not a whole number from 0: %s', (arg, col) => {
    const found = one([arg]);
    expect(found).toMatchObject({ code: 'bad-index', col });
    expect(found.message).toContain("a layer's index is a whole number from 0");
  });

  test('a missing ], at the column where it belongs, with the path fixed', () => {
    const found = one(['client.layers[0.retries=1']);
    expect(found).toMatchObject({ code: 'bad-index', col: 16 });
    expect(found.message).toBe('client.layers[0: the index needs a closing ]; write "client.layers[0].retries"');
  });

  test('an unknown member, with did-you-mean from the layer members, at its column', () => {
    const found = one(['client.layers[0].retires=1']);
    expect(found).toMatchObject({ code: 'unknown-key', col: 18 });
    expect(found.message).toBe('unknown field "client.layers[0].retires"; did you mean "client.layers[0].retries"?');
  });

  test('an unknown backoff member, with did-you-mean from the backoff members', () => {
    const found = one(['client.layers[0].backoff.bse=1s']);
    expect(found).toMatchObject({ code: 'unknown-key', col: 26 });
    expect(found.message).toContain('did you mean "client.layers[0].backoff.base"?');
  });

  test('a member far from any lists the members of a layer', () => {
    expect(one(['client.layers[0].colour=red']).message).toContain(
      'the fields in client.layers[0] are preset, retries',
    );
  });

  test("a client's own mechanism is named as such", () => {
    expect(one(['client.layers[0].hedge={after: 1s}'])).toMatchObject({ code: 'client-only', col: 18 });
  });

  test('a path below a single value', () => {
    expect(one(['client.layers[0].retries.max=1'])).toMatchObject({ code: 'unknown-key', col: 26 });
  });

  test('no dot after the index', () => {
    expect(one(['client.layers[0]retries=1'])).toMatchObject({ code: 'unknown-key', col: 17 });
  });

  test('a value out of range: the loader says it, at the column of the value', () => {
    const found = one(['client.layers[0].retries=-1']);
    expect(found).toMatchObject({ code: 'out-of-range', col: 26, path: 'client.layers[0].retries' });
    expect(found.message).toMatch(/^client\.layers\[0\]\.retries: /);
  });

  test('a client preset in a layer: the loader says why', () => {
    expect(one(['client.layers[0].preset=stripe'])).toMatchObject({ code: 'client-only', col: 25 });
  });

  test('an index on a field that is not a list of layers, at the [', () => {
    const found = one(['client.backoff[0]=1s']);
    expect(found).toMatchObject({ code: 'bad-index', col: 15 });
    expect(found.message).toContain('"client.backoff" takes no index; only client.layers does');
  });

  test('a misspelt list or a missing index gets did-you-mean', () => {
    expect(one(['client.layer[0].retries=1']).message).toContain('did you mean "client.layers[0].retries"?');
    expect(one(['client.layers.retries=1']).message).toContain('did you mean "client.layers[0].retries"?');
  });
});

const vary = (arg: string) => {
  const outcome = parseVary(arg);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.vary;
};
const refused = (arg: string): string => {
  const outcome = parseVary(arg);
  if (outcome.ok) throw new Error(`${arg} was accepted`);
  expect(outcome.message).not.toContain('\n');
  return outcome.message;
};

describe('--vary client.layers[i].member', () => {
  test('retries: whole numbers, set and labelled by their path', () => {
    expect(vary('client.layers[0].retries=0,1,2')).toEqual({
      path: 'client.layers[0].retries',
      kind: 'other',
      sets: ['client.layers[0].retries=0', 'client.layers[0].retries=1', 'client.layers[0].retries=2'],
      values: [0, 1, 2],
      labels: ['0', '1', '2'],
    });
  });

  test('timeout: a duration range, labelled in time units', () => {
    const v = vary('client.layers[0].timeout=10s..60s:10s');
    expect(v.kind).toBe('duration');
    expect(v.values).toEqual([10_000, 20_000, 30_000, 40_000, 50_000, 60_000]);
    expect(v.labels).toEqual(['10s', '20s', '30s', '40s', '50s', '1m']);
    expect(v.sets[0]).toBe('client.layers[0].timeout=10000');
  });

  test('timeout takes none beside durations', () => {
    expect(vary('client.layers[1].timeout=none,30s').values).toEqual(['none', 30_000]);
  });

  test('backoff members: durations, a number, jitter words', () => {
    expect(vary('client.layers[0].backoff.base=500ms,2s').values).toEqual([500, 2000]);
    expect(vary('client.layers[0].backoff.multiplier=1.5,2').values).toEqual([1.5, 2]);
    expect(vary('client.layers[0].backoff.jitter=none,full').values).toEqual(['none', 'full']);
  });

  test('preset and newCall', () => {
    expect(vary('client.layers[0].preset=langgraph,vercel-ai').values).toEqual(['langgraph', 'vercel-ai']);
    expect(vary('client.layers[0].newCall=true,false').values).toEqual([true, false]);
  });

  test('each value by the member reader and its bounds, as in a file', () => {
    expect(refused('client.layers[0].retries=0,-1')).toContain('client.layers[0].retries: ');
    expect(refused('client.layers[0].timeout=0s,1s')).toContain('greater than 0');
    expect(refused('client.layers[0].preset=stripe')).toContain('stripe is a client');
    expect(refused('client.layers[0].newCall=yes')).toContain('true or false');
  });

  test('paths refused: an index too large or not a number, a whole layer, an unknown member', () => {
    expect(refused(`client.layers[${MAX_LAYERS}].retries=0,1`)).toContain(`at most ${MAX_LAYERS} layers`);
    expect(refused('client.layers[x].retries=0,1')).toContain("a layer's index is a whole number");
    expect(refused('client.layers=none,[]')).toContain('vary one member of one layer');
    expect(refused('client.layers[0]={},{}')).toContain('vary one member of one layer');
    expect(refused('client.layers[0].backoff=1,2')).toContain('vary one member of one layer');
    expect(refused('client.layers[0].retires=0,1')).toContain('did you mean "client.layers[0].retries"?');
    expect(refused('client.backoff[0]=1s,2s')).toContain('takes no index');
  });

  test('any index below the limit is accepted: whether the layer exists is the point load', () => {
    expect(vary(`client.layers[${MAX_LAYERS - 1}].retries=0,1`).path).toBe(`client.layers[${MAX_LAYERS - 1}].retries`);
  });

  test("a sweep's points set the paths: each point's layer takes the value", () => {
    const v = vary('client.layers[0].retries=0,2');
    const planned = sweepPoints([v], (sets) => loadScenario(ONE, 's.yaml', sets));
    expect(planned.ok && planned.points.map((p) => p.scenario.client.layers[0]?.retries)).toEqual([0, 2]);
  });

  test('a layer the scenario lacks: one problem line, naming the dimension', () => {
    const v = vary('client.layers[1].retries=0,1,2');
    const planned = sweepPoints([v], (sets) => loadScenario('{}', 's.yaml', sets));
    expect(planned).toEqual({
      ok: false,
      problems: [
        '--vary client.layers[1].retries: client.layers[1]: the scenario has no layers; write client.layers[0] to add one',
      ],
    });
  });
});

describe('the sweep: block takes layer paths', () => {
  const block = (key: string) => `${ONE}sweep:\n  vary:\n    ${key}: [0, 1]\n`;

  test('a member by index loads, and is written back as it was', () => {
    const outcome = loadScenario(block('client.layers[0].retries'), 's.yaml');
    expect(outcome.ok && outcome.scenario.sweep?.vary).toEqual([{ path: 'client.layers[0].retries', spec: '0,1' }]);
    if (!outcome.ok) return;
    const again = loadScenario(scenarioToYaml(outcome.scenario), 's.yaml');
    expect(again.ok && again.scenario.sweep).toEqual(outcome.scenario.sweep);
  });

  test.each([
    ['client.layers[9].retries', 'at most'],
    ['client.layers[0].retires', 'did you mean "client.layers[0].retries"?'],
  ])('%s is refused at its key', (key, part) => {
    const outcome = loadScenario(block(key), 's.yaml');
    const found = outcome.ok ? [] : outcome.issues.map(formatIssue);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^s\.yaml:5:5: /);
    expect(found[0]).toContain(part);
  });

  test("the JSON Schema's vary names take the layer paths the loader takes", () => {
    const schema = JSON.parse(schemaText()) as {
      properties: { sweep: { properties: { vary: { propertyNames: { anyOf: { pattern?: string }[] } } } } };
    };
    const pattern = schema.properties.sweep.properties.vary.propertyNames.anyOf.find((s) => s.pattern)?.pattern;
    const names = new RegExp(pattern ?? '^$');
    for (const key of ['client.layers[0].retries', `client.layers[${MAX_LAYERS - 1}].backoff.base`]) {
      expect(names.test(key)).toBe(true);
    }
    for (const key of [`client.layers[${MAX_LAYERS}].retries`, 'client.layers[0].backoff', 'client.layers[0]x']) {
      expect(names.test(key)).toBe(false);
    }
  });
});

describe('idemsim sweep over a layer member', () => {
  const base = [
    'sweep',
    '--set',
    'client.layers=[{preset: langgraph}]',
    '--set',
    'client.preset=openai',
    '--set',
    'service.errorRate=1',
    '--actions',
    '200',
    // One thread: in this process, without the built worker.
    '--jobs',
    '1',
  ];

  test('the layer retries multiply the attempts of a call: 3, 6, 9', async () => {
    const args = [...base, '--vary', 'client.layers[0].retries=0,1,2', '--metric', 'attemptsPerCall.max'];
    const r = await inProcess([...args, '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const points = (JSON.parse(r.stdout) as { sweep: { points: { metrics: Record<string, number> }[] } }).sweep.points;
    expect(points.map((p) => p.metrics['attemptsPerCall.max'])).toEqual([3, 6, 9]);
    const table = await inProcess(args);
    expect(table.stdout).toContain('client.layers[0].retries');
  });

  test('a layer the scenario lacks: exit 2, one line naming the --vary', async () => {
    const r = await inProcess([...base, '--vary', 'client.layers[2].retries=0,1,2']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      '--vary client.layers[2].retries=0,1,2: client.layers[2]: the scenario has 1 layer (index 0); write client.layers[1] to add one',
    ]);
  });
});
