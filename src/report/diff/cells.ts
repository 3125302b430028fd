// What every rendering of a diff writes the same way: a signed change in the metric's
// unit, its interval, the one-word result of the significance test, a gate's outcome,
// and the verdict line; names and file names shown safe for a terminal. Shares change in percentage points, so that "+2.00 pp" cannot be
// read as "2% more".
import { GateVerdict, type DiffReport, type GateResult, type MetricDiff, type ScenarioDiff } from '../../model/diff.js';
import { NOT_AVAILABLE, formatMetric, grouped } from '../../format/format.js';
import type { Unit } from '../../model/metric-types.js';
import { maxOf } from '../../stats/extent.js';
import { terminalText } from '../text.js';

/** Where each side came from, as the command line named it. */
export interface DiffSide {
  files: readonly string[];
  /** The --set overrides (--seed, --actions included) the files were simulated with. */
  sets: readonly string[];
  /** The idemsim version that simulated this side, when known. */
  idemsim: string | null;
  /** Simulated by this command (scenario files) rather than read from a saved run. */
  simulated: boolean;
}

export interface DiffSides {
  base: DiffSide;
  new: DiffSide;
}

/** The rule behind every row, in one line. */
export function diffNote(report: DiffReport): string {
  const rule =
    'change = new - base, with its 95% CI: "paired" where both runs drew the same random numbers (the same seed ' +
    "and actions: Student's t over the differences of 50 batches of actions), otherwise by Newcombe's MOVER " +
    "method from the two runs' own intervals; real: that CI excludes 0 (each metric on its own: context, not a gate)";
  if (report.failOn.length === 0) return rule;
  return (
    `${rule}; the gates are judged together (Holm), so that a comparison with no real change fails ` +
    `any of them with probability at most ${percent(report.falseAlarm)}: a gate fails when its change is shown beyond ` +
    'its limit, passes when shown within it, and is undecided otherwise (more actions would tell)'
  );
}

/** A rate as a person writes it: "5%", "0.1%". */
export function percent(rate: number): string {
  return `${Number((rate * 100).toPrecision(3))}%`;
}

