// The largest and smallest of a list of numbers. Math.max(...values) passes every value as
// an argument, which overflows the stack for long lists (a report of 200 runs draws
// ~80,000 latency points); these walk the list instead, with Math.max's meaning: -Infinity
// (or Infinity) for an empty list, NaN if any value is NaN.

export function maxOf(values: Iterable<number>): number {
  let most = -Infinity;
  for (const x of values) most = Math.max(most, x);
  return most;
}

export function minOf(values: Iterable<number>): number {
  let least = Infinity;
  for (const x of values) least = Math.min(least, x);
  return least;
}
