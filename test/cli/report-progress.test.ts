// The progress line: on a terminal stderr only, for long work only, never with --quiet,
// cleared at the end, with time from the context's clock so these tests can fake it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { buildArticle } from '../../src/figures/index.js';
import { buildWithProgress } from '../../src/cli/figures.js';
import { scenarioOf, scenarioSource } from '../../src/cli/load.js';
import { cli } from '../../src/cli/main.js';
import {
  LONG_RUN_ACTIONS,
  SHOW_AFTER_MS,
  pointsLine,
  progressLine,
  startPoints,
  startProgress,
} from '../../src/cli/progress.js';
import { run } from '../../src/cli/run.js';
import type { ScenarioLoader } from '../../src/model/article.js';
import { captured, hasAnsi } from './sinks.js';

/** A clock that moves `step` ms every time it is read. */
function ticking(step: number): () => number {
  let t = 0;
  return () => (t += step);
}

const CLEAR = '\r\u001b[K';

describe('progress', () => {
  it('draws nothing when stderr is not a terminal, however long the run', () => {
    const ctx = captured({ errIsTTY: false, now: ticking(10_000) });
    const progress = startProgress(ctx, 10 * LONG_RUN_ACTIONS);
    progress.reporter(0)(65_536, 10 * LONG_RUN_ACTIONS);
    progress.finish();
    expect(ctx.err.text).toBe('');
  });

  it('draws nothing for a short run that stays under a second', () => {
    const ctx = captured({ errIsTTY: true, now: ticking(SHOW_AFTER_MS / 10) });
    const progress = startProgress(ctx, 100_000);
    progress.reporter(0)(0, 100_000);
    progress.reporter(0)(65_536, 100_000);
    progress.finish();
    expect(ctx.err.text).toBe('');
  });

  it.each([20, 40, 79])(
    'fits the line to a terminal %i columns wide, one to spare, however it is resized',
    (columns) => {
      let width: number | undefined = columns;
      const ctx = captured({ errIsTTY: true, now: ticking(600), errColumns: () => width });
      const progress = startProgress(ctx, 100_000);
      progress.reporter(0)(0, 100_000);
      progress.reporter(0)(65_536, 100_000);
      const drawn = ctx.err.text.split(CLEAR).filter((line) => line !== '');
      expect(drawn).toHaveLength(1);
      expect([...(drawn[0] as string)].length).toBeLessThanOrEqual(columns - 1);
      expect(progressLine(0.65536, 1200).startsWith(drawn[0] as string)).toBe(true);
      width = undefined;
      progress.reporter(0)(98_000, 100_000);
      expect(ctx.err.text.endsWith(`${CLEAR}${progressLine(0.98, 1800)}`)).toBe(true);
      progress.finish();
    },
  );

  it('starts drawing once a run has taken a second, and clears the line at the end', () => {
    const ctx = captured({ errIsTTY: true, now: ticking(600) });
    const progress = startProgress(ctx, 100_000);
    progress.reporter(0)(0, 100_000); // 600 ms: not yet
    expect(ctx.err.text).toBe('');
    progress.reporter(0)(65_536, 100_000); // 1200 ms
    expect(ctx.err.text).toBe(`${CLEAR}${progressLine(0.65536, 1200)}`);
    progress.finish();
    expect(ctx.err.text.endsWith(CLEAR)).toBe(true);
    expect(ctx.err.text).not.toContain('\n');
  });

  it('draws from the first report for a run of many actions', () => {
    const ctx = captured({ errIsTTY: true, now: ticking(1) });
    const progress = startProgress(ctx, LONG_RUN_ACTIONS);
    progress.reporter(0)(0, LONG_RUN_ACTIONS);
    expect(ctx.err.text).toContain('simulating [');
  });

  it('counts the actions of earlier scenarios towards the whole run', () => {
    const ctx = captured({ errIsTTY: true, now: ticking(1000) });
    const progress = startProgress(ctx, 400_000);
    progress.reporter(200_000)(100_000, 200_000);
    expect(ctx.err.text).toContain(' 75%');
  });

  it('reads as a bar, a percent and the time left', () => {
    expect(progressLine(0.5, 10_000)).toBe('simulating [############............]  50%  about 10 s left');
    expect(progressLine(0.25, 60_000)).toBe('simulating [######..................]  25%  about 3 min left');
    expect(progressLine(0, 5)).toBe('simulating [........................]   0%');
  });

  it('goes to stderr through run, never to stdout, and is cleared before the run ends', async () => {
    const ctx = captured({ errIsTTY: true, now: ticking(5000) });
    expect(await run([], { sets: ['actions=1000'] }, ctx)).toBe(0);
    expect(ctx.err.text.startsWith(`${CLEAR}simulating [`)).toBe(true);
    expect(ctx.err.text.endsWith(CLEAR)).toBe(true);
    expect(hasAnsi(ctx.out.text)).toBe(false);
    expect(ctx.out.text).not.toContain('simulating');
  });
});

