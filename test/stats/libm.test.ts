// src/stats/libm.ts's ports against Node's own Math, bit for bit: the engine-independent
// exp, log, cos and hypot must give exactly what Node gave before, or every golden and
// committed figure would move; and where they agree, Node's own (faster) are the ones used. Millions of seeded arguments over each function's range, the points where
// the algorithms switch branches, and arguments next to multiples of pi/2 (where cos's
// reduction must take its careful path).
import { describe, expect, it } from 'vitest';
import * as libm from '../../src/stats/libm.js';

const { cos, exp, hypot, log } = libm.PORTS;

/** A 64-bit LCG's top 53 bits: uniforms in [0, 1), the same on every run. */
function uniforms(seed: bigint): () => number {
  let s = seed;
  const M = 2n ** 64n;
  return () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) % M;
    return Number(s >> 11n) / 2 ** 53;
  };
}

/** The arguments where `mine` and `theirs` differ (Object.is: -0, NaN), at most 5. */
function differences(args: Iterable<number>, mine: (x: number) => number, theirs: (x: number) => number): number[] {
  const out: number[] = [];
  for (const x of args) if (!Object.is(mine(x), theirs(x)) && out.length < 5) out.push(x);
  return out;
}

function* sample(n: number, seed: bigint, draw: (u: () => number) => number): Generator<number> {
  const u = uniforms(seed);
  for (let i = 0; i < n; i++) yield draw(u);
}

const SPECIAL = [
  0,
  -0,
  1,
  -1,
  2,
  0.5,
  Infinity,
  -Infinity,
  NaN,
  5e-324,
  1e-310,
  2.2250738585072014e-308,
  1e-30,
  -1e-30,
];
const N = 400_000;

describe('exp', () => {
  it('equals Math.exp over its whole range, near zero and at its thresholds', () => {
    expect(
      differences(
        sample(N, 1n, (u) => (u() - 0.5) * 1500),
        exp,
        Math.exp,
      ),
    ).toEqual([]);
    expect(
      differences(
        sample(N, 2n, (u) => (u() - 0.5) * 2),
        exp,
        Math.exp,
      ),
    ).toEqual([]);
    expect(
      differences(
        sample(N, 3n, (u) => (u() - 0.5) * 1e-7),
        exp,
        Math.exp,
      ),
    ).toEqual([]);
    const edges = [
      ...SPECIAL,
      709.78,
      709.79,
      -745.1,
      -745.2,
      0.5 * Math.LN2,
      Math.LN2,
      1.5 * Math.LN2,
      -708.4,
      -708.3,
    ];
    expect(differences(edges, exp, Math.exp)).toEqual([]);
  });
});

describe('log', () => {
  it('equals Math.log over every binade, near 1, subnormals and specials', () => {
    expect(
      differences(
        sample(N, 4n, (u) => 2 ** ((u() - 0.5) * 2100) * (1 + u())),
        log,
        Math.log,
      ),
    ).toEqual([]);
    expect(
      differences(
        sample(N, 5n, (u) => 1 + (u() - 0.5) * 1e-3),
        log,
        Math.log,
      ),
    ).toEqual([]);
    expect(
      differences(
        sample(N, 6n, (u) => u()),
        log,
        Math.log,
      ),
    ).toEqual([]);
    expect(differences([...SPECIAL, -5, 1 + 2 ** -52, 1 - 2 ** -53, Math.SQRT2, Math.SQRT1_2], log, Math.log)).toEqual(
      [],
    );
  });
});

describe('cos', () => {
  it('equals Math.cos on the angles the simulator draws, [0, 2 pi), and beyond', () => {
    expect(
      differences(
        sample(N, 7n, (u) => u() * 2 * Math.PI),
        cos,
        Math.cos,
      ),
    ).toEqual([]);
    expect(
      differences(
        sample(N, 8n, (u) => (u() - 0.5) * 2000),
        cos,
        Math.cos,
      ),
    ).toEqual([]);
    expect(
      differences(
        sample(N / 4, 9n, (u) => (u() - 0.5) * 2e6),
        cos,
        Math.cos,
      ),
    ).toEqual([]);
    expect(differences(SPECIAL, cos, Math.cos)).toEqual([]);
  });

  it('equals Math.cos next to every multiple of pi/2 it reduces', () => {
    const near: number[] = [];
    for (let n = 1; n <= 40; n++) {
      for (let d = -300; d <= 300; d++) {
        const at = (n * Math.PI) / 2;
        near.push(at * (1 + d * 1e-9), at + d * 4 * Number.EPSILON, -(at * (1 + d * 1e-7)));
      }
    }
    expect(differences(near, cos, Math.cos)).toEqual([]);
  });
});

describe('hypot', () => {
  it('equals Math.hypot of two numbers, at every scale and at the specials', () => {
    const u = uniforms(10n);
    const pairs: [number, number][] = [];
    for (let i = 0; i < N; i++)
      pairs.push([(u() - 0.5) * 2 ** ((u() - 0.5) * 80), (u() - 0.5) * 2 ** ((u() - 0.5) * 80)]);
    for (const a of SPECIAL) for (const b of SPECIAL) pairs.push([a, b]);
    const differ = pairs.filter(([a, b]) => !Object.is(hypot(a, b), Math.hypot(a, b))).slice(0, 5);
    expect(differ).toEqual([]);
  });
});

describe('the functions the simulator takes', () => {
  it("are Node's own, which give the ports' bits, so Node pays nothing for them", () => {
    expect(libm.exp).toBe(Math.exp);
    expect(libm.log).toBe(Math.log);
    expect(libm.cos).toBe(Math.cos);
    expect(libm.hypot).toBe(Math.hypot);
  });
});
