// `idemsim diff --until-decided`: the scenarios with an undecided gate simulated again with
// more actions, both sides where they are scenario files, until every gate is decided or
// the cap is reached.
import { GateVerdict, type DiffReport, type FailOn, type NamedResult } from '../model/diff.js';
import type { Scenario } from '../model/scenario.js';
import { formatCount } from '../format/format.js';
import { plural } from '../report/diff/cells.js';
import { terminalText } from '../report/text.js';
import { diffResults } from '../stats/diff.js';
import { maxOf } from '../stats/extent.js';
import { actionsFactorToDecide, gateEvidence, type GateEvidence } from '../stats/gates.js';
import { nextActions } from '../stats/precision.js';
import { Z975 } from '../stats/welford.js';
import type { CommandContext } from './context.js';
import { simulated, type Input, type Side } from './diff-sides.js';
import { InputError } from './errors.js';
import { startProgress } from './progress.js';
import { sizingCap } from './sizing.js';

/**
 * --until-decided's cap on the actions of a scenario, or undefined without it. It sizes
 * scenario files only (a saved run's actions are what they are) and needs gates to decide.
 */
export function decideCap(
  options: { untilDecided?: boolean; maxActions?: string },
  failOn: readonly FailOn[],
  inputs: readonly Input[],
): number | undefined {
  if (options.untilDecided !== true) {
    if (options.maxActions !== undefined)
      throw new InputError('--max-actions caps --until-decided: add --until-decided');
    return undefined;
  }
  if (failOn.length === 0) {
    throw new InputError('--until-decided simulates until every --fail-on gate is decided: add a --fail-on gate');
  }
  if (inputs.every((input) => input.kind === 'saved')) {
    throw new InputError(
      '--until-decided simulates scenario files with more actions, and both sides are saved runs: name scenario files',
    );
  }
  return sizingCap({ untilDecided: true, maxActions: options.maxActions });
}

/**
 * The most a round multiplies a scenario's actions by. Each round starts again from the
 * seed, so steps of 16 cost at most a fifteenth more than one jump to the same size, and
 * a paired change (stats/paired.ts), which needs a few differing events to apply, is
 * judged on its own interval before the runs grow to what the unpaired one asked for.
 */
export const MAX_GROWTH = 16;

/**
 * Simulates again, with more actions, the scenarios that have an undecided gate: both
 * sides where they are scenario files, each from its seed (so a longer run extends the
 * shorter one), until every gate is decided or the cap is reached. The actions are sized
 * for the strictest level of the family (alpha / m), which decides a gate whatever the
 * others show. One note per resized scenario on standard error.
 */
export function untilDecided(
  sides: readonly Side[],
  runs: NamedResult[][],
  first: DiffReport,
  cap: number,
  ctx: CommandContext,
): DiffReport {
  // m of the family: the gates that can be judged (judgeFamily leaves the others out).
  const gates = first.scenarios.reduce(
    (n, s) => n + s.gates.filter((g) => g.verdict !== GateVerdict.untestable).length,
    0,
  );
  let report = first;
  const rounds = new Map<string, number>();
  const held = new Set<string>();
  for (;;) {
    const grow = new Map<string, number>();
    for (const scenario of report.scenarios) {
      const open = scenario.gates
        .map((gate, i) => ({ gate, i }))
        .filter(({ gate }) => gate.verdict === GateVerdict.undecided);
      if (open.length === 0) continue;
      const actions = actionsOf(sides, scenario.name);
      if (actions === undefined || actions >= cap) continue;
      const factor = maxOf(
        open.map(({ i }) =>
          actionsFactorToDecide(
            evidenceOf(report, scenario.name, i),
            report.falseAlarm,
            gates,
            savedShare(sides, report, scenario.name, i),
          ),
        ),
      );
      // A saved side's own interval leaves a gate open whatever the other side's actions.
      if (factor === Number.POSITIVE_INFINITY && hasSaved(sides, scenario.name)) {
        held.add(scenario.name);
        continue;
      }
      // At most MAX_GROWTH times a round: a change that is not yet paired (too few events
      // differ at these actions) sizes itself on the independent runs' far wider interval.
      grow.set(scenario.name, Math.min(nextActions(actions, actions * factor, cap), actions * MAX_GROWTH));
    }
    if (grow.size === 0) break;
    for (const [name, actions] of grow) {
      rounds.set(name, (rounds.get(name) ?? 1) + 1);
      resimulate(sides, runs, name, actions, ctx);
    }
    report = diffResults(runs[0] ?? [], runs[1] ?? [], report.failOn, report.falseAlarm);
  }
  for (const name of new Set([...rounds.keys(), ...held])) {
    const count = rounds.get(name) ?? 1;
    const scenario = report.scenarios.find((s) => s.name === name);
    const open = scenario?.gates.filter((g) => g.verdict === GateVerdict.undecided).length ?? 0;
    const actions = actionsOf(sides, name) ?? 0;
    const end =
      open === 0
        ? 'every gate decided'
        : held.has(name)
          ? `${plural(open, 'gate')} still undecided: the saved side's own interval leaves ${open === 1 ? 'it' : 'them'} open (save it with more actions)`
          : `${plural(open, 'gate')} still undecided at --max-actions`;
    ctx.err.write(`${terminalText(name)}: ${formatCount(actions)} actions (${plural(count, 'run')}), ${end}\n`);
  }
  return report;
}