/** A change with its sign: "+0.250", "-1.20 s", "+2.00 pp"; `ref` picks unit and precision. */
export function signed(x: number, unit: Unit, ref: number = x): string {
  if (!Number.isFinite(x)) return NOT_AVAILABLE;
  // No change reads "0", not "0.00000" in the precision of a wide interval.
  if (x === 0) return unit === 'ratio' ? '0 pp' : formatMetric(0, unit);
  const text = unit === 'ratio' ? `${grouped(x * 100, 2)} pp` : formatMetric(x, unit, ref);
  // A value that rounds to zero ("0", "0.00 pp") takes no sign.
  return x > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

/** What picks the precision of a change and its interval: the widest of them. */
function refOf(diff: MetricDiff): number {
  const { interval, change } = diff;
  const ends = interval === null ? [] : [interval.low, interval.high];
  return Math.max(maxOf([change, ...ends].filter(Number.isFinite).map(Math.abs)), 0);
}

export function changeText(diff: MetricDiff): string {
  return signed(diff.change, diff.unit, refOf(diff));
}

export function intervalText(diff: MetricDiff): string {
  const { interval } = diff;
  if (interval === null) return '';
  const ref = refOf(diff);
  const text = `[${signed(interval.low, diff.unit, ref)}, ${signed(interval.high, diff.unit, ref)}]`;
  return diff.paired === undefined ? text : `${text} paired`;
}

export function valueText(x: number, unit: Unit): string {
  return formatMetric(x, unit);
}

/** "yes" (up or down), "no", or "no interval" for a metric without one on either side. */
export function realText(diff: MetricDiff): string {
  if (diff.real === null) return 'no interval';
  if (!diff.real) return 'no';
  return diff.change >= 0 ? 'yes, up' : 'yes, down';
}

/** A gate's limit as a signed change in the metric's unit: "+1.00", "-10.0 ms", "-2.00 pp". */
export function limitText(gate: GateResult, unit: Unit): string {
  return signed(gate.limit, unit, Math.abs(gate.limit));
}

/**
 * "FAIL (limit +1.00)", "pass (limit -2.00 pp)", "undecided (limit +0.100, fails above
 * +2.41)", "untestable (no interval)". An undecided gate says the smallest change it detects.
 */
export function gateText(gate: GateResult, unit: Unit): string {
  if (gate.verdict === GateVerdict.untestable) return 'untestable (no interval)';
  const limit = `limit ${limitText(gate, unit)}`;
  if (gate.verdict === GateVerdict.undecided) return `undecided (${limit}, ${detectsText(gate, unit)})`;
  return `${gate.verdict === GateVerdict.fail ? 'FAIL' : 'pass'} (${limit})`;
}

/** "fails above +2.41": the smallest change the gate detects at the actions used. */
export function detectsText(gate: GateResult, unit: Unit): string {
  if (gate.failsBeyond === null) return 'detects nothing';
  const side = gate.failOn.worse === 'increase' ? 'above' : 'below';
  return `fails ${side} ${signed(gate.failsBeyond, unit, Math.abs(gate.failsBeyond))}`;
}

/** The gates of a scenario on one metric. */
export function gatesOn(scenario: ScenarioDiff, metric: string): GateResult[] {
  return scenario.gates.filter((g) => g.failOn.metric === metric);
}

/** A failed gate in words: "unknownPerThousand=+1 in refunds: +45.2 [+41.3, +49.1], limit +1.00". */
export function failureText(scenario: ScenarioDiff, gate: GateResult): string {
  const diff = scenario.metrics.find((m) => m.metric === gate.failOn.metric);
  const change =
    diff === undefined ? '' : `: ${changeText(diff)} ${intervalText(diff)}, limit ${limitText(gate, diff.unit)}`;
  const detects =
    diff === undefined || gate.verdict !== GateVerdict.undecided ? '' : `, ${detectsText(gate, diff.unit)}`;
  return `${gate.failOn.text} in ${terminalText(scenario.name)}${change}${detects}`;
}

/** Every gate with `verdict`, scenario by scenario. */
export function gatesWith(report: DiffReport, verdict: GateVerdict): { scenario: ScenarioDiff; gate: GateResult }[] {
  return report.scenarios.flatMap((scenario) =>
    scenario.gates.filter((g) => g.verdict === verdict).map((gate) => ({ scenario, gate })),
  );
}

/** Every failed gate, scenario by scenario. */
export function failures(report: DiffReport): { scenario: ScenarioDiff; gate: GateResult }[] {
  return gatesWith(report, GateVerdict.fail);
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The verdict in one line, without markup: what CI logs and the PR comment lead with. */
export function verdictLine(report: DiffReport): string {
  const scenarios = plural(report.scenarios.length, 'scenario');
  if (report.failOn.length === 0) {
    const real = report.scenarios.reduce((sum, s) => sum + s.metrics.filter((m) => m.real === true).length, 0);
    return `no --fail-on gate; ${plural(real, 'metric change')} real at 95% each in ${scenarios}`;
  }
  const gates = report.failOn.length * report.scenarios.length;
  const count = (verdict: GateVerdict): number => gatesWith(report, verdict).length;
  const parts = [
    `${count(GateVerdict.pass)} passed`,
    `${report.undecided} undecided`,
    ...(count(GateVerdict.untestable) > 0 ? [`${count(GateVerdict.untestable)} untestable`] : []),
  ];
  const family = `false-alarm rate ${percent(report.falseAlarm)} for ${gates === 1 ? 'the 1 gate' : `all ${gates} gates together`}`;
  if (!report.passed) {
    const list = failures(report).map(({ scenario, gate }) => `${gate.failOn.text} in ${terminalText(scenario.name)}`);
    return `FAIL: ${report.failed} of ${plural(gates, 'gate')} failed (${list.join('; ')}); ${parts.join(', ')}; ${family}`;
  }
  return `pass: no gate failed in ${scenarios} (${parts.join(', ')}); ${family}`;
}

/** The scenarios compared on one side only, one line each, or none. */
export function unmatchedLines(report: DiffReport): string[] {
  const lines: string[] = [];
  const names = (list: readonly string[]): string => list.map(terminalText).join(', ');
  if (report.onlyInBase.length > 0) lines.push(`only in base, not compared: ${names(report.onlyInBase)}`);
  if (report.onlyInNew.length > 0) lines.push(`only in new, not compared: ${names(report.onlyInNew)}`);
  return lines;
}

/** "ci/baseline.json (idemsim 0.1.0)", "a.yaml, b.yaml (simulated by idemsim 0.2.0)". */
export function sideText(side: DiffSide): string {
  const version = side.idemsim === null ? '' : `idemsim ${side.idemsim}`;
  const how = side.simulated ? `simulated${version === '' ? '' : ` by ${version}`}` : version;
  const sets = side.sets.map((set) => ` --set ${set}`).join('');
  // File names and --set arguments as the command line gave them: anything but safe.
  return terminalText(`${side.files.join(', ')}${sets === '' ? '' : ` with${sets}`}${how === '' ? '' : ` (${how})`}`);
}
