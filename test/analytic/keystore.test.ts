import { describe, expect, it } from 'vitest';
import { keyStoreBytes, keyStoreKeys, replayCatchFraction } from '../../src/analytic/keystore.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('key store arithmetic (MODEL.md)', () => {
  it('holds 180,000 keys at 50/s for 1 h', () => {
    expect(keyStoreKeys(50, HOUR)).toBeCloseTo(180_000, 6);
  });

  it('holds 36 MB at 200 bytes a record for 50/s and 1 h', () => {
    expect(keyStoreBytes(50, HOUR, 200)).toBeCloseTo(36e6, 3);
  });

  it('holds 4.32 million keys and 864 MB for 24 h', () => {
    expect(keyStoreKeys(50, 24 * HOUR)).toBeCloseTo(4.32e6, 3);
    expect(keyStoreBytes(50, 24 * HOUR, 200)).toBeCloseTo(864e6, 1);
  });
});

describe('replay catch fraction (MODEL.md)', () => {
  it('catches 17% of replays resuming U(2 min, 20 min) with 5 min retention', () => {
    const catchFraction = replayCatchFraction(5 * MINUTE, 2 * MINUTE, 20 * MINUTE);
    expect(catchFraction).toBeCloseTo(3 / 18, 12);
    expect(Math.round(100 * catchFraction)).toBe(17);
  });

  it('catches every replay with 1 h retention', () => {
    expect(replayCatchFraction(HOUR, 2 * MINUTE, 20 * MINUTE)).toBe(1);
  });

  it('catches none when retention is shorter than the earliest resume', () => {
    expect(replayCatchFraction(MINUTE, 2 * MINUTE, 20 * MINUTE)).toBe(0);
  });

  it('catches all or none for a fixed resume delay', () => {
    expect(replayCatchFraction(5 * MINUTE, 2 * MINUTE, 2 * MINUTE)).toBe(1);
    expect(replayCatchFraction(MINUTE, 2 * MINUTE, 2 * MINUTE)).toBe(0);
  });
});
