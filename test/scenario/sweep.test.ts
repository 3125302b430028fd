// The `sweep:` block: read into Scenario.sweep, every problem at its FILE:LINE:COL, written
// back by scenarioToYaml, and invisible to run's canonical JSON.
import { describe, expect, test } from 'vitest';
import { canonicalScenario } from '../../src/model/canonical-scenario.js';
import { defaultScenario, formatIssue, loadScenario, scenarioToYaml } from '../../src/scenario/index.js';

const load = (text: string) => loadScenario(text, 's.yaml');
const problems = (text: string): string[] => {
  const outcome = load(text);
  return outcome.ok ? [] : outcome.issues.map(formatIssue);
};

describe('the sweep: block', () => {
  test('reads ranges, lists in either form and metrics, in file order', () => {
    const outcome = load(
      [
        'sweep:',
        '  vary:',
        '    client.timeout: 400ms..3s:200ms',
        '    keys.retention: [5m, 15m, 1h]',
        '    client.retries: 0,1,3',
        '  metrics: [lostPerThousand, duplicatesPerThousand]',
        '',
      ].join('\n'),
    );
    expect(outcome.ok && outcome.scenario.sweep).toEqual({
      vary: [
        { path: 'client.timeout', spec: '400ms..3s:200ms' },
        { path: 'keys.retention', spec: '5m,15m,1h' },
        { path: 'client.retries', spec: '0,1,3' },
      ],
      metrics: ['lostPerThousand', 'duplicatesPerThousand'],
    });
  });

  test('without metrics, the sweep defaults; without a block or with an empty one, no sweep', () => {
    const outcome = load('sweep:\n  vary:\n    keys.scope: [none, intent]\n');
    expect(outcome.ok && outcome.scenario.sweep?.metrics).toEqual([
      'duplicatesPerThousand',
      'lostPerThousand',
      'conflictRate',
      'latency.call.p95',
      'keyStore.steadyStateBytes',
    ]);
    for (const text of ['actions: 5\n', 'sweep:\n']) {
      const plain = load(text);
      expect(plain.ok && 'sweep' in plain.scenario).toBe(false);
    }
  });

  test.each([
    [
      'sweep:\n  vary:\n    client.timout: 1s,2s\n',
      's.yaml:3:5: sweep cannot vary "client.timout"; did you mean "client.timeout"?',
    ],
    [
      'sweep:\n  vary:\n    client.timeout: fast,2s\n',
      's.yaml:3:21: sweep.vary.client.timeout: client.timeout: found the string "fast"; write a duration such as 250ms, 1.5s, 2m, 1h or 1d (a plain number is milliseconds)',
    ],
    [
      'sweep:\n  vary:\n    client.timeout: 3s..1s:100ms\n',
      's.yaml:3:21: sweep.vary.client.timeout: the range runs from 3s down to 1s; write the smaller end first',
    ],
    [
      'sweep:\n  vary:\n    keys.retention: [5m, 5m]\n',
      's.yaml:3:21: sweep.vary.keys.retention: a value is listed twice',
    ],
    [
      'sweep:\n  vary: { client.retries: [0, 1] }\n  metrics: [duplicatesPerThousnd]\n',
      's.yaml:3:13: unknown metric "duplicatesPerThousnd" in sweep.metrics; did you mean "duplicatesPerThousand"?',
    ],
    [
      'sweep:\n  vary: { client.retries: [0, 1] }\n  metrics: [lostActions, lostActions]\n',
      's.yaml:3:26: sweep.metrics lists "lostActions" twice; list each metric once',
    ],
    ['sweep:\n  metrics: [lostActions]\n', 's.yaml:2:3: sweep.vary: write a map from field path to values'],
    ['sweep:\n  vary: {}\n', 's.yaml:2:9: sweep.vary: write a map from field path to values'],
    ['sweep:\n  vary:\n    client.retries: []\n', 's.yaml:3:21: sweep.vary.client.retries: write a range with a step'],
    ['sweep:\n  vary:\n    client: 1,2\n', 's.yaml:3:5: sweep cannot vary "client"'],
    [
      'sweep:\n  vary: { client.retries: 0 }\n  metric: [lostActions]\n',
      's.yaml:3:3: unknown field "metric" in sweep; did you mean "metrics"?',
    ],
    ['sweep: 5\n', 's.yaml:1:8: sweep: found the number 5'],
  ])('%j -> %s', (text, start) => {
    const found = problems(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(start);
  });

  test('scenarioToYaml writes the block so that it loads back equal; without one it writes none', () => {
    const outcome = load(
      'sweep:\n  vary:\n    network.replyLoss: 0..0.1:0.02\n    keys.retention: [5m, 1h]\n    client.retries: [0, 3]\n  metrics: [lostActions]\n',
    );
    if (!outcome.ok) throw new Error('invalid');
    const text = scenarioToYaml(outcome.scenario);
    expect(text).toContain('sweep:\n  vary:\n    network.replyLoss: 0..0.1:0.02\n');
    const again = loadScenario(text, 's.yaml');
    expect(again.ok && again.scenario).toEqual(outcome.scenario);
    expect(scenarioToYaml(defaultScenario())).not.toContain('sweep');
  });

  test("run's canonical JSON leaves the block out", () => {
    const outcome = load('sweep:\n  vary:\n    client.retries: [0, 3]\n');
    if (!outcome.ok) throw new Error('invalid');
    const plain = load('{}');
    if (!plain.ok) throw new Error('invalid');
    expect(JSON.stringify(canonicalScenario(outcome.scenario))).toBe(
      JSON.stringify(canonicalScenario({ ...plain.scenario, name: outcome.scenario.name })),
    );
  });
});
