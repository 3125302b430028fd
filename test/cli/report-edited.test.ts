// `report` draws from a summary.json, its input: one edited so that a chart cannot be drawn
// (a time of 1.7e308 ms) is bad input, refused in one line with exit 2, not a crash.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured, lines } from './sinks.js';

describe('report of an edited summary', () => {
  it('a chart it cannot draw is one line and exit 2', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-report-edited-'));
    expect(await cli(['run', '--actions', '500', '--format', 'json', '--out', 'first'], captured({ cwd }))).toBe(0);
    const summary = JSON.parse(readFileSync(join(cwd, 'first', 'summary.json'), 'utf8')) as {
      runs: { detail: { trace: { attempts: { end: number }[] }[] } }[];
    };
    const attempt = summary.runs[0]?.detail.trace[0]?.attempts[0];
    if (attempt === undefined) throw new Error('the run traced no attempt');
    attempt.end = 1.7e308;
    writeFileSync(join(cwd, 'edited.json'), JSON.stringify(summary));
    const ctx = captured({ cwd });
    expect(await cli(['report', 'edited.json', '--out', 'again'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toHaveLength(1);
    expect(ctx.err.text).toMatch(/^edited\.json: cannot draw a report from it \(.*\); .*was it edited\?/);
  }, 60_000);

  it('a list longer than idemsim writes (a trace of 1,001 actions) is one line and exit 2', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-report-edited-'));
    expect(await cli(['run', '--actions', '200', '--format', 'json', '--out', 'first'], captured({ cwd }))).toBe(0);
    const summary = JSON.parse(readFileSync(join(cwd, 'first', 'summary.json'), 'utf8')) as {
      runs: { detail: { trace: unknown[] } }[];
    };
    const run = summary.runs[0];
    if (run === undefined) throw new Error('no run');
    run.detail.trace = Array.from({ length: 1001 }, () => run.detail.trace[0]);
    writeFileSync(join(cwd, 'long.json'), JSON.stringify(summary));
    const ctx = captured({ cwd });
    expect(await cli(['report', 'long.json', '--out', 'again'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toHaveLength(1);
    expect(ctx.err.text).toContain('1001 items; idemsim writes at most 1000');
  }, 60_000);
});
