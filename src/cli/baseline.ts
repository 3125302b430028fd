// `check --baseline FILE --fail-on METRIC=+X`: the comparison `idemsim diff` makes, inside
// check. The baseline and the gates are read before anything is simulated; the fresh
// results are check's own runs.
import type { DiffReport, FailOn, NamedResult } from '../model/diff.js';
import { diffResults } from '../stats/diff.js';
import type { DiffSides } from '../report/diff/cells.js';
import { checkGates, failOnFlags, falseAlarmFlag } from './diff.js';
import { checkMatch, readInput } from './diff-sides.js';
import { InputError } from './errors.js';
import { VERSION } from './version.js';

export interface Baseline {
  file: string;
  runs: NamedResult[];
  idemsim: string | null;
  failOn: FailOn[];
  /** The family-wise false-alarm rate of the gates (--false-alarm). */
  falseAlarm: number;
}

/** The saved runs of `arg` (a .json file or a report folder) and the gates; bad input throws. */
export function readBaseline(
  arg: string,
  failOnArgs: readonly string[],
  cwd: string,
  falseAlarmArg?: string,
): Baseline {
  const failOn = failOnFlags(failOnArgs);
  const falseAlarm = falseAlarmFlag(falseAlarmArg, failOn);
  const input = readInput(arg, cwd);
  if (input.kind !== 'saved') {
    throw new InputError(
      `--baseline ${arg}: name a saved run (idemsim run --format json > FILE.json) or a report folder (idemsim run --out DIR), not a scenario`,
    );
  }
  return { file: input.file, runs: input.runs, idemsim: input.idemsim, failOn, falseAlarm };
}

/** No scenario in common with the baseline is bad input, found before anything runs. */
export function matchBaseline(baseline: Baseline, names: readonly string[]): void {
  checkMatch(
    baseline.runs.map((r) => r.name),
    names,
  );
}

/** Check's fresh runs against the baseline, by scenario name. */
export function compareWithBaseline(
  baseline: Baseline,
  fresh: readonly NamedResult[],
  files: readonly string[],
  sets: readonly string[],
): { report: DiffReport; sides: DiffSides } {
  const report = diffResults(baseline.runs, fresh, baseline.failOn, baseline.falseAlarm);
  checkGates(report);
  return {
    report,
    sides: {
      base: { files: [baseline.file], sets: [], idemsim: baseline.idemsim, simulated: false },
      new: { files: [...files], sets: [...sets], idemsim: VERSION, simulated: true },
    },
  };
}
