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

/**
 * `--jobs N` for commands that simulate many points: threads, 1 to 256 (default: the
 * cores). More than the cores only share them while each holds a simulator's memory, so
 * the count is capped at the cores, and `note` says so.
 */
export function jobCount(
  arg: string | undefined,
  note: (line: string) => void,
  cores = availableParallelism(),
): number {
  if (arg === undefined) return cores;
  const n = /^\d{1,3}$/.test(arg.trim()) ? Number(arg.trim()) : Number.NaN;
  if (!(n >= 1 && n <= MAX_JOBS)) throw new InputError(badJobs(arg, MAX_JOBS));
  if (n <= cores) return n;
  note(
    `--jobs ${n}: this machine has ${cores} core${cores === 1 ? '' : 's'}; running ${cores} thread${cores === 1 ? '' : 's'} (more would share the cores and multiply the memory)`,
  );
  return cores;
}
