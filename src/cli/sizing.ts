// The options that size a run by what it must show, shared by run, check, sweep and
// recommend: --precision METRIC=WIDTH (repeatable), --until-decided (check, recommend) and
// --max-actions N; and the one loop that runs a scenario sized, with progress on a TTY.
import type { Command } from 'commander';
import type { Target } from '../model/bounds.js';
import { formatCount, proseDuration } from '../format/format.js';
import { LIMITS } from '../model/limits.js';
import type { SizedOutcome, Sizing } from '../model/precision.js';
import type { RunResult } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import { parseActionCap, parsePrecisions } from '../scenario/precision.js';
import type { SimulateOptions } from '../sim/simulate.js';
import { simulateSized, type SizedRun } from '../sim/sized.js';
import type { CommandContext } from './context.js';
import { InputError } from './errors.js';
import { clockOf, startProgress } from './progress.js';

/** Most actions a sized run may reach unless --max-actions says otherwise (about 10 s a scenario here). */
export const DEFAULT_MAX_ACTIONS = 10_000_000;
/**
 * A cap above this is refused: the most actions one run may simulate (LIMITS.maxActions),
 * so that the scenario a sized run ends with still loads (its report's scenario.yaml and
 * summary.json are read back).
 */
const MAX_MAX_ACTIONS = LIMITS.maxActions;

export interface SizingFlags {
  /** Refuse a run whose estimated peak memory is above this size (`--max-memory`). */
  maxMemory?: string;
  precision?: readonly string[];
  untilDecided?: boolean;
  maxActions?: string;
}

/** Adds --precision and --max-actions, and --until-decided where bounds are judged. */
export function withSizingOptions(command: Command, precision: string[], decides: boolean): Command {
  command.option(
    '--precision <METRIC=WIDTH>',
    'simulate more actions until the 95% interval of METRIC is this narrow (half-width): 10% of the value, or an absolute width in its unit (0.02, 50ms); repeatable',
    (value: string) => {
      precision.push(value);
      return precision;
    },
  );
  if (decides) {
    command.option(
      '--until-decided',
      'simulate more actions until every bound is decided (its interval wholly on one side of the limit)',
    );
  }
  return command.option(
    '--max-actions <n>',
    `cap on the actions of a sized run (default: ${formatCount(DEFAULT_MAX_ACTIONS)})`,
  );
}

/** The sizing flags, read and checked once: a sizing for any bounds to decide. */
export type SizingFor = (targets: readonly Target[]) => Sizing | null;

/**
 * Reads the flags (bad ones are one line each, exit 2) and returns the sizing for a
 * scenario's bounds: `targets` are decided with --until-decided; null when neither
 * --precision nor --until-decided asks for sizing.
 */
export function readSizing(flags: SizingFlags): SizingFor {
  const { goals, problems } = parsePrecisions(flags.precision ?? []);
  const cap =
    flags.maxActions === undefined ? DEFAULT_MAX_ACTIONS : parseActionCap(flags.maxActions, MAX_MAX_ACTIONS, 2_000_000);
  if (typeof cap === 'string') problems.push(cap);
  if (problems.length > 0) throw new InputError(problems);
  const untilDecided = flags.untilDecided === true;
  if (goals.length === 0 && !untilDecided && flags.maxActions !== undefined) {
    throw new InputError('--max-actions caps a sized run: add --precision METRIC=WIDTH or --until-decided');
  }
  const maxActions = typeof cap === 'number' ? cap : DEFAULT_MAX_ACTIONS;
  return (targets) => {
    const decide = untilDecided ? [...targets] : [];
    return goals.length === 0 && decide.length === 0 ? null : { goals, decide, maxActions };
  };
}

/** The most actions a sized run may reach; undefined when the flags ask for no sizing. */
export function sizingCap(flags: SizingFlags): number | undefined {
  if ((flags.precision ?? []).length === 0 && flags.untilDecided !== true) return undefined;
  readSizing(flags);
  const cap =
    flags.maxActions === undefined ? DEFAULT_MAX_ACTIONS : parseActionCap(flags.maxActions, MAX_MAX_ACTIONS, 2_000_000);
  return typeof cap === 'number' ? cap : DEFAULT_MAX_ACTIONS;
}

/** The sizing for runs with no bounds to decide (run, sweep). */
export function sizingOf(flags: SizingFlags): Sizing | null {
  return readSizing(flags)([]);
}

/** Runs one scenario sized, drawing a progress line per round on a terminal. */
export function runSized(
  scenario: Scenario,
  sizing: Sizing,
  ctx: CommandContext,
  run?: (scenario: Scenario, options: SimulateOptions) => RunResult,
): SizedRun {
  let progress = startProgress(ctx, 0);
  const now = clockOf(ctx);
  let last: { actions: number; at: number } | null = null;
  try {
    return simulateSized(scenario, sizing, {
      onRound: (actions, round) => {
        progress.finish();
        const at = now();
        // Before a round, how long it will take at the last round's pace, when that is long.
        // A round shorter than PACED_ROUND_MS is mostly Node compiling the simulator and the
        // run's fixed costs (20,000 actions go 6 times slower than 2,000,000 a second): its
        // pace would announce minutes for a round of seconds, so it announces nothing.
        const took = last === null ? 0 : at - last.at;
        const eta = last === null || took < PACED_ROUND_MS ? 0 : (took / last.actions) * actions;
        if (eta >= LONG_ROUND_MS) ctx.err.write(`${roundNote(scenario.name, round, actions, eta)}\n`);
        last = { actions, at };
        progress = startProgress(ctx, actions);
      },
      onProgress: (done, total) => progress.reporter(0)(done, total),
      onLive: progress.options(0).onLive,
      ...(run === undefined ? {} : { run }),
    });
  } finally {
    progress.finish();
  }
}

/** A round estimated to take this long (ms of wall time) is announced with its estimate. */
export const LONG_ROUND_MS = 10_000;
/** A round must take this long (ms) for its pace to stand for the next round's. */
export const PACED_ROUND_MS = 1000;

/** "refunds: run 3 simulates 12,000,000 actions: about 1.5 h at the last run's pace (--max-actions caps a sized run)" */
export function roundNote(name: string, round: number, actions: number, etaMs: number): string {
  return (
    `${name}: run ${round} simulates ${formatCount(actions)} actions: about ${proseDuration(etaMs)} at the last run's pace ` +
    '(--max-actions caps a sized run)'
  );
}

/** One line on what sizing did: "refunds: 180,000 actions (3 runs), every bound decided". */
export function sizingNote(name: string, outcome: SizedOutcome): string {
  const runs = outcome.rounds === 1 ? '1 run' : `${outcome.rounds} runs`;
  const actions = outcome.actions === 1 ? '1 action' : `${formatCount(outcome.actions)} actions`;
  const head = `${name}: ${actions} (${runs})`;
  switch (outcome.stoppedBy) {
    case 'precision':
      return `${head}, every --precision met`;
    case 'decided':
      return `${head}, every bound decided`;
    case 'never':
      return `${head}; more actions would not do: a metric has no interval in this run, or its value sits exactly on a bound`;
    case 'cap':
      return `${head}, stopped by --max-actions; ${
        outcome.needed === null
          ? 'how many more would do cannot be estimated (a relative width of a value of 0)'
          : `needs about ${formatCount(outcome.needed)}`
      }`;
  }
}
