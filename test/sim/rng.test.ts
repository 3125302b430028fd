// The core steps seedrandom's alea itself (src/sim/rng.ts) to draw without allocating;
// every draw must be the one seedrandom gives for the same stream name.
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Alea, callStream, stream } from '../../src/sim/rng.js';

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

  it('names its streams as before: seed/parts, and seed/action/segment/call', () => {
    expect(stream(1, 'arrivals').next()).toBe(seedrandom.alea('1/arrivals')());
    expect(callStream('x', 5, 0, 2).next()).toBe(seedrandom.alea('x/5/0/2')());
  });
});
