// The progress line: on a terminal stderr only, for long runs only, cleared at the end,
// with time from the context's clock so these tests can fake it.
import { describe, expect, it } from 'vitest';
import { LONG_RUN_ACTIONS, SHOW_AFTER_MS, progressLine, startProgress } from '../../src/cli/progress.js';
import { run } from '../../src/cli/run.js';
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
