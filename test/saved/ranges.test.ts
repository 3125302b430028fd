// A saved run's numbers within what they can be, checked by the one reader report, diff and
// merge share (src/saved/metrics.ts): a negative count, rate, time or size, a share above
// 1 or an interval whose ends are swapped was written by no run, so each command refuses it
// in one line naming the place, rather than drawing or comparing what never ran.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { readIntervals, readMetrics } from '../../src/saved/metrics.js';
import { captured, lines } from '../cli/sinks.js';

async function runJson(): Promise<string> {
  const ctx = captured();
  expect(await cli(['run', '--actions', '300', '--format', 'json'], ctx)).toBe(0);
  return ctx.out.text;
}

describe('the reader of saved metrics', () => {
  it.each([
    ['duplicatesPerThousand', -663, /-663 is negative/],
    ['latency.call.p95', -1, /-1 is negative/],
    ['keyStore.peakBytes', -5, /-5 is negative/],
    ['conflictRate', 1.5, /1.5 is a share above 1/],
  ])('refuses %s = %d, naming it', async (name, value, message) => {
    const document = JSON.parse(await runJson()) as { runs: { metrics: Record<string, unknown> }[] };
    const metrics = document.runs[0]?.metrics as Record<string, unknown>;
    const keys = name.split('.');
    let node = metrics;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys.at(-1) as string] = value;
    expect(() => readMetrics(metrics, 'runs[0].metrics', { absent: 'error', unknown: 'refuse' })).toThrow(message);
    expect(() => readMetrics(metrics, 'runs[0].metrics', { absent: 'nan', unknown: 'ignore' })).toThrow(message);
  });

  it('refuses an interval below zero or with its ends swapped, and keeps a sound one', () => {
    expect(() => readIntervals({ duplicatesPerThousand: { low: -1, high: 2 } }, 'intervals')).toThrow(/-1 is negative/);
    expect(() => readIntervals({ duplicatesPerThousand: { low: 3, high: 2 } }, 'intervals')).toThrow(
      /low end 3 is above its high end 2/,
    );
    expect(readIntervals({ duplicatesPerThousand: { low: 1, high: 2 } }, 'intervals')).toEqual({
      duplicatesPerThousand: { low: 1, high: 2 },
    });
  });
});

describe('report and diff refuse the same edited summary', () => {
  it('a negative duplicate rate: exit 2 and one line from each, naming the file, line and column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-ranges-'));
    expect(await cli(['run', '--actions', '300', '--out', 'out'], captured({ cwd: dir }))).toBe(0);
    const summary = readFileSync(join(dir, 'out', 'summary.json'), 'utf8');
    const edited = summary.replace(/"duplicatesPerThousand": [0-9.e+-]+/, '"duplicatesPerThousand": -663');
    expect(edited).not.toBe(summary);
    writeFileSync(join(dir, 'edited.json'), edited);
    writeFileSync(join(dir, 'base.json'), await runJson());
    for (const args of [
      ['report', 'edited.json', '--out', 'r'],
      ['diff', 'base.json', 'edited.json'],
      ['diff', 'edited.json', 'base.json'],
    ]) {
      const ctx = captured({ cwd: dir });
      expect(await cli(args, ctx), args.join(' ')).toBe(2);
      expect(lines(ctx.err.text)).toHaveLength(1);
      expect(ctx.err.text).toMatch(
        /^edited\.json:\d+:\d+: runs\[0\]\.metrics\.duplicatesPerThousand: -663 is negative/,
      );
    }
  });
});