describe('progress in points', () => {
  it('reads as a bar, a percent, the points done and the time left', () => {
    expect(pointsLine(0.375, 12, 32, 7200)).toBe(
      'simulating [######..........]  37%  12 of 32 points  about 12 s left',
    );
    expect(pointsLine(0, 0, 4, 10, { label: 'round 3', noun: 'points' })).toBe(
      'round 3 [................]   0%  0 of 4 points',
    );
    expect(pointsLine(0.5, 1000, 2000, 90_000, { label: 'simulating', noun: 'runs' })).toBe(
      'simulating [########........]  50%  1,000 of 2,000 runs  about 1.5 min left',
    );
  });

  it('fits an 80-column terminal', () => {
    expect(pointsLine(0.375, 1024, 2048, 3_000_000).length).toBeLessThanOrEqual(80);
  });

  it('draws nothing when stderr is not a terminal', () => {
    const ctx = captured({ errIsTTY: false, now: ticking(10_000) });
    const progress = startPoints(ctx, { total: 8 });
    progress.update(4);
    progress.finish();
    expect(ctx.err.text).toBe('');
  });

  it('starts drawing once it has taken a second, and clears the line at the end', () => {
    const ctx = captured({ errIsTTY: true, now: ticking(600) });
    const progress = startPoints(ctx, { total: 8 }); // started at 600
    progress.update(1); // 1200: 600 ms in, not yet
    expect(ctx.err.text).toBe('');
    progress.update(2); // 1800
    expect(ctx.err.text).toBe(`${CLEAR}${pointsLine(0.25, 2, 8, 1200)}`);
    progress.finish();
    expect(ctx.err.text.endsWith(CLEAR)).toBe(true);
    expect(ctx.err.text).not.toContain('\n');
  });

  it('weighs points by the work they were, when told', () => {
    const ctx = captured({ errIsTTY: true, now: ticking(1000) });
    const progress = startPoints(ctx, { total: 4, noun: 'runs' });
    progress.update(1, 0.75);
    expect(ctx.err.text).toContain(' 75%  1 of 4 runs');
  });

  it('between points, appears after the first second and counts its estimate down', () => {
    vi.useFakeTimers();
    try {
      let t = 0;
      const ctx = captured({ errIsTTY: true, now: () => t });
      const progress = startPoints(ctx, { total: 4 });
      t = 500;
      vi.advanceTimersByTime(1000);
      expect(ctx.err.text).toBe('');
      t = 1500;
      vi.advanceTimersByTime(1000);
      expect(ctx.err.text).toBe(`${CLEAR}simulating [................]   0%  0 of 4 points`);
      t = 2000;
      progress.update(1);
      expect(ctx.err.text.endsWith('1 of 4 points  about 6 s left')).toBe(true);
      t = 5000;
      vi.advanceTimersByTime(1000);
      expect(ctx.err.text.endsWith('1 of 4 points  about 3 s left')).toBe(true);
      progress.finish();
      t = 9000;
      vi.advanceTimersByTime(5000);
      expect(ctx.err.text.endsWith(CLEAR)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a new batch at once when the command began over a second ago (a search of short rounds)', () => {
    const ctx = captured({ errIsTTY: true, now: ticking(1) });
    const since = -SHOW_AFTER_MS;
    startPoints(ctx, { total: 5, label: 'round 2', since });
    expect(ctx.err.text).toBe(`${CLEAR}round 2 [................]   0%  0 of 5 points`);
  });
});

describe('--quiet', () => {
  it('run: no progress line on a terminal, the table still on stdout', async () => {
    const ctx = captured({ errIsTTY: true, now: ticking(5000) });
    expect(await cli(['run', '--actions', '1000', '--quiet'], ctx)).toBe(0);
    expect(ctx.err.text).toBe('');
    expect(ctx.out.text).toContain('Headline');
  });

  it('run: no sizing note and no "report written" line, but errors still print', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-quiet-'));
    const ctx = captured({ cwd, errIsTTY: true, now: ticking(5000) });
    const args = ['run', '--precision', 'duplicatesPerThousand=50%', '--out', 'r', '--quiet'];
    expect(await cli(args, ctx)).toBe(0);
    expect(ctx.err.text).toBe('');
    const bad = captured({ cwd });
    expect(await cli(['run', 'missing.yaml', '--quiet'], bad)).toBe(2);
    expect(bad.err.text).toContain('missing.yaml');
  });

  it('explain: the progress line of a run on a terminal, nothing with --quiet', async () => {
    const loud = captured({ errIsTTY: true, now: ticking(5000) });
    expect(await cli(['explain', '--actions', '1000'], loud)).toBe(0);
    expect(loud.err.text.startsWith(`${CLEAR}simulating [`)).toBe(true);
    expect(loud.err.text.endsWith(CLEAR)).toBe(true);
    const quiet = captured({ errIsTTY: true, now: ticking(5000) });
    expect(await cli(['explain', '--actions', '1000', '--quiet'], quiet)).toBe(0);
    expect(quiet.err.text).toBe('');
    expect(quiet.out.text).toBe(loud.out.text);
  });

  it('sweep: points counted on a terminal, nothing with --quiet', async () => {
    const args = ['sweep', '--vary', 'client.retries=0,1,2', '--actions', '300', '--jobs', '1'];
    const loud = captured({ errIsTTY: true, now: ticking(5000) });
    expect(await cli(args, loud)).toBe(0);
    expect(loud.err.text).toContain(`${CLEAR}simulating [`);
    expect(loud.err.text).toContain(' of 3 points');
    expect(loud.err.text.endsWith(CLEAR)).toBe(true);
    const quiet = captured({ errIsTTY: true, now: ticking(5000) });
    expect(await cli([...args, '--quiet'], quiet)).toBe(0);
    expect(quiet.err.text).toBe('');
    expect(quiet.out.text).toBe(loud.out.text);
  });

  it('recommend: a line per round of simulation on a terminal, nothing with --quiet', async () => {
    const args = [
      'recommend',
      '--actions',
      '500',
      '--target',
      'duplicatesPerThousand<=60',
      '--vary',
      'client.retries=1,2',
      '--fix',
      'client.timeout',
      '--fix',
      'client.backoff.base',
      '--fix',
      'keys.scope',
      '--fix',
      'keys.retention',
      '--jobs',
      '1',
    ];
    const loud = captured({ errIsTTY: true, now: ticking(5000) });
    await cli(args, loud);
    expect(loud.err.text).toMatch(/round 1 \[/);
    expect(loud.err.text).toMatch(/round 2 \[.* of \d+ points/);
    expect(loud.err.text.endsWith(CLEAR)).toBe(true);
    const quiet = captured({ errIsTTY: true, now: ticking(5000) });
    await cli([...args, '--quiet'], quiet);
    expect(quiet.err.text).toBe('');
    expect(quiet.out.text).toBe(loud.out.text);
  });
});

describe('figures', () => {
  /** The committed scenarios cut short: the whole article in about a second. */
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const short: ScenarioLoader = (r) => {
    const scenario = scenarioOf(scenarioSource(r.file, root)(r.sets));
    return { ...scenario, actions: Math.min(scenario.actions, 300) };
  };

  it('lists the runs, counts those done weighted by their actions, and builds the same article as without the line', () => {
    const ctx = captured({ errIsTTY: true, now: ticking(1000) });
    const article = buildWithProgress(short, ctx, 0);
    const drawn = ctx.err.text.split(CLEAR);
    expect(drawn[1]).toBe("listing the article's runs: 1 so far");
    expect(drawn).toContainEqual(expect.stringMatching(/^simulating \[\.{16}\] {3}0% {2}0 of \d+ runs$/));
    expect(drawn).toContainEqual(expect.stringMatching(/ of \d+ runs {2}about /));
    expect(ctx.err.text.endsWith(CLEAR)).toBe(true);
    expect(JSON.stringify(article)).toBe(JSON.stringify(buildArticle(short)));
  });
});
