// Per-attempt traces of a few actions, for the timeline picture: the first N actions, or
// the N most eventful ones. Only traced actions carry a trace while they run, and at most
// N finished traces are kept, so tracing never grows with the run's length.
import type { TracedAction, TracedAttempt, TracedCheck } from '../model/result.js';
import type { Action } from './events.js';

export const TraceMode = { first: 'first', eventful: 'eventful' } as const;
export type TraceMode = keyof typeof TraceMode;

export interface TraceOptions {
  mode: TraceMode;
  actions: number;
}

interface Ranked {
  score: number;
  trace: TracedAction;
}

export class Tracer {
  private kept: Ranked[] = [];

  constructor(private readonly options: TraceOptions) {}

  /** Does action `id` carry a trace while it runs? */
  wants(id: number): boolean {
    return this.options.mode === 'eventful' || id < this.options.actions;
  }

  /** The action is over: keep its trace if it is among the N wanted. */
  finish(action: Action, attempts: TracedAttempt[], checks: TracedCheck[] | null = null): void {
    const trace: TracedAction = { action: action.id, arrival: action.arrival, commits: action.commits, attempts };
    if (checks !== null) trace.checks = checks;
    if (this.options.mode === 'first') {
      this.kept.push({ score: 0, trace });
      return;
    }
    const score = eventfulness(action, attempts);
    const kept = this.kept;
    const n = this.options.actions;
    if (kept.length === n && !outranks(score, action.id, kept[n - 1] as Ranked)) return;
    let i = kept.length;
    while (i > 0 && outranks(score, action.id, kept[i - 1] as Ranked)) i--;
    kept.splice(i, 0, { score, trace });
    if (kept.length > n) kept.pop();
  }

  /** The kept traces in action order. */
  result(): TracedAction[] {
    return this.kept.map((r) => r.trace).sort((a, b) => a.action - b.action);
  }
}

/**
 * How much happened to an action: its attempts, plus weight for what a reader looks for
 * in the picture (duplicate commits, a lost action, re-plan and replay calls).
 */
function eventfulness(action: Action, attempts: TracedAttempt[]): number {
  const extraCommits = action.commits > 1 ? action.commits - 1 : 0;
  const calls = attempts.length > 0 ? (attempts[attempts.length - 1] as TracedAttempt).call + 1 : 0;
  let score = attempts.length + 3 * extraCommits + (action.commits === 0 ? 3 : 0) + 2 * Math.max(0, calls - 1);
  // A server crash or a lease takeover is what a reader of the picture looks for.
  for (const attempt of attempts) {
    if (attempt.crash !== undefined) score += 3;
    if (attempt.takeover === true) score += 3;
  }
  return score;
}

/** Higher score first; among equals, the earlier action. */
function outranks(score: number, id: number, other: Ranked): boolean {
  return score > other.score || (score === other.score && id < other.trace.action);
}
