// The second half of a message: what to write, by kind of field ("a duration such as
// 250ms ..."), and a field's range in words ("between 0 and 1"). Messages, the JSON
// Schema's descriptions and the starter file all say it the same way.

const list = (items: readonly string[]): string => items.join(', ');

export function hint(kind: string, values: readonly string[] = []): string {
  switch (kind) {
    case 'duration':
      return 'a duration such as 250ms, 1.5s, 2m, 1h or 1d (a plain number is milliseconds)';
    case 'size':
      return 'a size such as 200, 4KB or 1MiB (a plain number is bytes; units B, KB, MB, GB, KiB, MiB, GiB)';
    case 'probability':
      return 'a probability between 0 and 1 such as 0.02, or a percentage such as 2%';
    case 'integer':
      return 'a whole number';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'string':
      return 'a string (quote it if it looks like a number or true/false)';
    case 'seed':
      return 'a whole number such as 42 or a string such as "run-a"';
    case 'enum':
      return `one of ${list(values)}`;
    case 'jitter':
      return `one of ${list(values)}, { proportional: [lo, hi] } such as { proportional: [0.75, 1] }, or { additive: [lo, hi] } such as { additive: [0ms, 1s] }`;
    case 'range-of-durations':
      return 'a range such as { min: 2s, max: 2m }';
    case 'latency':
      return '{ median: 300ms, sigma: 0.6 } or { p50: 300ms, p99: 1.2s }';
    case 'concurrency-or-unlimited':
      return 'unlimited or a whole number of at least 1';
    case 'duration-or-none':
      return 'none or a duration such as 30s (a plain number is milliseconds)';
    case 'map-or-none':
      return 'none, or a map of its members (a missing member takes its default)';
    case 'profile':
      return 'a list of steps such as [{ until: 30m, rate: 50 }, { until: 40m, rate: 150 }]';
    case 'incidents':
      return 'a list of windows such as [{ at: 10m, for: 5m, errorRate: 0.2 }]';
    case 'layers':
      return 'a list of retry loops, innermost first, such as [{ preset: langgraph }] or [{ retries: 3, timeout: 30s }]';
    case 'layer':
      return 'a retry loop such as { preset: langgraph } or { retries: 3, backoff: { base: 1s }, timeout: 30s }';
    case 'layer-backoff':
      return 'a map of base, multiplier, max, jitter and floor, such as { base: 500ms, multiplier: 2, max: 128s, jitter: full }';
    case 'profile-step':
      return 'a step such as { until: 30m, rate: 50 }';
    case 'incident':
      return 'a window such as { at: 10m, for: 5m, errorRate: 0.2 }';
    case 'expect':
      return 'a map from metric name to bounds, such as duplicatesPerThousand: { max: 1 }';
    case 'sweep':
      return 'a map with vary (field path to values) and optionally metrics, such as vary: { client.timeout: 400ms..3s:200ms }';
    case 'bound':
      return 'a bound such as { max: 1 } or { min: 0, max: 5s }';
    case 'group':
      return `a map with the fields ${list(values)}`;
    default:
      return `a ${kind}`;
  }
}

/** `greater than 0`, `at least 0`, `between 0 and 1`, `at most 10` ('any value' if unbounded). */
export function rangeText(bounds: { min?: number; minExclusive?: boolean; max?: number; orZero?: boolean }): string {
  if (bounds.orZero === true) return `0 or ${rangeText({ ...bounds, orZero: false })}`;
  const { min, max, minExclusive = false } = bounds;
  const low = min === undefined ? undefined : minExclusive ? `greater than ${min}` : `at least ${min}`;
  const high = max === undefined ? undefined : `at most ${max}`;
  if (low !== undefined && high !== undefined) return minExclusive ? `${low} and ${high}` : `between ${min} and ${max}`;
  return low ?? high ?? 'any value';
}
