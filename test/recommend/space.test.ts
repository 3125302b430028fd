import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured } from '../cli/sinks.js';
import { defaultScenario } from '../../src/scenario/index.js';
import { niceDurations, retentionRange, searchSpace } from '../../src/recommend/space.js';

describe('recommend search space', () => {
  it('timeouts run from the service p50 to beyond its p99.9 in round values', () => {
    const s = defaultScenario(); // median 300ms, sigma 0.6: p99.9 = 1.91s
    const timeout = searchSpace(s, [], []).find((d) => d.path === 'client.timeout');
    expect(timeout?.labels[0]).toBe('300ms');
    expect(timeout?.labels.at(-1)).toBe('2s');
  });

  it('retention runs from the shortest re-plan delay to twice the longest resume delay', () => {
    const s = defaultScenario();
    s.agent.crash.probability = 0.01;
    expect(retentionRange(s)).toEqual([2000, 2 * 20 * 60_000]);
  });

  it('searches the scope when the scenario has none, and drops a fixed dimension', () => {
    const s = defaultScenario();
    expect(searchSpace(s, [], []).map((d) => d.path)).toContain('keys.scope');
    const fixed = searchSpace(s, [], ['keys.scope']).map((d) => d.path);
    expect(fixed).toEqual(['client.timeout', 'client.retries', 'client.backoff.base']);
  });

  it('round durations bracket the range', () => {
    expect(niceDurations(300, 1000)).toEqual([300, 400, 500, 600, 800, 1000]);
    expect(niceDurations(90_000, 300_000)).toEqual([60_000, 120_000, 180_000, 240_000, 300_000]);
  });
});

describe('recommend on a scenario that hedges', () => {
  const hedged = () => {
    const s = defaultScenario();
    s.client.retries = 0;
    s.client.hedge = { after: 500, max: 2 };
    return s;
  };

  it('searches the hedge (after, max) in the place of retries and backoff, which hedging excludes', () => {
    const dims = searchSpace(hedged(), [], []);
    expect(dims.map((d) => d.path)).toEqual([
      'client.timeout',
      'client.hedge.after',
      'client.hedge.max',
      'keys.retention',
      'keys.scope',
    ]);
    const after = dims.find((d) => d.path === 'client.hedge.after');
    expect(after?.labels[after.given ?? -1]).toBe('500ms');
    expect(dims.find((d) => d.path === 'client.hedge.max')?.sets).toEqual([
      'client.hedge.max=1',
      'client.hedge.max=2',
      'client.hedge.max=3',
    ]);
  });

  it('recommends for it, saying what it searched instead (no candidate the loader refuses)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-hedge-'));
    writeFileSync(
      join(dir, 'hedge.yaml'),
      'client:\n  retries: 0\n  hedge: { after: 500ms, max: 2 }\nkeys:\n  scope: call\n',
    );
    const ctx = captured({ cwd: dir });
    const args = [
      'recommend',
      'hedge.yaml',
      '--target',
      'duplicatesPerThousand<=5',
      '--actions',
      '2000',
      '--max-actions',
      '4000',
      '--quiet',
      '--jobs',
      '1',
    ];
    expect(await cli(args, ctx), ctx.err.text).toBe(0);
    expect(ctx.err.text).toBe('');
    expect(ctx.out.text).toMatch(/^Recommended: .*client\.hedge\.after \S+, client\.hedge\.max \d/m);
    expect(ctx.out.text).toContain(
      'client.retries and client.backoff.base not searched: the scenario hedges (client.hedge)',
    );
  });
});
