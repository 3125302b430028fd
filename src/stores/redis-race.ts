// Two clients of the service looking up one key at once, each on its own connection: with
// the atomic claim (the Lua lookup) one claims and the other meets its record; with
// read-then-write (a GET, then a separate SET) both may read nothing and both claim.
import type { Connection } from './redis-connect.js';
import { decodeRecord, encodeRecord } from './redis-record.js';
import type { Answer, RaceLookup } from './store.js';

export interface RaceTarget {
  links: readonly [Connection, Connection];
  prefix: string;
  lookupScript: string;
  safetyMs: string;
}

export function raceOnRedis(
  target: RaceTarget,
  a: RaceLookup,
  b: RaceLookup,
  claim: 'atomic' | 'read-then-write',
): Promise<[Answer, Answer]> {
  const side = claim === 'atomic' ? atomic : readThenWrite;
  return Promise.all([side(target, target.links[0], a), side(target, target.links[1], b)]);
}

async function atomic(target: RaceTarget, link: Connection, l: RaceLookup): Promise<Answer> {
  const check = l.checkFingerprint ? '1' : '0';
  const args = [l.fingerprint, String(l.t), String(l.t + l.retention), check, target.safetyMs];
  return link.call<Answer>(['EVALSHA', target.lookupScript, '1', target.prefix + l.key, ...args]);
}

/** The handler without the atomic claim: read the record, and if none is live, write one. */
async function readThenWrite(target: RaceTarget, link: Connection, l: RaceLookup): Promise<Answer> {
  const key = target.prefix + l.key;
  const value = await link.call<string | null>(['GET', key]);
  const record = value === null ? undefined : decodeRecord(key, value);
  if (record !== undefined && l.t < record.expiresAt) {
    if (l.checkFingerprint && record.fingerprint !== l.fingerprint) return 'mismatch';
    return record.state === 'running' ? 'conflict' : 'stored';
  }
  const running = encodeRecord({
    fingerprint: l.fingerprint,
    state: 'running',
    status: 0,
    body: '',
    expiresAt: l.t + l.retention,
  });
  await link.call(['SET', key, running, 'PX', target.safetyMs]);
  return 'claimed';
}
