// Every user-facing message of the command line, as small functions, so wording stays
// consistent and tests can refer to it. Shape: "WHERE: what is wrong".
import { readFailure } from '../io/failure.js';

export function cannotRead(file: string, reason: string): string {
  return `${file}: cannot read: ${reason}`;
}

/** `cannotRead` with the reason a Node file-system error gives. */
export const unreadable = (file: string, error: unknown): string => cannotRead(file, readFailure(error));

export function unknownFormat(value: string, choices: readonly string[]): string {
  return `--format: unknown format '${value}'; choose ${orList(choices)}`;
}

/** `a, b or c`. */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}

export function badJobs(value: string, max: number): string {
  return `--jobs: '${value}' is not a number of threads from 1 to ${max}`;
}

/** `--out DIR` cannot take a report: `reason` says why (exists and is not a directory, ...). */
export function outProblem(out: string, reason: string): string {
  return `--out ${out}: ${reason}`;
}

export function cannotWriteOut(out: string, reason: string): string {
  return `--out ${out}: cannot write: ${reason}`;
}

/** An option that shapes the report folder, given without --out. */
export function needsOut(option: string): string {
  return `${option}: only with --out DIR (it shapes the report folder, which only --out writes)`;
}

export function timelineActionsRange(value: string, min: number, max: number): string {
  return `--timeline-actions: must be a whole number from ${min} to ${max}, found '${value}'`;
}

export function unknownTimeline(value: string, choices: readonly string[]): string {
  return `--timeline: unknown mode '${value}'; choose ${orList(choices)}`;
}

export function reportWritten(index: string): string {
  return `report written to ${index}`;
}

/** `idemsim presets NAME` with a name that is not a preset. */
export function unknownPreset(name: string, suggestion: string | undefined, names: readonly string[]): string {
  const fix = suggestion !== undefined ? `did you mean '${suggestion}'?` : `the presets are ${names.join(', ')}`;
  return `presets: unknown preset '${name}'; ${fix}`;
}

/** An option of `presets --compare` given to the listing. */
export function needsCompare(option: string): string {
  return `${option}: only with --compare (the listing simulates nothing)`;
}

/** A preset with no default for a field the scenario left at idemsim's default. */
export function presetTakesDefault(preset: string, fields: readonly string[]): string {
  return `note: ${preset} has no default for ${orList(fields)}; the scenario does not set ${fields.length === 1 ? 'it' : 'them'}, so idemsim's default applies`;
}

/** A library with no default for a field the scenario does not set: what its row runs with instead, and why. */
export function handlerTakesDefault(
  handler: string,
  field: string,
  what: string | undefined,
  value: string,
  source: string,
): string {
  const means = what === undefined ? '' : ` (${what})`;
  return `note: ${handler} has no default for ${field}${means}; the scenario does not set it, so the ${handler} row runs with ${value} (${source}): set ${field} to yours`;
}

/** A scenario without a key, whose profiles run with one. */
export function handlersNeedAKey(): string {
  return 'note: the scenario sends no key (keys.scope none) and a handler without a key does nothing: every profile runs with keys.scope intent, one key per logical action; the yours row keeps none';
}

/** A signal that came while idemsim wrote: the write was finished or undone first. */
export function interrupted(signal: string): string {
  return `idemsim: interrupted by ${signal}; no file or report folder was left half-written`;
}

/** `--out DIR` while another idemsim writes it; `lock` as shown beside DIR. */
export function outLocked(out: string, lock: string, holder: { pid: number; host: string } | undefined): string {
  const who = holder === undefined ? 'another process' : `another idemsim (pid ${holder.pid} on ${holder.host})`;
  return `--out ${out}: ${who} is writing this folder (lock ${lock}); wait for it to finish, or delete ${lock} if no idemsim is running there`;
}

/** A write to DIR was cut between its two renames: the previous report is back. */
export function outRestored(out: string, from: string): string {
  return `--out ${out}: an earlier write was interrupted; put the previous report back from ${from}`;
}

export function outLeftoversRemoved(out: string, paths: readonly string[]): string {
  return `--out ${out}: removed ${paths.join(', ')}, left by an interrupted write`;
}

export function outLockTakenOver(out: string, lock: string, holder: { pid: number; host: string } | undefined): string {
  const from =
    holder === undefined ? 'left empty by an interrupted write' : `from pid ${holder.pid}, which is no longer running`;
  return `--out ${out}: took over ${lock}, ${from}`;
}

/** Something beside DIR that would not go away: not part of the report, so clutter, not failure. */
export function outNotRemoved(out: string, path: string, reason: string): string {
  return `--out ${out}: warning: could not remove ${path} (${reason}); it is not part of the report and can be deleted`;
}
