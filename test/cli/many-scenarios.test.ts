// A report of many scenarios: every run in the tables and data files, the charts drawn for
// the first MAX_CHARTED_RUNS only (a panel each), and the page and stderr say so.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { MAX_CHARTED_RUNS } from '../../src/report/run/folder.js';
import { captured } from './sinks.js';

describe(`run --out with more than ${MAX_CHARTED_RUNS} scenarios`, () => {
  it('keeps every run in the summary, charts the first ones, and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-many-'));
    const count = MAX_CHARTED_RUNS + 6;
    const files = Array.from({ length: count }, (_, i) => {
      const path = join(dir, `s${String(i).padStart(2, '0')}.yaml`);
      writeFileSync(path, `name: s${String(i).padStart(2, '0')}\nseed: ${i + 1}\nactions: 200\n`);
      return path;
    });
    const ctx = captured({ cwd: dir });
    expect(await cli(['run', ...files, '--out', 'report', '--format', 'json'], ctx)).toBe(0);
    expect(ctx.err.text).toContain(
      `note: the charts draw the first ${MAX_CHARTED_RUNS} of the ${count} scenarios; the tables and data files hold every one`,
    );
    const summary = JSON.parse(readFileSync(join(dir, 'report', 'summary.json'), 'utf8')) as { runs: unknown[] };
    expect(summary.runs).toHaveLength(count);
    const html = readFileSync(join(dir, 'report', 'index.html'), 'utf8');
    expect(html).toContain(`The charts draw the first ${MAX_CHARTED_RUNS} of the ${count} scenarios`);
    const spec = readFileSync(join(dir, 'report', 'duplicates.vl.json'), 'utf8');
    expect(spec).toContain(`"s${MAX_CHARTED_RUNS - 1}"`);
    expect(spec).not.toContain(`"s${MAX_CHARTED_RUNS}"`);
  }, 120_000);
});
