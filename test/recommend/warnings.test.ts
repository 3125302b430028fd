// Warnings about the scenario itself: a resume delay with no crash, a timeout below the
// service's p99, a retention within 10% of the longest resume delay (with the margin).
import { describe, expect, it } from 'vitest';
import { standardNormalQuantile, standardNormalUpperTail } from '../../src/analytic/index.js';
import { segmentSpan } from '../../src/analytic/spans.js';
import { defaultScenario } from '../../src/model/scenario.js';
import type { Scenario } from '../../src/model/scenario.js';
import { recommendedWarnings, scenarioWarnings, writtenIn } from '../../src/recommend/warnings.js';

const nothingWritten = (_path: string): boolean => false;
const codes = (s: Scenario, written = nothingWritten): string[] => scenarioWarnings(s, written).map((w) => w.code);

/** The defaults with the timeout at the service's p99 and above, so that only the case under test warns. */
function calm(): Scenario {
  const s = defaultScenario();
  s.client.timeout = 10_000;
  return s;
}

describe('recommend warnings', () => {
  it('a resume delay written while crash.probability is 0 is suspicious', () => {
    const written = writtenIn('agent:\n  crash: { resumeDelay: { min: 2m, max: 30m } }\n', []);
    expect(codes(calm(), written)).toEqual(['resumeDelayWithoutCrashes']);
    expect(codes(calm(), writtenIn(undefined, ['agent.crash.resumeDelay.max=30m']))).toEqual([
      'resumeDelayWithoutCrashes',
    ]);
    expect(codes(calm(), writtenIn('agent:\n  replan: { probability: 0 }\n', []))).toEqual([]);
    const crashing = calm();
    crashing.agent.crash.probability = 0.01;
    expect(codes(crashing, written)).not.toContain('resumeDelayWithoutCrashes');
  });

  it("a timeout below the service's p99 is suspicious, and says what share it cuts off", () => {
    const s = defaultScenario(); // median 300 ms, sigma 0.6, timeout 1 s
    const [warning] = scenarioWarnings(s, nothingWritten);
    expect(warning?.code).toBe('timeoutBelowP99');
    const share = standardNormalUpperTail(Math.log(1000 / 300) / 0.6);
    expect(warning?.message).toContain(`${(100 * share).toFixed(1)}%`);
    const p99 = 300 * Math.exp(0.6 * standardNormalQuantile(0.99));
    s.client.timeout = Math.ceil(p99);
    expect(codes(s)).toEqual([]);
  });

  it('a retention within 10% of the longest resume delay is suspicious, and the margin is suggested', () => {
    const s = calm();
    s.keys.scope = 'intent';
    s.agent.crash.probability = 0.01;
    s.agent.crash.resumeDelay = { min: 120_000, max: 1_800_000 };
    s.keys.retention = 1_700_000;
    const warning = scenarioWarnings(s, nothingWritten).find((w) => w.code === 'retentionNearResume');
    expect(warning).toBeDefined();
    const suggested = /e\.g\. keys\.retention (\d+)m$/.exec(warning?.message ?? '');
    const minutes = Number(suggested?.[1]);
    expect(minutes * 60_000).toBeGreaterThanOrEqual(1_800_000 + 2 * segmentSpan(s));
    s.keys.retention = 2 * 1_800_000;
    expect(codes(s)).toEqual([]);
    s.keys.retention = 1_800_000;
    s.keys.scope = 'none';
    expect(codes(s)).toEqual([]);
  });

  it('warns about the recommended timeout only when it is below p99 and not the scenario timeout', () => {
    const base = defaultScenario();
    const chosen = { ...base, client: { ...base.client, timeout: 600 } };
    expect(recommendedWarnings(base, chosen).map((w) => w.about)).toEqual(['recommended']);
    expect(recommendedWarnings(base, base)).toEqual([]);
    expect(recommendedWarnings(base, { ...base, client: { ...base.client, timeout: 10_000 } })).toEqual([]);
  });
});
