// `idemsim check --junit FILE`: the bounds as JUnit XML, the report format CI systems
// display. One testsuite per scenario, one testcase per bound, a <failure> per failed one.
import type { CheckRow } from '../../model/bounds.js';
import { describeRow } from './text.js';

export function renderJunit(
  groups: readonly {
    scenario: string;
    file: string;
    rows: readonly CheckRow[];
  }[],
): string {
  const failures = (rows: readonly CheckRow[]): number => rows.filter((r) => !r.pass).length;
  const all = groups.flatMap((g) => g.rows);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="idemsim check" tests="${all.length}" failures="${failures(all)}">`,
  ];
  for (const group of groups) {
    lines.push(
      `  <testsuite name="${xml(group.scenario)}" file="${xml(group.file)}" tests="${group.rows.length}" failures="${failures(group.rows)}">`,
    );
    for (const row of group.rows) {
      const name = `${row.metric} ${row.bound === 'min' ? '>=' : '<='} ${row.limit}`;
      const open = `    <testcase classname="idemsim.${xml(group.scenario)}" name="${xml(name)}" file="${xml(group.file)}"`;
      if (row.pass) {
        lines.push(`${open}/>`);
      } else {
        lines.push(`${open}>`, `      <failure message="${xml(describeRow(row))}"/>`, '    </testcase>');
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
