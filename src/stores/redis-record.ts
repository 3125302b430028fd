// The article's handler in Redis: how a record is stored, and the two Lua scripts that read
// and write it. A reference implementation, meant to be read.
//
// A record is one string, `state|status|expiresAt|fingerprint|body`, e.g.
// `done|200|3600000|9f86d0…|{"id":"re_1"}`. A string, not a hash, because the article's
// handler writes one (`SET key value NX EX ttl`) and `store measure` must measure what the
// handler keeps; a one-line string is also the smallest value Redis can hold for it (no
// field names, one allocation) and reads whole in one GET. The body comes last so that it
// may contain `|`; the fingerprint is hex and the other fields are words and numbers.
import type { RecordShape } from './store.js';

/** The serialised record, as SET writes it. */
export function encodeRecord(record: Omit<RecordShape, 'key'>): string {
  return `${record.state}|${record.status}|${record.expiresAt}|${record.fingerprint}|${record.body}`;
}

/** The record a serialised value holds, or undefined for a value that is not one. */
export function decodeRecord(key: string, value: string): RecordShape | undefined {
  const match = /^(running|done)\|(\d+)\|([^|]+)\|([^|]*)\|/s.exec(value);
  if (match === null) return undefined;
  const [head, state, status, expiresAt, fingerprint] = match as unknown as [
    string,
    RecordShape['state'],
    string,
    string,
    string,
  ];
  return {
    key,
    state,
    status: Number(status),
    expiresAt: Number(expiresAt),
    fingerprint,
    body: value.slice(head.length),
  };
}

// With real TTLs the claim would be one command, `SET key value NX EX ttl`: Redis itself
// forgets an expired key, so "absent" covers "expired". Here expiry is judged on the
// simulated clock kept in the record, which Redis cannot see, so "absent or expired, then
// claim" is a read, a comparison and a write that must happen as one step, or two lookups
// of the same key could both claim it: a Lua script, which Redis runs atomically (nothing
// else runs in between). Times travel as the decimal strings JavaScript prints, which Lua's
// tonumber reads back exactly, so `t < expiresAt` is decided as the simulator decides it.

/** The four `|` of a record; `expiresAt` is field 3, `fingerprint` field 4. */
const FIELDS = `
local function fields(record)
  local a = string.find(record, '|', 1, true)
  local b = string.find(record, '|', a + 1, true)
  local c = string.find(record, '|', b + 1, true)
  local d = string.find(record, '|', c + 1, true)
  return string.sub(record, 1, a - 1), string.sub(record, b + 1, c - 1), string.sub(record, c + 1, d - 1)
end
`;

/**
 * The handler's first step. KEYS[1] the key; ARGV: fingerprint, t, t + retention, '1' to
 * check the fingerprint, and the real expiry (ms) that bounds how long a key may outlive an
 * interrupted run. Answers claimed, mismatch, conflict or stored.
 */
export const LOOKUP_SCRIPT = `${FIELDS}
local record = redis.call('GET', KEYS[1])
if record then
  local state, expiresAt, fingerprint = fields(record)
  if tonumber(ARGV[2]) < tonumber(expiresAt) then
    if ARGV[4] == '1' and fingerprint ~= ARGV[1] then return 'mismatch' end
    if state == 'running' then return 'conflict' end
    return 'stored'
  end
end
redis.call('SET', KEYS[1], 'running|0|' .. ARGV[3] .. '|' .. ARGV[1] .. '|', 'PX', ARGV[5])
return 'claimed'
`;

/**
 * The execution committed. KEYS[1] the key; ARGV: t + retention, the body, the real expiry
 * (ms). The record becomes done with status 200 and lives until t + retention, even when
 * its simulated expiry had passed (the write revives it, as the simulator's store does). It
 * keeps the fingerprint of the claim; a record rolled back meanwhile has none to keep.
 */
export const COMMIT_SCRIPT = `${FIELDS}
local record = redis.call('GET', KEYS[1])
local fingerprint = ''
if record then
  local _, _, kept = fields(record)
  fingerprint = kept
end
redis.call('SET', KEYS[1], 'done|200|' .. ARGV[1] .. '|' .. fingerprint .. '|' .. ARGV[2], 'PX', ARGV[3])
return 1
`;
