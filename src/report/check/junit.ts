// `idemsim check --junit FILE`: the bounds as JUnit XML, the report format CI systems
// display. One testsuite per scenario, one testcase per bound, a <failure> per failed one
// and a <skipped> per undecided one (a <failure> with --strict, which fails them).
import type { CheckRow } from '../../model/bounds.js';
import { describeRow, fails, undecidedReason, type CheckPolicy } from './text.js';

export function renderJunit(
  groups: readonly {
    scenario: string;
    file: string;
    rows: readonly CheckRow[];
  }[],
  policy: CheckPolicy,
): string {
  const failures = (rows: readonly CheckRow[]): number => rows.filter((r) => fails(r, policy)).length;
  const skipped = (rows: readonly CheckRow[]): number =>
    rows.filter((r) => !fails(r, policy) && r.verdict === 'undecided').length;
  const all = groups.flatMap((g) => g.rows);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="idemsim check" tests="${all.length}" failures="${failures(all)}" skipped="${skipped(all)}">`,
  ];
  for (const group of groups) {
    lines.push(
      `  <testsuite name="${xml(group.scenario)}" file="${xml(group.file)}" tests="${group.rows.length}" failures="${failures(group.rows)}" skipped="${skipped(group.rows)}">`,
    );
    for (const row of group.rows) {
      const name = `${row.metric} ${row.bound === 'min' ? '>=' : '<='} ${row.limit}`;
      const open = `    <testcase classname="idemsim.${xml(group.scenario)}" name="${xml(name)}" file="${xml(group.file)}"`;
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
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
