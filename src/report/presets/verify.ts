// `presets --verify`'s table: each preset (or stack) run by its real package and by idemsim,
// script by script, with the packages that ran; and the presets checked by reading their
// source alone, since their client cannot run here.
import { maxOf } from '../../stats/extent.js';

/** One script's verdict, as conformance/verify.ts gives it. */
export interface ScriptRow {
  script: string;
  agree: boolean;
  detail: string;
}

export interface VerifiedRow {
  name: string;
  /** `name@version` of each package that ran. */
  packages: readonly string[];
  scripts: readonly ScriptRow[];
  agree: boolean;
  worstP: number | null;
}

/** A preset whose client does not run here, and why. */
export interface SourceOnlyRow {
  name: string;
  why: string;
}

export function renderVerifyText(rows: readonly VerifiedRow[], sourceOnly: readonly SourceOnlyRow[]): string {
  const lines: string[] = [];
  for (const row of rows) {
    const p = row.worstP === null ? 'no random wait' : `worst KS p ${row.worstP.toPrecision(2)}`;
    lines.push(`${row.name}: ${row.agree ? 'agrees' : 'DISAGREES'} (${row.packages.join(', ')}; ${p})`);
    for (const s of row.scripts) lines.push(`  ${s.agree ? 'ok  ' : 'DIFF'} ${s.script}: ${s.detail}`);
  }
  if (sourceOnly.length > 0) {
    lines.push('', 'Checked against their source only (they cannot run here):');
    for (const row of sourceOnly) lines.push(`  ${row.name}: ${row.why}`);
  }
  const failed = rows.filter((row) => !row.agree).length;
  if (rows.length === 0) return `${lines.join('\n').trimStart()}\n`;
  lines.push(
    '',
    failed === 0
      ? `${rows.length} of ${rows.length} agree with their real package.`
      : `${failed} of ${rows.length} disagree with their real package.`,
  );
  return `${lines.join('\n')}\n`;
}

/** The same as JSON, for a script: the verdicts and the packages. */
export function renderVerifyJson(
  rows: readonly VerifiedRow[],
  sourceOnly: readonly SourceOnlyRow[],
  version: string,
): string {
  return `${JSON.stringify({ idemsim: version, verified: rows, sourceOnly }, null, 2)}\n`;
}

/** The table docs/reference/presets.md holds: one row per preset or stack, then those checked by source. */
export function renderVerifyMarkdown(rows: readonly VerifiedRow[], sourceOnly: readonly SourceOnlyRow[]): string {
  const table: string[][] = [
    ['preset or stack', 'package(s) run', 'scripts that agree', 'waits compared', 'worst KS p'],
  ];
  for (const row of rows) {
    const waits =
      row.scripts
        .find((s) => s.detail.includes('wait 1'))
        ?.detail.split('; ')
        .slice(1)
        .join('; ') ?? '';
    const agree = row.scripts.filter((s) => s.agree).length;
    const p = row.worstP === null ? '-' : row.worstP.toPrecision(2);
    table.push([`\`${row.name}\``, row.packages.join(', '), `${agree} of ${row.scripts.length}`, waits, p]);
  }
  for (const row of sourceOnly) table.push([`\`${row.name}\``, `none: ${row.why}`, '-', '-', '-']);
  const widths = (table[0] as string[]).map((_, i) => maxOf(table.map((r) => (r[i] as string).length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return `${[line(table[0] as string[]), rule, ...table.slice(1).map(line)].join('\n')}\n`;
}
