// The exact intervals against published values (Garwood's Poisson limits, Clopper-Pearson
// limits), their limits in large counts (the normal interval), and the widening that
// clustering brings (dispersion, design effect).
import { describe, expect, it } from 'vitest';
import { clopperPearson, countMeanInterval, offsetCountInterval, poissonInterval } from '../../src/stats/exact.js';
import { RatioMoments } from '../../src/stats/ratio.js';
import { Welford, Z975 } from '../../src/stats/welford.js';

function welfordOf(values: readonly number[]): Welford {
  const w = new Welford();
  for (const v of values) w.push(v);
  return w;
}

/** n actions: `ones` of them with the value `size`, the rest 0. */
function clustered(n: number, ones: number, size = 1): Welford {
  return welfordOf(Array.from({ length: n }, (_, i) => (i < ones ? size : 0)));
}

describe('poissonInterval (Garwood)', () => {
  it('matches the tabulated 95% limits', () => {
    // Garwood (1936); e.g. the tables of Ulm (1990): 0 -> [0, 3.689], 1 -> [0.0253, 5.572], 10 -> [4.795, 18.39].
    expect(poissonInterval(0).low).toBe(0);
    expect(poissonInterval(0).high).toBeCloseTo(3.6889, 4);
    expect(poissonInterval(1).low).toBeCloseTo(0.02532, 5);
    expect(poissonInterval(1).high).toBeCloseTo(5.5716, 4);
    expect(poissonInterval(10).low).toBeCloseTo(4.7954, 4);
    expect(poissonInterval(10).high).toBeCloseTo(18.3904, 4);
  });

  it('scales an effective count back by its dispersion', () => {
    const plain = poissonInterval(4);
    const twice = poissonInterval(8, 2);
    expect(twice.low).toBeCloseTo(2 * plain.low, 10);
    expect(twice.high).toBeCloseTo(2 * plain.high, 10);
  });
});

describe('clopperPearson', () => {
  it('matches the tabulated 95% limits', () => {
    // At k = 0 and k = n the limits have closed forms: 1 - 0.025^(1/n) and 0.025^(1/n).
    expect(clopperPearson(0, 10)?.high).toBeCloseTo(1 - 0.025 ** (1 / 10), 10);
    expect(clopperPearson(5, 10)?.low).toBeCloseTo(0.18709, 5);
    expect(clopperPearson(5, 10)?.high).toBeCloseTo(0.81291, 5);
    expect(clopperPearson(10, 10)?.low).toBeCloseTo(0.025 ** (1 / 10), 10);
    expect(clopperPearson(10, 10)?.high).toBe(1);
  });

  it('is null when k is no share of n', () => {
    expect(clopperPearson(0, 0)).toBeNull();
    expect(clopperPearson(3, 2)).toBeNull();
    expect(clopperPearson(-1, 2)).toBeNull();
  });

  it('a design effect of d is the interval of a sample d times smaller', () => {
    const small = clopperPearson(10, 100) as { low: number; high: number };
    const clusteredShare = clopperPearson(30, 300, 0.025, 3) as { low: number; high: number };
    expect(clusteredShare.low).toBeCloseTo(small.low, 10);
    expect(clusteredShare.high).toBeCloseTo(small.high, 10);
  });
});

