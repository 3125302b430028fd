import { describe, expect, it } from 'vitest';
import { duplicatesPerDay } from '../../src/analytic/cost.js';
import { pSlow, unknownShare } from '../../src/analytic/inputs.js';

describe('duplicates a day (MODEL.md worked example)', () => {
  it('runs about 2 refunds a second twice at 50/s and about 4% ambiguous first attempts', () => {
    expect(duplicatesPerDay(50, 0.04) / 86_400).toBeCloseTo(2, 12);
  });

  it('gives over 170,000 duplicates a day at 50/s', () => {
    expect(duplicatesPerDay(50, 0.04)).toBeCloseTo(172_800, 6);
    expect(duplicatesPerDay(50, 0.04)).toBeGreaterThan(170_000);
    expect(duplicatesPerDay(50, unknownShare(pSlow(300, 0.6, 1000), 0.02))).toBeGreaterThan(170_000);
  });
});