/** The actions a scenario is simulated with now: the larger of its two sides' scenario files. */
function actionsOf(sides: readonly Side[], name: string): number | undefined {
  const found = sides.flatMap((side) => side.scenarios.filter((s) => s.name === name).map((s) => s.actions));
  return found.length === 0 ? undefined : maxOf(found);
}

/** Whether `name` comes from a saved run on one side (its actions fixed). */
function hasSaved(sides: readonly Side[], name: string): boolean {
  return sides.some((side) => side.saved.some((r) => r.name === name));
}

/**
 * The standard error a saved side brings to gate `gate` of `name` (its 95% half-width,
 * the wider side, read as normal; a relative gate's base scaled by up to 1 + t): what no
 * number of actions on the other side takes away. 0 when both sides are scenario files.
 */
function savedShare(sides: readonly Side[], report: DiffReport, name: string, gate: number): number {
  const failOn = report.failOn[gate] as FailOn;
  const diff = report.scenarios.find((s) => s.name === name)?.metrics.find((m) => m.metric === failOn.metric);
  if (diff?.sides === undefined) return 0;
  const [base, fresh] = sides.map((side) => side.saved.some((r) => r.name === name));
  const share = (interval: { low: number; high: number }, value: number, scale: number): number =>
    (scale * Math.max(interval.high - value, value - interval.low)) / Z975;
  return Math.hypot(
    base === true ? share(diff.sides.base, diff.base, failOn.relative ? 1 + failOn.tolerance : 1) : 0,
    fresh === true ? share(diff.sides.new, diff.new, 1) : 0,
  );
}

function evidenceOf(report: DiffReport, name: string, gate: number): GateEvidence {
  const scenario = report.scenarios.find((s) => s.name === name);
  const failOn = report.failOn[gate] as FailOn;
  const diff = scenario?.metrics.find((m) => m.metric === failOn.metric);
  if (diff === undefined) throw new RangeError(`no metric ${failOn.metric} in ${name}`);
  return gateEvidence(failOn, diff);
}

/** Simulates `name` again at `actions` on every side that has it as a scenario file. */
function resimulate(
  sides: readonly Side[],
  runs: NamedResult[][],
  name: string,
  actions: number,
  ctx: CommandContext,
): void {
  sides.forEach((side, i) => {
    const at = side.scenarios.findIndex((s) => s.name === name);
    if (at < 0) return;
    const scenario = { ...(side.scenarios[at] as Scenario), actions };
    side.scenarios[at] = scenario;
    const list = runs[i] ?? [];
    const k = list.findIndex((r) => r.name === name);
    const progress = startProgress(ctx, actions);
    try {
      const run = simulated(scenario, progress.options(0));
      if (k >= 0) list[k] = run;
    } finally {
      progress.finish();
    }
  });
}