describe('countMeanInterval', () => {
  it('nothing observed is not [0, 0]: the rate can be up to 3.69 / n', () => {
    const interval = countMeanInterval(clustered(1000, 0), 1000);
    expect(interval?.low).toBe(0);
    expect(interval?.high).toBeCloseTo(3.6889, 4);
  });

  it('a rare 0/1 count is the exact Poisson interval of its total', () => {
    const interval = countMeanInterval(clustered(10_000, 3), 1000) as { low: number; high: number };
    // dispersion = variance / mean = (1 - 3/10000) * 10000/9999, so nearly Garwood's 3 -> [0.619, 8.767].
    expect(interval.low).toBeCloseTo(0.0619, 3);
    expect(interval.high).toBeCloseTo(0.8767, 3);
  });

  it('a large count gives the normal interval mean +- 1.96 s / sqrt(n)', () => {
    const w = clustered(100_000, 4_000);
    const interval = countMeanInterval(w) as { low: number; high: number };
    const half = Z975 * Math.sqrt(w.variance / w.n);
    expect(interval.low).toBeCloseTo(w.mean - half, 4);
    expect(interval.high).toBeCloseTo(w.mean + half, 4);
  });

  it('clustered events widen it: three duplicates in one action are not three independent ones', () => {
    const single = countMeanInterval(clustered(1000, 3, 1)) as { low: number; high: number };
    const cluster = countMeanInterval(clustered(1000, 1, 3)) as { low: number; high: number };
    expect(cluster.high).toBeGreaterThan(single.high);
    // One cluster of three: Garwood's limits of 1, times 3.
    expect(cluster.high * 1000).toBeCloseTo(3 * 5.5716 * (999 / 1000) ** 0, 0);
  });

  it('is null when no action was measured', () => {
    expect(countMeanInterval(new Welford())).toBeNull();
  });
});

describe('offsetCountInterval', () => {
  it('every action at the usual value: either way by at most 3.69 / n', () => {
    const interval = offsetCountInterval(1, clustered(1000, 0), clustered(1000, 0)) as { low: number; high: number };
    expect(interval.low).toBeLessThan(1);
    expect(interval.high).toBeGreaterThan(1);
    expect(interval.high - 1).toBeCloseTo(Math.hypot(0.0036889, 0), 6);
  });

  it('with no shortfall possible the interval starts at the usual value when nothing is extra', () => {
    const interval = offsetCountInterval(1, clustered(1000, 0), null) as { low: number; high: number };
    expect(interval.low).toBe(1);
    expect(interval.high).toBeCloseTo(1.0036889, 6);
  });

  it('contains the mean and combines both sides', () => {
    const extra = clustered(10_000, 300);
    const missing = clustered(10_000, 20);
    const interval = offsetCountInterval(1, extra, missing) as { low: number; high: number };
    const value = 1 + extra.mean - missing.mean;
    expect(interval.low).toBeLessThan(value);
    expect(interval.high).toBeGreaterThan(value);
    const up = countMeanInterval(extra) as { low: number; high: number };
    expect(interval.high - value).toBeGreaterThan(up.high - extra.mean);
  });
});

describe('RatioMoments', () => {
  it('one lookup per action is Clopper-Pearson on the counts', () => {
    const m = new RatioMoments();
    for (let i = 0; i < 500; i++) m.push(1, i < 40 ? 1 : 0);
    expect(m.ratio).toBeCloseTo(0.08, 12);
    // The design effect is the sample variance's n / (n - 1) above 1: a hair wider.
    const exact = clopperPearson(40, 500) as { low: number; high: number };
    const interval = m.interval() as { low: number; high: number };
    expect(interval.low).toBeCloseTo(exact.low, 3);
    expect(interval.high).toBeCloseTo(exact.high, 3);
    expect(interval.low).toBeLessThanOrEqual(exact.low);
  });

  it('lookups that come in clusters with the same answer count about once per cluster', () => {
    const m = new RatioMoments();
    for (let i = 0; i < 500; i++) m.push(3, i < 40 ? 3 : 0);
    const perLookup = clopperPearson(120, 1500) as { low: number; high: number };
    const perAction = clopperPearson(40, 500) as { low: number; high: number };
    const interval = m.interval() as { low: number; high: number };
    expect(interval.high - interval.low).toBeGreaterThan(perLookup.high - perLookup.low);
    expect(interval.low).toBeCloseTo(perAction.low, 2);
    expect(interval.high).toBeCloseTo(perAction.high, 2);
  });

  it('no lookups: no interval; none of a kind: not [0, 0]', () => {
    expect(new RatioMoments().interval()).toBeNull();
    const m = new RatioMoments();
    for (let i = 0; i < 100; i++) m.push(2, 0);
    expect(m.interval()?.high).toBeGreaterThan(0);
  });
});
