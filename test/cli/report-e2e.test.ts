// `run --out` through the real binary (dist/ built by global-setup.ts), as a user runs it:
// files on disk, stdout and stderr kept apart, no progress in a pipe; its refusals in-process.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { idemsim, requireBuild } from './binary.js';
import { inProcess } from './in-process.js';
import { lines } from './sinks.js';

const SCENARIOS = fileURLToPath(new URL('../../scenarios/', import.meta.url));

beforeAll(requireBuild);

describe('idemsim run --out (binary)', () => {
  it('writes a self-contained report folder: the page holds every chart (report-redraw.test.ts redraws one)', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-e2e-report-'));
    const scenario = join(SCENARIOS, 'refunds-1-no-key.yaml');
    const first = idemsim(['run', scenario, '--actions', '2000', '--out', 'r1', '--timeline', 'eventful'], cwd);
    expect(first.stderr).toBe(`report written to ${join('r1', 'index.html')}\n`);
    expect(first.status).toBe(0);
    expect(first.stdout.split('\n')[1]).toBe('Headline');

    const files = readdirSync(join(cwd, 'r1')).sort();
    for (const name of ['index.html', 'scenario.yaml', 'summary.csv', 'summary.json']) expect(files).toContain(name);
    const html = readFileSync(join(cwd, 'r1', 'index.html'), 'utf8');
    const svgs = files.filter((name) => name.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(0);
    expect(html.match(/<svg\b/g)).toHaveLength(svgs.length);
    expect(html).toContain('refunds-1-no-key');
  });

  it('refuses --png without --out with one line, exit 2', async () => {
    const result = await inProcess(['run', '--png'], tmpdir());
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(lines(result.stderr)).toHaveLength(1);
  });

  it('refuses --timeline-actions out of range with one line naming the limits, exit 2', async () => {
    for (const n of ['0', '5000']) {
      const result = await inProcess(['run', '--out', 'r', '--timeline-actions', n], tmpdir());
      expect(result.status).toBe(2);
      expect(lines(result.stderr)).toEqual([`--timeline-actions: must be a whole number from 1 to 1000, found '${n}'`]);
    }
  });
});
