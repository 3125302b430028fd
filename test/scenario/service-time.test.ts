// The service time's extremes (issue 35, family 7): its lognormal tail has no longest value,
// so a huge median or sigma must either be refused at load, naming the field, where it is
// written and the 2^44 ms limit, or measured right: every reported quantile within the
// latency histogram's stated relative error of the true one, and a queue wait past 2^44 ms
// reported open-ended (Infinity), never as a finite number hundreds of times too small.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultsWithSets, formatIssue, loadScenario } from '../../src/scenario/index.js';
import { simulate } from '../../src/sim/simulate.js';
import { HISTOGRAM_LIMIT_MS, HISTOGRAM_RELATIVE_ERROR } from '../../src/stats/histogram.js';
import { betaQuantile } from '../../src/stats/quantiles.js';
import { standardNormalQuantile } from '../../src/stats/normal.js';
import { cli } from '../../src/cli/main.js';
import { captured, lines } from '../cli/sinks.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIMIT = 2 ** 44;

function refusal(text: string): string[] {
  const outcome = loadScenario(text, 'slow.yaml');
  return outcome.ok ? [] : outcome.issues.map(formatIssue);
}

describe('a service time past 2^44 ms, refused at load', () => {
  it('a median past it: one line at the median, naming the limit', () => {
    expect(refusal('service:\n  latency: { median: 20000000d, sigma: 0.6 }\n')).toEqual([
      'slow.yaml:2:22: service.latency.median: with it the median service time is 5.48e+4 years, beyond the 557 years (2^44 ms) within which idemsim measures times: half of those executions would outlast it; lower it',
    ]);
  });

  it('a p50 past it, where the p50 is written and under its name', () => {
    expect(refusal('service:\n  latency:\n    p50: 20000000d\n    p99: 30000000d\n')).toEqual([
      'slow.yaml:3:10: service.latency.p50: with it the median service time is 5.48e+4 years, beyond the 557 years (2^44 ms) within which idemsim measures times: half of those executions would outlast it; lower it',
    ]);
  });

  it('an incident latencyFactor that takes the median past it: at the factor', () => {
    const text =
      'incidents:\n  - { at: 0s, for: 1h, latencyFactor: 4 }\n  - { at: 1h, for: 1h, latencyFactor: 1e14 }\n';
    expect(refusal(text)).toEqual([
      'slow.yaml:3:39: incidents[1].latencyFactor: with it executions starting in its window take a median of 9.51e+5 years (the median service time, 300 ms, times the factor), beyond the 557 years (2^44 ms) within which idemsim measures times: half of those executions would outlast it; lower it',
    ]);
  });

  it('reads before repeats (agent.checkFirst) that take a step past it: at the read latency', () => {
    const text =
      'agent:\n  replan: { probability: 0.5, max: 3 }\n  checkFirst: { probability: 0.5, latency: 100000d }\n';
    expect(refusal(text)).toEqual([
      'slow.yaml:3:44: agent.checkFirst.latency: with it a run could reach 821 years of simulated time (its arrivals, then its longest action), beyond the 557 years (2^44 ms) within which idemsim measures latencies: shorten it',
    ]);
  });

  it('is one line and exit 2 from the command line', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-service-time-'));
    writeFileSync(join(cwd, 'slow.yaml'), 'service:\n  latency: { median: 20000000d, sigma: 0.6 }\n');
    const ctx = captured({ cwd });
    expect(await cli(['run', 'slow.yaml'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual([
      expect.stringMatching(/^slow\.yaml:2:22: service\.latency\.median: .*2\^44 ms/),
    ]);
    expect(ctx.out.text).toBe('');
  });

  it('takes a median just within it, and any sigma up to 10 (the documented range)', () => {
    expect(refusal('service:\n  latency: { median: 203000d, sigma: 0.6 }\n')).toEqual([]);
    expect(refusal('service:\n  latency: { median: 1000000000ms, sigma: 10 }\n')).toEqual([]);
    expect(refusal('incidents:\n  - { at: 0s, for: 1h, latencyFactor: 5e10 }\n')).toEqual([]);
  });
});

/** A run whose call latency is the service time itself, cut at the timeout T: min(S, T). */
function serviceRun(median: number, sigma: number, actions: number): string[] {
  return [
    `service.latency.median=${median}ms`,
    `service.latency.sigma=${sigma}`,
    `actions=${actions}`,
    `client.timeout=${2 ** 43}ms`,
    'client.retries=0',
    'network.replyLoss=0',
    'agent.replan.probability=0',
  ];
}

describe('huge medians and sigmas, measured or refused', () => {
  it('either refuses the run or reports each call quantile within the bucket error of the true one', () => {
    const T = 2 ** 43;
    const N = 300;
    // The nearest-rank quantile of N draws is the order statistic of rank k = ceil(p N),
    // whose place in the distribution is Beta(k, N + 1 - k): outside [lo, hi] with chance
    // 2e-5, so the true quantiles at lo and hi bound it. The histogram adds at most its
    // relative error (half its bucket width) and the zero bucket's 2^-20 ms.
    const band = (p: number): [number, number] => {
      const k = Math.ceil(p * N);
      return [betaQuantile(1e-5, k, N + 1 - k), betaQuantile(1 - 1e-5, k, N + 1 - k)];
    };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 53, noNaN: true }).map((e) => 2 ** e),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (median, sigma) => {
          const outcome = defaultsWithSets(serviceRun(median, sigma, N));
          if (median > LIMIT) {
            expect(outcome.ok).toBe(false);
            if (!outcome.ok)
              expect(outcome.issues.map((i) => [i.code, i.path])).toEqual([['run-too-long', 'service.latency.median']]);
            return;
          }
          expect(outcome.ok, outcome.ok ? '' : outcome.issues.map(formatIssue).join('\n')).toBe(true);
          if (!outcome.ok) return;
          const { metrics } = simulate(outcome.scenario);
          const truth = (u: number): number => Math.min(median * Math.exp(sigma * standardNormalQuantile(u)), T);
          for (const [key, p] of [
            ['p50', 0.5],
            ['p95', 0.95],
            ['p99', 0.99],
          ] as const) {
            const reported = metrics.latency.call[key];
            const [lo, hi] = band(p);
            const low = truth(lo) * (1 - HISTOGRAM_RELATIVE_ERROR) - 2 ** -20;
            const high = truth(hi) * (1 + HISTOGRAM_RELATIVE_ERROR) + 2 ** -20;
            const what = `${key} of median ${median} ms, sigma ${sigma}: ${reported} outside [${low}, ${high}]`;
            expect(reported >= low && reported <= high, what).toBe(true);
          }
        },
      ),
      { seed: 3535, numRuns: 60 },
    );
  });
});

