// settledWithin (src/io/deadline.ts): whether a promise settled in time, whichever way it settled.
import { describe, expect, it } from 'vitest';
import { settledWithin } from '../../src/io/deadline.js';

describe('settledWithin', () => {
  it('is true for a promise that resolves or rejects in time', async () => {
    await expect(settledWithin(Promise.resolve(1), 1000)).resolves.toBe(true);
    await expect(settledWithin(Promise.reject(new Error('no')), 1000)).resolves.toBe(true);
  });

  it('is false for one that never settles, once the time has passed', async () => {
    await expect(settledWithin(new Promise(() => undefined), 5)).resolves.toBe(false);
  });
});
