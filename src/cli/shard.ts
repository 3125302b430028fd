// `--shard I/N` (sweep) and `--replicas N --replica I` (run): the share of the work one
// process does when a sweep or a long run is spread over many processes or machines, to be
// put back together by `idemsim merge`.
import { InputError } from './errors.js';
import { MAX_SWEEP_POINTS } from '../model/sweep.js';

/** Most shards or replicas a run may be split into: a sweep's most points (merge reads no more). */
export const MAX_PARTS = MAX_SWEEP_POINTS;

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

export interface ReplicaFlags {
  replicas?: string;
  replica?: string;
  format?: string;
  out?: string;
  precision?: readonly string[];
  maxActions?: string;
}

/** The replication asked for, checked before anything runs; null without --replicas. */
export function replicationOf(flags: ReplicaFlags): { of: number; replica: number | null } | null {
  if (flags.replicas === undefined) {
    if (flags.replica !== undefined) throw new InputError('--replica I needs --replicas N: replica I of how many?');
    return null;
  }
  const of = partCount('--replicas', flags.replicas);
  const replica = flags.replica === undefined ? null : partCount('--replica', flags.replica);
  if (replica !== null && replica > of) {
    throw new InputError(`--replica: ${replica} is not one of --replicas ${of}; replicas are numbered 1 to ${of}`);
  }
  if ((flags.precision ?? []).length > 0 || flags.maxActions !== undefined) {
    throw new InputError(
      '--replicas runs each replica at --actions; --precision and --max-actions size a single run: use one or the other',
    );
  }
  if (flags.out !== undefined) {
    throw new InputError(
      "--replicas writes no report folder (a report draws one run's traces); drop --out, or run one seed with --out",
    );
  }
  if (replica !== null && flags.format !== undefined && flags.format !== 'json') {
    throw new InputError(
      `--replica prints the replica's part as JSON for \`idemsim merge\`; drop --format ${flags.format}`,
    );
  }
  return { of, replica };
}