describe('a queue wait past 2^44 ms', () => {
  it('is open-ended; one below it is within the bucket error of the wait it had', () => {
    // One slot, every execution D long (sigma 0), D far above the arrival gaps: the k-th
    // execution waits (k - 1) D less the time since the first arrival, at most a minute.
    const SPREAD = 60_000;
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 44 }), fc.integer({ min: 20, max: 120 }), (e, actions) => {
        const D = 2 ** e;
        const outcome = defaultsWithSets([...serviceRun(D, 0, actions), 'client.timeout=1s', 'service.concurrency=1']);
        expect(outcome.ok).toBe(true);
        if (!outcome.ok) return;
        const { metrics, intervals } = simulate(outcome.scenario);
        const reported = metrics.service.queueWait.p95;
        const waited = (Math.ceil(0.95 * actions) - 1) * D;
        if (waited - SPREAD >= LIMIT) {
          expect(reported).toBe(Infinity);
          expect(intervals['service.queueWait.p95']?.high).toBe(Infinity);
          expect(intervals['service.queueWait.p95']?.low).toBeLessThanOrEqual(HISTOGRAM_LIMIT_MS);
        } else if (waited < LIMIT) {
          expect(reported).toBeLessThanOrEqual(waited * (1 + HISTOGRAM_RELATIVE_ERROR));
          expect(reported).toBeGreaterThanOrEqual((waited - SPREAD) * (1 - HISTOGRAM_RELATIVE_ERROR));
        }
      }),
      { seed: 4401, numRuns: 40 },
    );
  });
});
