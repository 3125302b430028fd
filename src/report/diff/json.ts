// `idemsim diff --format json`: the comparison for machines. Keys in a fixed order, numbers
// in full precision (non-finite ones, a metric a side does not carry, as null), two-space
// indent and a trailing newline, like every JSON idemsim writes. `diffVersion` is bumped
// when a reader of the previous version could misread the document.
import type { DiffReport, FailOn, GateResult, MetricDiff } from '../../model/diff.js';
import { DIFF_LEVEL } from '../../stats/diff.js';
import type { DiffSide, DiffSides } from './cells.js';

/** 2: gates are judged as a family (`falseAlarm`), may be `undecided`, and carry `pValue` and `failsBeyond`. */
export const DIFF_VERSION = 2;

export function renderDiffJson(report: DiffReport, sides: DiffSides, version: string): string {
  const document = {
    idemsim: version,
    diffVersion: DIFF_VERSION,
    level: DIFF_LEVEL,
    falseAlarm: report.falseAlarm,
    passed: report.passed,
    failed: report.failed,
    undecided: report.undecided,
    base: side(sides.base),
    new: side(sides.new),
    failOn: report.failOn.map(failOn),
    scenarios: report.scenarios.map((scenario) => ({
      name: scenario.name,
      gates: scenario.gates.map(gate),
      metrics: scenario.metrics.map(metric),
    })),
    onlyInBase: [...report.onlyInBase],
    onlyInNew: [...report.onlyInNew],
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function side(s: DiffSide): Record<string, unknown> {
  return { files: [...s.files], sets: [...s.sets], idemsim: s.idemsim, simulated: s.simulated };
}

function failOn(f: FailOn): Record<string, unknown> {
  return { text: f.text, metric: f.metric, worse: f.worse, tolerance: f.tolerance, relative: f.relative };
}

function gate(g: GateResult): Record<string, unknown> {
  return {
    failOn: g.failOn.text,
    metric: g.failOn.metric,
    limit: g.limit,
    verdict: g.verdict,
    pValue: g.pValue,
    failsBeyond: g.failsBeyond,
  };
}

function metric(m: MetricDiff): Record<string, unknown> {
  return {
    metric: m.metric,
    unit: m.unit,
    base: m.base,
    new: m.new,
    change: m.change,
    interval: m.interval === null ? null : { low: m.interval.low, high: m.interval.high },
    // How the interval was made: "paired" (both runs drew the same numbers), "independent" (MOVER).
    design: m.interval === null ? null : m.paired === undefined ? 'independent' : 'paired',
    real: m.real,
  };
}
