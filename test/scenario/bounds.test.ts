import { describe, expect, it } from 'vitest';
import type { Target } from '../../src/model/bounds.js';
import { judge, mergeTargets } from '../../src/stats/bounds.js';
import { parseTarget } from '../../src/scenario/bounds.js';
import type { RunResult } from '../../src/model/result.js';
import { loadScenario } from '../../src/scenario/index.js';

function target(text: string): Target {
  const outcome = parseTarget(text);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.target;
}

describe('one reader for a bound, in --target and expect:', () => {
  const cases = [
    ['latency.call.p95', '1.5s'],
    ['keyStore.steadyStateBytes', '64MiB'],
    ['conflictRate', '2%'],
    ['conflictRate', '0.25'],
    ['duplicatesPerThousand', '0.1'],
    ['attemptsPerAction', '1e0'],
  ] as const;
  it.each(cases)('reads %s<=%s as the expect: bound { max: %s }', (metric, value) => {
    const outcome = loadScenario(`expect:\n  ${metric}: { max: ${value} }\n`, 'x.yaml');
    if (!outcome.ok) throw new Error(outcome.issues[0]?.message);
    expect(target(`${metric}<=${value}`).limit).toBe(outcome.scenario.expect[metric]?.max);
  });

  it('refuses what an expect: bound refuses: a negative duration, a ratio above 1', () => {
    for (const text of ['latency.call.p95<=-5s', 'latency.call.p95<=-5', 'conflictRate<=150%', 'conflictRate<=2']) {
      const outcome = parseTarget(text);
      expect(outcome.ok, text).toBe(false);
      expect(!outcome.ok && outcome.message, text).toMatch(/^--target \S+: must be /);
    }
  });
});

describe('recommend targets', () => {
  it('reads the value in the metric unit: durations, sizes, percentages, plain numbers', () => {
    expect(target('latency.call.p95<=5s').limit).toBe(5000);
    expect(target('keyStore.steadyStateBytes<=64MB').limit).toBe(64e6);
    expect(target('conflictRate<1%').limit).toBe(0.01);
    expect(target('duplicatesPerThousand <= 0.1')).toMatchObject({
      metric: 'duplicatesPerThousand',
      op: '<=',
      limit: 0.1,
    });
    expect(target('attemptsPerAction>=1').op).toBe('>=');
  });

  it('names the closest metric for an unknown one', () => {
    const outcome = parseTarget('duplicatesPerThousnd<=1');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.message).toContain("did you mean 'duplicatesPerThousand'?");
  });

  it('refuses an expression without a comparison, and a value in the wrong unit', () => {
    expect(parseTarget('duplicatesPerThousand=1').ok).toBe(false);
    expect(parseTarget('latency.call.p95<=5 parsecs').ok).toBe(false);
    expect(parseTarget('lostPerThousand<=1ms').ok).toBe(false);
  });

  it('a flag replaces every expect: bound of its metric and keeps the others', () => {
    const merged = mergeTargets({ duplicatesPerThousand: { max: 1 }, lostPerThousand: { min: 0, max: 2 } }, [
      target('lostPerThousand<=0'),
    ]);
    expect(merged.map((t) => t.text)).toEqual(['duplicatesPerThousand<=1', 'lostPerThousand<=0']);
    expect(merged.map((t) => t.source)).toEqual(['expect', 'flag']);
  });

  it('a target is judged on the interval, as check does', () => {
    const result = (low: number, high: number): RunResult =>
      ({
        metrics: { actions: 1000, duplicatesPerThousand: 0.8 },
        intervals: { duplicatesPerThousand: { low, high } },
      }) as unknown as RunResult;
    const t = target('duplicatesPerThousand<=1');
    expect(judge(t, result(0.5, 1.2))).toMatchObject({ value: 0.8, verdict: 'undecided' });
    expect(judge(t, result(0.5, 0.9))).toMatchObject({ value: 0.8, verdict: 'pass' });
  });
});
