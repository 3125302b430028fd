// How much an idempotency-key store holds, and how much of a crash replay it still
// remembers: MODEL.md's key-store and replay arithmetic.

/**
 * Live records in steady state by Little's law: rate (actions per second) times a record's
 * lifetime (ms), one claim per action. The article uses lifetime = retention; the
 * simulator's exact lifetime runs from claim to commit + retention, so it adds the mean
 * service time (see test/sim for where the difference matters).
 */
export function keyStoreKeys(rate: number, lifetime: number): number {
  return rate * (lifetime / 1000);
}

/** Bytes the steady-state store holds at recordBytes per record. */
export function keyStoreBytes(rate: number, lifetime: number, recordBytes: number): number {
  return keyStoreKeys(rate, lifetime) * recordBytes;
}

/**
 * Share of crash replays a retention r still catches when the replay arrives
 * U(resumeMin, resumeMax) after the step: clamp((r - min) / (max - min), 0, 1). It treats
 * the step's end as the commit; a step that ended later than its commit (a retried or
 * re-planned call) shortens the window by that gap, negligible against minutes.
 */
export function replayCatchFraction(retention: number, resumeMin: number, resumeMax: number): number {
  // A fixed delay catches every replay or none: the record is live while t < expiry.
  if (resumeMax <= resumeMin) return retention > resumeMin ? 1 : 0;
  return Math.min(1, Math.max(0, (retention - resumeMin) / (resumeMax - resumeMin)));
}
