// `run --rare` and `check --rare` on the command line: the estimate of the shipped
// one-in-a-billion scenario with its interval, the bound decided that plain check cannot,
// and each refusal one line, exit 2, no stack trace.
import { describe, expect, it } from 'vitest';
import { inProcess } from './in-process.js';
import { ERROR_LINE, lines } from './sinks.js';

const REPLY = 'scenarios/rare/reply-loss-1e-9.yaml';
const CRASH = 'scenarios/rare/crash-expired-replay-1e-9.yaml';

describe('run --rare', () => {
  it('estimates a duplicate rate of 1e-6 per thousand inside its interval, with the actions and the variance reduction', async () => {
    const r = await inProcess(['run', REPLY, '--rare', '--precision', 'duplicatesPerThousand=10%', '--format', 'json']);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      rare: {
        actions: number;
        metrics: Record<string, { value: number; ci95: [number, number]; varianceReduction: number }>;
      }[];
    };
    const run = doc.rare[0] as (typeof doc.rare)[number];
    const d = run.metrics.duplicatesPerThousand as { value: number; ci95: [number, number]; varianceReduction: number };
    expect(d.ci95[0]).toBeLessThanOrEqual(1e-6);
    expect(d.ci95[1]).toBeGreaterThanOrEqual(1e-6);
    expect(run.actions).toBeGreaterThan(0);
    expect(d.varianceReduction).toBeGreaterThan(1e6);
  });

  it('gives a count no action had no upper end, not [0, 0], however many actions it ran', async () => {
    const r = await inProcess([
      'run',
      REPLY,
      '--rare',
      '--precision',
      'lostPerThousand=10%',
      '--max-actions',
      '30000',
      '--format',
      'json',
    ]);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as { rare: { tunedFor: string; metrics: Record<string, { ci95: unknown[] }> }[] };
    expect(doc.rare[0]?.tunedFor).toBe('lostPerThousand');
    expect(doc.rare[0]?.metrics.lostPerThousand?.ci95).toEqual([0, null]);
  });

  it('prints the estimate per billion in the table, with the tilts it used', async () => {
    const r = await inProcess(['run', REPLY, '--rare']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/duplicatesPerThousand\s+1\.00 \[0\.99\d, 1\.0\d\] per billion/);
    expect(r.stdout).toContain('effective sample size');
    expect(r.stdout).toContain('network.replyLoss (first attempts) 1.00e-9 -> ');
  });

  it('check --rare passes the bound of one in a billion that plain check leaves undecided', async () => {
    const rare = await inProcess(['check', CRASH, '--rare', '--format', 'json', '--quiet']);
    expect(rare.status).toBe(0);
    expect(rare.stdout).toContain('"verdict": "pass"');
    const plain = await inProcess(['check', CRASH, '--format', 'json', '--quiet']);
    expect(plain.stdout).toContain('"verdict": "undecided"');
  });

  it.each([
    [['--set', 'service.concurrency=4'], /service\.concurrency/],
    [['--set', 'client.throttle={capacity: 50, retryCost: 5, timeoutCost: 10, successRefill: 1}'], /client\.throttle/],
    [['--set', 'keys.scope=business'], /keys\.scope: business/],
    [['--set', 'keys.scope=payload'], /keys\.scope: payload/],
    [['--set', 'agent.identicalRepeats=0.1'], /agent\.identicalRepeats/],
    [['--out', 'rare-report'], /--rare writes no report folder/],
    [['--format', 'csv'], /--rare prints a table or JSON/],
    [['--precision', 'latency.call.p95=10%'], /--rare estimates/],
    [['--precision', 'duplicatesPerThousand=0.01'], /relative to the value/],
  ])('refuses %j in one line, exit 2', async (args, says) => {
    const r = await inProcess(['run', REPLY, '--rare', ...args]);
    expect(r.status).toBe(2);
    expect(lines(r.stderr).filter((l) => !l.includes('warning'))).toHaveLength(1);
    expect(r.stderr).toMatch(ERROR_LINE);
    expect(r.stderr).toMatch(says);
    expect(r.stderr).not.toContain('    at ');
  });

  it('sweep --rare estimates each point: ten times the late-resume window, ten times the rate', async () => {
    const r = await inProcess([
      'sweep',
      CRASH,
      '--rare',
      '--vary',
      'keys.retention=999.9s,999.99s',
      '--format',
      'json',
      '--quiet',
    ]);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as { rare: { metrics: { duplicatesPerThousand: { ci95: [number, number] } } }[] };
    const [wide, narrow] = doc.rare.map((run) => run.metrics.duplicatesPerThousand.ci95);
    // True rates: 1e-4 x 1e-4 and 1e-4 x 1e-5 per action.
    expect(wide?.[0]).toBeLessThanOrEqual(1e-5);
    expect(wide?.[1]).toBeGreaterThanOrEqual(1e-5);
    expect(narrow?.[0]).toBeLessThanOrEqual(1e-6);
    expect(narrow?.[1]).toBeGreaterThanOrEqual(1e-6);
  });

  it('recommend --rare finds the retention that brings one in a billion under one in ten billion', async () => {
    const r = await inProcess([
      'recommend',
      CRASH,
      '--rare',
      '--target',
      'duplicatesPerThousand<=2e-7',
      '--vary',
      'keys.retention=999.99s,999.999s',
      '--fix',
      'client.timeout',
      '--fix',
      'client.retries',
      '--fix',
      'client.backoff.base',
      '--format',
      'json',
      '--quiet',
    ]);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      recommend: {
        recommended: { sets: string[]; search: { targets: { interval: { low: number; high: number } }[] } };
      };
    };
    expect(doc.recommend.recommended.sets).toEqual(['keys.retention=999.999s']);
    // 1e-4 x 1e-6 per action: 1e-7 per thousand, inside the weighted interval.
    const [target] = doc.recommend.recommended.search.targets;
    expect(target?.interval.low).toBeLessThanOrEqual(1e-7);
    expect(target?.interval.high).toBeGreaterThanOrEqual(1e-7);
  });

  it('names the file, line and column of a field that makes actions interact, or the --set that set it', async () => {
    const written = await inProcess(['run', 'scenarios/storm-503-budget.yaml', '--rare']);
    expect(written.status).toBe(2);
    expect(written.stderr).toMatch(
      /^scenarios\/storm-503-budget\.yaml:\d+:\d+: --rare needs actions that do not interact, and client\.budget/,
    );
    const set = await inProcess(['run', REPLY, '--rare', '--set', 'keys.scope=business']);
    expect(set.stderr).toContain(`${REPLY} (--set keys.scope=business): --rare needs`);
  });

  it('check --rare refuses a bound on a metric it does not estimate', async () => {
    const r = await inProcess(['check', 'scenarios/missions/mission-3.yaml', '--rare']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--rare judges only/);
  });
});
