// --precision, --until-decided and --max-actions as a user meets them: the sized run is the
// run of the actions it reports, stderr says how it went, bad flags are one line and exit 2.
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured, lines } from './sinks.js';

async function json(argv: string[]): Promise<{ code: number; doc: unknown; err: string }> {
  const ctx = captured();
  const code = await cli(argv, ctx);
  return { code, doc: code === 0 ? JSON.parse(ctx.out.text) : null, err: ctx.err.text };
}

type RunDoc = {
  runs: {
    scenario: { actions: number };
    metrics: { duplicatesPerThousand: number };
    intervals: Record<string, { low: number; high: number }>;
  }[];
};

describe('run --precision', () => {
  it('simulates until the interval is that narrow, and the result is that of --actions N', async () => {
    const sized = await json([
      'run',
      '--actions',
      '1000',
      '--precision',
      'duplicatesPerThousand=15%',
      '--format',
      'json',
    ]);
    expect(sized.code).toBe(0);
    const run = (sized.doc as RunDoc).runs[0];
    if (run === undefined) throw new Error('no run');
    const { low, high } = run.intervals['duplicatesPerThousand'] as { low: number; high: number };
    const value = run.metrics.duplicatesPerThousand;
    expect(Math.max(high - value, value - low)).toBeLessThanOrEqual(0.15 * value);
    expect(sized.err).toMatch(
      new RegExp(`^article-defaults: [\\d,]+ actions \\(\\d runs\\), every --precision met\\n$`),
    );
    const again = await json(['run', '--actions', String(run.scenario.actions), '--format', 'json']);
    expect((again.doc as RunDoc).runs[0]?.intervals).toEqual(run.intervals);
  });

  it.each([
    [['--precision', 'duplicatesPerThousand'], '--precision duplicatesPerThousand: write METRIC=WIDTH'],
    [['--precision', 'duplicates=1'], 'no interval to narrow'],
    [['--max-actions', '1000'], '--max-actions caps a sized run'],
    [['--precision', 'duplicatesPerThousand=1%', '--max-actions', '0'], '--max-actions 0: write a whole number'],
    // Past the most one run may simulate: the scenario it ends with would not load back.
    [
      ['--precision', 'duplicatesPerThousand=0.085%', '--max-actions', '1000000000'],
      '--max-actions 1000000000: write a whole number of actions from 1 to 100,000,000',
    ],
  ])('refuses %j with one line and exit 2', async (flags, words) => {
    const ctx = captured();
    expect(await cli(['run', ...flags], ctx)).toBe(2);
    expect(ctx.out.text).toBe('');
    expect(lines(ctx.err.text)).toHaveLength(1);
    expect(ctx.err.text).toContain(words);
  });

  it('stops at --max-actions and says about how many actions were needed', async () => {
    const ctx = captured();
    const argv = [
      'run',
      '--actions',
      '1000',
      '--precision',
      'duplicatesPerThousand=1%',
      '--max-actions',
      '4000',
      '--format',
      'json',
    ];
    expect(await cli(argv, ctx)).toBe(0);
    expect(ctx.err.text).toMatch(
      /^article-defaults: 4,000 actions \(2 runs\), stopped by --max-actions; needs about [\d,]+\n$/,
    );
  });
});

describe('check --quiet', () => {
  it('drops the sizing note, keeps the table', async () => {
    const ctx = captured();
    const argv = [
      'check',
      'test/missions/solution-1.yaml',
      '--actions',
      '1000',
      '--until-decided',
      '--max-actions',
      '2000',
      '--quiet',
    ];
    expect(await cli(argv, ctx)).toBeLessThanOrEqual(1);
    expect(ctx.err.text).toBe('');
    expect(ctx.out.text).toContain('judged on');
  });
});

describe('sweep --precision', () => {
  it('sizes every point on its own', async () => {
    const ctx = captured();
    const argv = [
      'sweep',
      '--vary',
      'client.timeout=1s,2s',
      '--actions',
      '1000',
      '--precision',
      'duplicatesPerThousand=20%',
      '--jobs',
      '1',
      '--format',
      'json',
    ];
    expect(await cli(argv, ctx)).toBe(0);
    const doc = (JSON.parse(ctx.out.text) as { sweep: unknown }).sweep as {
      points: {
        actions: number;
        metrics: { duplicatesPerThousand: number };
        intervals: Record<string, { low: number; high: number }>;
      }[];
    };
    expect(doc.points).toHaveLength(2);
    for (const { actions, metrics, intervals } of doc.points) {
      const value = metrics.duplicatesPerThousand;
      const { low, high } = intervals['duplicatesPerThousand'] as { low: number; high: number };
      expect(Math.max(high - value, value - low)).toBeLessThanOrEqual(0.2 * value);
      expect(actions).toBeGreaterThan(1000);
    }
    expect(ctx.err.text).toMatch(/^article-defaults: points sized to [\d,]+ to [\d,]+ actions\n$/);
  });
});

describe('a long sized run', () => {
  /**
   * A sized run of the defaults from 1,000 actions to `precision`, on a fake clock each read
   * of which is `step` ms later: its round notes; it must end with every --precision met.
   */
  async function roundNotes(step: number, precision: string): Promise<string[]> {
    let t = 0;
    const ctx = captured({ now: () => (t += step) });
    const argv = ['run', '--actions', '1000', '--precision', `duplicatesPerThousand=${precision}`, '--format', 'json'];
    expect(await cli(argv, ctx)).toBe(0);
    const notes = lines(ctx.err.text);
    expect(notes.at(-1)).toMatch(/every --precision met$/);
    return notes.filter((line) => / run \d+ simulates /.test(line));
  }

  it("says before each round how long it will take at the last round's pace, when that is long", async () => {
    // Every read 2 s later: a round of n actions after one of m, read twice apart, is
    // estimated at (2 s / m) x n, past LONG_ROUND_MS from the second round on.
    const rounds = await roundNotes(2000, '10%');
    expect(rounds.length).toBeGreaterThan(0);
    for (const line of rounds) {
      expect(line).toMatch(
        /^article-defaults: run \d+ simulates [\d,]+ actions: about [\d.]+ (s|min|h) at the last run's pace \(--max-actions caps a sized run\)$/,
      );
    }
  });

  it('announces nothing from a round too short for its pace to mean anything (start-up and fixed costs)', async () => {
    // Every read 300 ms later: each round lasts 0.3 s, under PACED_ROUND_MS. At that pace
    // the second round (tens of thousands of actions after 1,000) would be announced at
    // minutes: for 3%, about 100,000 actions.
    expect(await roundNotes(300, '3%')).toEqual([]);
  });
});
