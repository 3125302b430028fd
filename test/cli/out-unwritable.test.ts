// An output that cannot be written is found before anything is simulated: every command
// that writes a report folder or a file probes the place first (an empty directory made
// in the nearest existing parent, then removed). /proc takes no new entry even for root,
// which these tests run as. Each run asks for 100,000,000 actions: had it simulated first,
// it would take minutes, not a refusal at once.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured, lines } from './sinks.js';

const HUGE = ['--actions', '100000000'];

describe('an output path nothing can be written to', () => {
  it.each([
    [['run', ...HUGE, '--out', '/proc/idemsim-report'], '--out /proc/idemsim-report: cannot write: '],
    [['run', ...HUGE, '--out', '/proc/a/b/c'], '--out /proc/a/b/c: cannot write: '],
    [
      ['sweep', ...HUGE, '--vary', 'client.retries=0,1', '--jobs', '1', '--out', '/proc/sweep'],
      '--out /proc/sweep: cannot write: ',
    ],
    [['recommend', ...HUGE, '--jobs', '1', '--out', '/proc/recommend'], '--out /proc/recommend: cannot write: '],
    [['figures', '--out', '/proc/figures'], '--out /proc/figures: cannot write: '],
    [['lab', '--out', '/proc/lab'], '--out /proc/lab: cannot write: '],
  ])('%j: one line and exit 2, before simulating', async (argv, words) => {
    const ctx = captured();
    expect(await cli(argv, ctx)).toBe(2);
    expect(lines(ctx.err.text)).toHaveLength(1);
    expect(ctx.err.text).toContain(words);
    expect(ctx.out.text).toBe('');
  });

  it('check --junit: one line and exit 2, before simulating', async () => {
    const ctx = captured();
    const code = await cli(['check', 'scenarios/missions/mission-1.yaml', ...HUGE, '--junit', '/proc/junit.xml'], ctx);
    expect(code).toBe(2);
    expect(lines(ctx.err.text)).toEqual(['--junit /proc/junit.xml: cannot write: no such file']);
  });

  it('leaves no probe behind where it could write', async () => {
    const base = mkdtempSync(join(tmpdir(), 'idemsim-probe-test-'));
    const ctx = captured({ cwd: base });
    expect(await cli(['run', '--actions', '200', '--format', 'json', '--out', 'x/y'], ctx)).toBe(0);
    expect(readdirSync(base)).toEqual(['x']);
    expect(readdirSync(join(base, 'x'))).toEqual(['y']);
  });
});
