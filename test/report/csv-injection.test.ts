// Text that reaches a CSV file (a scenario's name, a varied value) must not run as a
// spreadsheet formula: a cell starting with =, +, -, @, a tab or a carriage return gets a
// leading ', numbers stay numbers, and the field still reads back under RFC 4180.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/report/text.js';

/** One RFC 4180 field read back. */
function unquote(field: string): string {
  return field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
}

describe('csvField', () => {
  it("never lets a cell start a formula, and reads back as the text (after a leading ' when guarded)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom('=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=x', '\r=x')),
        (text) => {
          const cell = unquote(csvField(text));
          expect(cell === text || cell === `'${text}`).toBe(true);
          const numeric = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text);
          if (!numeric) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        },
      ),
      { seed: 16, numRuns: 2000 },
    );
  });

  it('leaves numbers, negative ones included, as they are', () => {
    for (const n of ['-0.5', '+3', '-1e-7', '42', '.5']) expect(csvField(n)).toBe(n);
  });

  it('guards the examples', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvField('-2+3')).toBe("'-2+3");
  });
});

describe('every CSV idemsim writes', () => {
  it("run --format csv and a report folder's timeseries.csv guard a scenario name that starts a formula", async () => {
    const { idemsim, requireBuild } = await import('../cli/binary.js');
    requireBuild();
    const name = ['--set', 'name==HYPERLINK("x")', '--actions', '100'];
    const csv = idemsim(['run', ...name, '--format', 'csv']);
    expect(csv.status).toBe(0);
    const rows = csv.stdout.trim().split('\n').slice(1);
    expect(rows.every((row) => row.startsWith(`"'=HYPERLINK(""x"")",`))).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-csv-'));
    try {
      const out = join(dir, 'report');
      expect(idemsim(['run', ...name, '--set', 'report.interval=10s', '--out', out, '--quiet']).status).toBe(0);
      const series = readFileSync(join(out, 'timeseries.csv'), 'utf8').trim().split('\n').slice(1);
      expect(series.length).toBeGreaterThan(0);
      expect(series.every((row) => row.startsWith(`"'=HYPERLINK(""x"")",`))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
