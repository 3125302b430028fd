import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../src/report/run/table.js';
import { INTERVAL_NOTE } from '../../../src/report/text.js';
import { stripVTControlCharacters } from 'node:util';
import { hasAnsi } from '../../cli/sinks.js';
import { defaultsRun, intentRun } from '../fixture.js';

function lineIndex(lines: readonly string[], label: string): number {
  return lines.findIndex((line) => line.trimStart().startsWith(label));
}

describe('renderTable', () => {
  it('opens with the headline block, in the documented order', () => {
    const lines = renderTable([defaultsRun()], { color: false }).split('\n');
    const order = [
      'Headline',
      'duplicates / 1000',
      'lost / 1000',
      'unknown / 1000',
      'false failures / 1000',
      '409 rate',
      '422 rate',
      'dedup hit rate',
      'call latency p95',
      'key store, steady state',
      'Duplicates by source',
      'Responses',
      'Latency',
      'Key store',
      'Service',
    ];
    const positions = order.map((label) => lineIndex(lines, label));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(positions[0]).toBe(1);
  });

  it('shows duplicates per thousand with its 95% interval', () => {
    const lines = renderTable([defaultsRun()], { color: false }).split('\n');
    expect(lines[lineIndex(lines, 'duplicates / 1000')]).toMatch(/43\.8 \[37\.4, 50\.1\]$/);
    expect(lines).toContain(INTERVAL_NOTE);
  });

  it('formats units for reading', () => {
    const text = renderTable([intentRun()], { color: false });
    expect(text).toMatch(/key store, steady state +180,000 keys, 36\.0 MB\n/);
    expect(text).toMatch(/call p95 +1\.23 s \[1\.18 s, 1\.30 s\]\n/);
    expect(text).toMatch(/409 rate +0\.10%\n/);
    expect(text).toMatch(/timeouts +175 \(4\.18%\)\n/);
  });

  it('gives one column per scenario, headed by the scenario names', () => {
    const lines = renderTable([defaultsRun(), intentRun()], { color: false }).split('\n');
    expect(lines[0]).toMatch(/^ +article-defaults +refunds-3-intent-key$/);
    expect(lines[lineIndex(lines, 'dedup hit rate')]).toMatch(/dedup hit rate +0\.00% +4\.09%$/);
    expect(lines[lineIndex(lines, 'peak keys')]).toMatch(/peak keys +0 +4,000$/);
  });

  it('right-aligns every scenario column', () => {
    const lines = renderTable([defaultsRun(), intentRun()], { color: false }).split('\n');
    const rows = lines.filter((line) => /^ {2}\S/.test(line) && !/ {3}$/.test(line));
    const widths = new Set(rows.map((line) => line.length));
    expect(widths.size).toBe(1);
  });

  it('writes no ANSI codes without colour', () => {
    expect(hasAnsi(renderTable([defaultsRun(), intentRun()], { color: false }))).toBe(false);
  });

  it('decorates with ANSI codes when asked, without changing the words', () => {
    const coloured = renderTable([defaultsRun()], { color: true });
    expect(hasAnsi(coloured)).toBe(true);
    const stripped = stripVTControlCharacters(coloured);
    expect(stripped).toBe(renderTable([defaultsRun()], { color: false }));
  });

  it('omits an interval of zero width at the value', () => {
    const lines = renderTable([defaultsRun()], { color: false }).split('\n');
    expect(lines[lineIndex(lines, 'lost / 1000')]).toMatch(/lost \/ 1000 +0$/);
  });

  it('is deterministic and has no trailing spaces', () => {
    const a = renderTable([defaultsRun(), intentRun()], { color: false });
    expect(renderTable([defaultsRun(), intentRun()], { color: false })).toBe(a);
    expect(a.split('\n').every((line) => line === line.trimEnd())).toBe(true);
    expect(a.endsWith('\n')).toBe(true);
  });

  it("prints each scenario's description under the table, wrapped", () => {
    const run = defaultsRun();
    run.scenario.description = 'Blind retries with no key. '.repeat(8).trim();
    const lines = renderTable([run, intentRun()], { color: false }).trimEnd().split('\n');
    const start = lines.findIndex((line) => line.startsWith('article-defaults: Blind retries'));
    expect(start).toBeGreaterThan(0);
    expect(lines.slice(start).every((line) => line.length <= 96)).toBe(true);
    expect(lines.slice(start).join(' ')).toBe(`article-defaults: ${run.scenario.description}`);
  });
});
