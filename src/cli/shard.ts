// `--shard I/N` (sweep) and `--replicas N --replica I` (run): the share of the work one
// process does when a sweep or a long run is spread over many processes or machines, to be
// put back together by `idemsim merge`.
import { InputError } from './errors.js';

/** Most shards or replicas a run may be split into. */
export const MAX_PARTS = 10_000;

export interface Share {
  /** 1 to `of`. */
  index: number;
  of: number;
}

/** `--shard I/N`, checked: 1 <= I <= N <= MAX_PARTS. */
export function parseShard(arg: string): Share {
  const match = /^\s*(\d{1,5})\s*\/\s*(\d{1,5})\s*$/.exec(arg);
  const index = Number(match?.[1]);
  const of = Number(match?.[2]);
  if (match === null || !(of >= 1 && of <= MAX_PARTS && index >= 1 && index <= of)) {
    throw new InputError(
      `--shard: expected I/N, shard I of N with 1 <= I <= N <= ${MAX_PARTS}, such as --shard 2/3; got ${JSON.stringify(arg)}`,
    );
  }
  return { index, of };
}

/** A whole number of parts or a part's number: 1 to MAX_PARTS. */
export function partCount(option: string, arg: string): number {
  const n = /^\s*\d{1,5}\s*$/.test(arg) ? Number(arg) : Number.NaN;
  if (!(n >= 1 && n <= MAX_PARTS)) {
    throw new InputError(`${option}: expected a whole number from 1 to ${MAX_PARTS}; got ${JSON.stringify(arg)}`);
  }
  return n;
}
