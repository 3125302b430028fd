// The key record as real stores hold it: the bytes `idemsim store measure` counted for the
// article's record (its key, a fingerprint, the status and a 64-byte response) in Redis and
// Postgres, beside the 200 bytes the article assumes. A store's size is then a run's
// simulated live keys times those bytes, as `store measure` itself prints it.
import type { MeasuredSize } from '../model/article.js';
import { keyStore } from './refs.js';
import type { Runs } from './runs.js';

/**
 * Measured once on the development machine and stated in docs/guide/key-stores.md (a test
 * holds the two together), not at every build: the figures are the same bytes everywhere,
 * and a build starts no database.
 */
export const MEASURED_RECORDS: readonly { store: string; recordBytes: number }[] = [
  { store: 'Redis 7.0.15', recordBytes: 333 },
  { store: 'Postgres 18.7', recordBytes: 589 },
];

/** The key store at a retention with each measured record size: the run's live keys times the bytes. */
export function measuredSizes(runs: Runs, retention: string): MeasuredSize[] {
  const r = keyStore(retention);
  const result = runs.run(r);
  const keys = result.metrics.keyStore.steadyStateKeys;
  const interval = result.intervals['keyStore.steadyStateKeys'];
  if (interval === undefined) throw new Error(`article: the key-store run at ${retention} reported no keys interval`);
  return MEASURED_RECORDS.map(({ store, recordBytes }) => ({
    store,
    recordBytes,
    keys,
    value: keys * recordBytes,
    interval: { low: interval.low * recordBytes, high: interval.high * recordBytes },
  }));
}
