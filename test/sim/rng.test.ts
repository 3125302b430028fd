// The core steps seedrandom's alea itself (src/sim/rng.ts) to draw without allocating;
// every draw must be the one seedrandom gives for the same stream name.
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Alea, carry, stream } from '../../src/sim/rng.js';
import { callStream } from '../../src/sim/draws.js';

describe('Alea', () => {
  it('draws what seedrandom.alea draws, one at a time, in blocks and after skips', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.integer({ min: 1, max: 40 }), (name, block) => {
        const ours = new Alea(name);
        const theirs = seedrandom.alea(name);
        const out = new Float64Array(block);
        for (let round = 0; round < 5; round++) {
          expect(ours.next()).toBe(theirs());
          ours.fill(out, block);
          for (let i = 0; i < block; i++) expect(out[i]).toBe(theirs());
          ours.skip(3);
          for (let i = 0; i < 3; i++) theirs();
        }
      }),
      { seed: 15, numRuns: 200 },
    );
  });

  it('draws the same where the carry passes floor(2091639 * s0), which one draw in a few thousand does', () => {
    // rng.ts computes alea's carry floor(t) from floor(a), a = 2091639 * s0, plus one when
    // t reaches the next integer: that second case is rare, so it is sought out here.
    const name = '1/actions';
    const ours = new Alea(name);
    const theirs = seedrandom.alea(name, { state: true });
    const block = new Float64Array(18);
    let carriedPast = 0;
    let mismatches = 0;
    const compare = (draw: number): void => {
      const a = 2091639 * theirs.state().s0;
      if (draw !== theirs()) mismatches++;
      if (theirs.state().c !== Math.floor(a)) carriedPast++;
    };
    for (let round = 0; round < 60_000; round++) {
      ours.fill(block, 18);
      for (let i = 0; i < 18; i++) compare(block[i] as number);
      compare(ours.next());
    }
    expect(mismatches).toBe(0);
    expect(carriedPast).toBeGreaterThan(100);
  });

  it('takes the carry of alea (t | 0) at every kind of boundary: t just below, at and above an integer', () => {
    // s0 is a multiple of 2^-32 and the carry at most 2091639, so t = (2091639 k + c) / 2^32
    // exactly. Around m = 2091639 k / 2^32 for m spread over the whole range, the carries
    // that put t just below m, exactly on it and just above it.
    const TWO_32 = 2n ** 32n;
    let checked = 0;
    let onInteger = 0;
    for (let m = 1n; m <= 2091639n; m += 419n) {
      const k0 = (m * TWO_32) / 2091639n;
      for (const k of [k0 - 1n, k0, k0 + 1n]) {
        if (k < 0n || k >= TWO_32) continue;
        const edge = m * TWO_32 - 2091639n * k;
        for (const c of [edge - 1n, edge, edge + 1n]) {
          if (c < 0n || c > 2091639n) continue;
          const a = 2091639 * (Number(k) * 2 ** -32);
          const t = a + Number(c) * 2.3283064365386963e-10;
          expect(carry(a, t)).toBe(t | 0);
          checked++;
          if (Number.isInteger(t)) onInteger++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(onInteger).toBeGreaterThan(1_000);
  });

  it('draws 0, not 1, when t lands exactly on an integer', () => {
    // From the state s0 = 2053 / 2^32 with carry 832429, t = (2091639 * 2053 + 832429) / 2^32 = 1.
    const a = 2091639 * (2053 * 2 ** -32);
    const t = a + 832429 * 2.3283064365386963e-10;
    expect(t).toBe(1);
    expect(carry(a, t)).toBe(1);
    expect(t - carry(a, t)).toBe(0);
  });

  it('names its streams as before: seed/parts, and seed/action/segment/call', () => {
    expect(stream(1, 'arrivals').next()).toBe(seedrandom.alea('1/arrivals')());
    expect(callStream('x', 5, 0, 2).next()).toBe(seedrandom.alea('x/5/0/2')());
  });
});
