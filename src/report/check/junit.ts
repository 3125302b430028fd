// `idemsim check --junit FILE`: the bounds as JUnit XML, the report format CI systems
// display. One testsuite per scenario, one testcase per bound, named as a person reads it
// (`latency.call.p95 <= 2 s`), a <failure> per failed one and a <skipped> per undecided
// one (a <failure> with --strict, which fails them). `time` is the wall time of each
// scenario's simulation, which the CLI measures (the model has no clock). Every text is
// escaped and stripped of what XML forbids (xml.ts): a file name may hold anything.
import type { CheckRow } from '../../model/bounds.js';
import type { GateVerdict } from '../../model/diff.js';
import { formatMetric, type Precision } from '../../format/format.js';
import { xmlText as xml } from '../xml.js';
import { describeRow, fails, undecidedReason, type CheckPolicy } from './text.js';

/** One `--fail-on` gate of `check --baseline` on one scenario: its own testcase. */
export interface JunitGate {
  scenario: string;
  /** The gate as written: `unknownPerThousand=+1`. */
  name: string;
  verdict: GateVerdict;
  /** Why it failed, why it is undecided, or why it could not be judged. */
  message: string;
}

/** One scenario's bounds, judged on one simulation that took `seconds` of wall time. */
export interface JunitSuite {
  scenario: string;
  file: string;
  rows: readonly CheckRow[];
  seconds: number;
}

// A limit is a number someone wrote in a file: enough digits to write it back unrounded.
const LIMIT: Precision = { digits: 6, trim: true };

/** A testcase's name: the bound in the metric's unit, as the table writes units ("2 s", "100 MB", "0.1"). */
export function boundName(row: CheckRow): string {
  return `${row.metric} ${row.bound === 'min' ? '>=' : '<='} ${formatMetric(row.limit, row.unit, row.limit, LIMIT)}`;
}

export function renderJunit(
  suites: readonly JunitSuite[],
  policy: CheckPolicy,
  gates: readonly JunitGate[] = [],
): string {
  const failures = (rows: readonly CheckRow[]): number => rows.filter((r) => fails(r, policy)).length;
  const skipped = (rows: readonly CheckRow[]): number =>
    rows.filter((r) => !fails(r, policy) && r.verdict === 'undecided').length;
  const all = suites.flatMap((g) => g.rows);
  const total = suites.reduce((sum, g) => sum + g.seconds, 0);
  const failedGates = gates.filter((g) => g.verdict === 'fail').length;
  const skippedGates = gates.filter((g) => g.verdict === 'untestable' || g.verdict === 'undecided').length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="idemsim check" tests="${all.length + gates.length}" failures="${failures(all) + failedGates}" skipped="${skipped(all) + skippedGates}" time="${time(total)}">`,
  ];
  for (const suite of suites) {
    lines.push(
      `  <testsuite name="${xml(suite.scenario)}" file="${xml(suite.file)}" tests="${suite.rows.length}" failures="${failures(suite.rows)}" skipped="${skipped(suite.rows)}" time="${time(suite.seconds)}">`,
    );
    // Every bound is judged on the same simulation: each testcase gets an equal share of
    // its time, so that CI servers which add up testcases show the suite's real time.
    const share = suite.rows.length === 0 ? 0 : suite.seconds / suite.rows.length;
    for (const row of suite.rows) {
      const open = `    <testcase classname="idemsim.${xml(suite.scenario)}" name="${xml(boundName(row))}" file="${xml(suite.file)}" time="${time(share)}"`;
      if (fails(row, policy)) {
        lines.push(`${open}>`, `      <failure message="${xml(describeRow(row))}"/>`, '    </testcase>');
      } else if (row.verdict === 'undecided') {
        lines.push(`${open}>`, `      <skipped message="${xml(undecidedReason(row))}"/>`, '    </testcase>');
      } else {
        lines.push(`${open}/>`);
      }
    }
    lines.push('  </testsuite>');
  }
  if (gates.length > 0) {
    lines.push(
      `  <testsuite name="baseline" tests="${gates.length}" failures="${failedGates}" skipped="${skippedGates}" time="0.000">`,
    );
    for (const gate of gates) {
      const open = `    <testcase classname="idemsim.baseline.${xml(gate.scenario)}" name="${xml(gate.name)}" time="0.000"`;
      if (gate.verdict === 'pass') lines.push(`${open}/>`);
      else {
        const tag = gate.verdict === 'fail' ? 'failure' : 'skipped';
        lines.push(`${open}>`, `      <${tag} message="${xml(gate.message)}"/>`, '    </testcase>');
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

/** Seconds as JUnit writes them: a plain decimal with millisecond resolution. */
function time(seconds: number): string {
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 0).toFixed(3);
}
