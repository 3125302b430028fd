// Options several commands share, read the same way everywhere: --format (which output
// to print; the first choice is the default) and --jobs (how many worker threads).
import { availableParallelism } from 'node:os';
import { InputError } from './errors.js';
import { badJobs, orList, unknownFormat } from './messages.js';

/** The format asked for, or the command's default (its first choice); an unknown one is bad input. */
export function formatOption<const T extends string>(value: string | undefined, choices: readonly [T, ...T[]]): T {
  if (value === undefined) return choices[0];
  if (!(choices as readonly string[]).includes(value)) throw new InputError(unknownFormat(value, choices));
  return value as T;
}

/** --format's line in --help. */
export function formatHelp(choices: readonly [string, ...string[]]): string {
  return `output: ${orList(choices)} (default: ${choices[0]})`;
}

const MAX_JOBS = 256;

/** `--jobs N` for commands that simulate many points: worker threads, 1 to 256 (default: the cores). */
export function jobCount(arg: string | undefined): number {
  if (arg === undefined) return availableParallelism();
  const n = /^\d{1,3}$/.test(arg.trim()) ? Number(arg.trim()) : Number.NaN;
  if (!(n >= 1 && n <= MAX_JOBS)) throw new InputError(badJobs(arg, MAX_JOBS));
  return n;
}
