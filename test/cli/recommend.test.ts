// `idemsim recommend`: the answer matches the closed forms where they are exact, it is
// verified on another seed, it does no harm the guards forbid, the closest configuration
// is found among simulated points when nothing is feasible, and bad input exits 2.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recommend, type RecommendOptions } from '../../src/cli/recommend.js';
import { verificationSeed } from '../../src/recommend/pipeline.js';
import { scopeNoneExpectations } from '../../src/analytic/index.js';
import { pSlow, unknownShare } from '../../src/analytic/inputs.js';
import type { Recommendation } from '../../src/model/recommend.js';
import type { Target } from '../../src/model/bounds.js';
import { judge, marginOf, meets } from '../../src/stats/bounds.js';
import { loadScenario } from '../../src/scenario/index.js';
import { durationLiteral } from '../../src/scenario/units.js';
import { renderRecommendText } from '../../src/report/recommend/text.js';
import { simulate } from '../../src/sim/simulate.js';
import { captured } from './sinks.js';
import { ROOT, idemsim, requireBuild } from './binary.js';

const SCOPE_NONE = `
name: blind
network: { requestLoss: 5%, replyLoss: 2% }
service: { latency: { median: 300ms, sigma: 0.6 } }
agent: { replan: { probability: 0 } }
keys: { scope: none }
`;

type Args = Omit<RecommendOptions, 'jobs' | 'format'>;

async function recommendJson(
  file: string | undefined,
  args: Args,
  files: Record<string, string> = {},
): Promise<{ code: number; doc: Recommendation | undefined; err: string }> {
  const ctx = captured({ cwd: folderWith(files) });
  const code = await recommend(file, { ...args, jobs: '1', format: 'json' }, ctx);
  const doc = ctx.out.text === '' ? undefined : (JSON.parse(ctx.out.text) as { recommend: Recommendation }).recommend;
  return { code, doc, err: ctx.err.text };
}

function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-recommend-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const asTarget = (t: Recommendation['targets'][number]): Target => ({ ...t, text: t.target });

/** The summed normalised violation of a point row, from its metrics: the stated distance. */
function distance(doc: Recommendation, metrics: Record<string, number>): number {
  return doc.targets.reduce((sum, t) => sum + Math.max(0, -marginOf(asTarget(t), metrics[t.metric] ?? NaN)), 0);
}

describe('idemsim recommend', () => {
  it('matches the closed-form optimum on the searched grid (scope none, unlimited concurrency)', async () => {
    const timeouts = [400, 800, 1600];
    const retries = [0, 1, 2, 3, 4];
    const { code, doc } = await recommendJson(
      'blind.yaml',
      {
        sets: ['actions=4000'],
        targets: ['duplicatesPerThousand<=100', 'lostPerThousand<=1'],
        vary: ['client.timeout=400ms,800ms,1600ms', 'client.retries=0..4:1'],
        fix: ['client.backoff.base', 'keys.scope'],
        prefer: 'attemptsPerAction',
        skipGuard: ['all'],
      },
      { 'blind.yaml': SCOPE_NONE },
    );
    expect(code).toBe(0);
    // The optimum by the closed forms: feasible, fewest attempts, exact ties to the earlier grid point.
    let best: { timeout: number; retries: number; attempts: number } | undefined;
    for (const timeout of timeouts) {
      for (const r of retries) {
        const q = unknownShare(pSlow(300, 0.6, timeout), 0.02);
        const e = scopeNoneExpectations({
          requestLoss: 0.05,
          errorRate: 0,
          q,
          retries: r,
          replan: { probability: 0, max: 3 },
        });
        if (1000 * e.duplicates > 100 || 1000 * e.lost > 1) continue;
        if (best === undefined || e.attempts < best.attempts) best = { timeout, retries: r, attempts: e.attempts };
      }
    }
    expect(best).toBeDefined();
    expect(doc?.recommended.settings).toEqual({
      'client.timeout': durationLiteral(best?.timeout ?? 0),
      'client.retries': String(best?.retries),
    });
    expect(doc?.counts.pruned).toBeGreaterThan(0);
    expect(doc?.guards.filter((g) => g.status === 'applied')).toEqual([]);
  });

  it('verifies the answer on the verification seed, and its patch meets every target on a third seed', async () => {
    const text = readFileSync(join(ROOT, 'scenarios/refunds-3-intent-key.yaml'), 'utf8');
    const { code, doc } = await recommendJson(
      'refunds.yaml',
      {
        sets: ['actions=3000'],
        targets: ['duplicatesPerThousand<=1', 'keyStore.steadyStateBytes<=64MB'],
        vary: ['client.timeout=500ms,1s', 'client.retries=1,3', 'keys.retention=5m,30m,3h'],
        fix: ['client.backoff.base'],
      },
      { 'refunds.yaml': text },
    );
    expect(code).toBe(0);
    if (doc === undefined) throw new Error('no document');
    expect(doc.status).toBe('recommended');
    const verification = doc.recommended.verification;
    expect(verification?.seed).toBe(verificationSeed(doc.seed));
    expect(verification?.targets.every((t) => t.verdict === 'pass')).toBe(true);
    for (const c of doc.runnersUp) expect(c.verification?.passed).toBe(true);
    const outcome = loadScenario(text, 'refunds.yaml', [
      `actions=${verification?.actions ?? 0}`,
      'seed=7',
      ...doc.recommended.sets,
    ]);
    if (!outcome.ok) throw new Error('the patch does not load');
    const result = simulate(outcome.scenario);
    for (const t of doc.targets) expect(meets(asTarget(t), judge(asTarget(t), result).value), t.target).toBe(true);
  });

  it('prints the guards it applied; a target on a guarded metric replaces the guard', async () => {
    const ctx = captured();
    const args = {
      sets: ['actions=2000'],
      targets: ['duplicatesPerThousand<=60', 'unknownPerThousand<=30'],
      vary: ['client.timeout=1s,2s', 'client.retries=2,3'],
      fix: ['client.backoff.base', 'keys.scope'],
      jobs: '1',
    };
    await recommend(undefined, args, ctx);
    expect(ctx.out.text).toContain('Guards (added by recommend');
    expect(ctx.out.text).toMatch(/lostPerThousand<=\S+ .*applied/);
    expect(ctx.out.text).toMatch(/falseFailuresPerThousand<=\S+ .*applied/);
    expect(ctx.out.text).toContain('replaced by your target on unknownPerThousand');
    const { doc } = await recommendJson(undefined, args);
    const guarded = doc?.guards.filter((g) => g.status === 'applied').map((g) => g.metric);
    expect(guarded).toEqual(['lostPerThousand', 'falseFailuresPerThousand']);
  });

  it('--out writes a page with the guards, both runs of each target and what binds means', async () => {
    const cwd = folderWith({});
    const ctx = captured({ cwd });
    const args = {
      sets: ['actions=2000'],
      targets: ['duplicatesPerThousand<=60'],
      vary: ['client.timeout=1s,2s', 'client.retries=2,3'],
      fix: ['client.backoff.base', 'keys.scope'],
      jobs: '1',
      out: 'report',
    };
    expect(await recommend(undefined, args, ctx)).toBe(0);
    const html = readFileSync(join(cwd, 'report', 'index.html'), 'utf8');
    expect(html).toContain('<h2>Guards</h2>');
    expect(html).toContain('lostPerThousand&lt;=');
    expect(html).toMatch(/search \(seed 1, [\d,]+ actions\)/);
    expect(html).toMatch(/verification \(seed 1-verify, [\d,]+ actions\)/);
    expect(html).toContain('binds: the target with the least slack');
    expect(ctx.out.text).toContain('binds: the target with the least slack');
  });

  it('with nothing feasible, the closest configuration is the simulated point of least distance, pruned ones simulated first', async () => {
    const { code, doc } = await recommendJson(
      'blind.yaml',
      {
        sets: ['actions=2000'],
        targets: ['duplicatesPerThousand<=0.01'],
        vary: ['client.timeout=400ms,800ms,1600ms', 'client.retries=0..4:1'],
        fix: ['client.backoff.base', 'keys.scope'],
        skipGuard: ['all'],
      },
      { 'blind.yaml': SCOPE_NONE },
    );
    expect(code).toBe(1);
    if (doc === undefined) throw new Error('no document');
    expect(doc.status).toBe('infeasible');
    expect(doc.counts.prunedThenSimulated).toBeGreaterThan(0);
    expect(doc.points.filter((p) => p.status === 'pruned')).toEqual([]);
    const distances = doc.points.map((p) => distance(doc, p.metrics ?? {}));
    expect(doc.distance?.value).toBeCloseTo(Math.min(...distances), 9);
    expect(doc.recommended.distance).toBe(doc.distance?.value);
    expect(doc.unmet).toEqual({ target: 'duplicatesPerThousand<=0.01', everyPoint: true });
  });

  it('an impossible target exits 1, names it and prints the closest configuration', async () => {
    const ctx = captured();
    const code = await recommend(
      undefined,
      {
        sets: ['actions=500'],
        targets: ['attemptsPerAction<1', 'duplicatesPerThousand<=1000'],
        vary: ['client.timeout=1s,2s'],
        fix: ['client.retries', 'client.backoff.base', 'keys.scope'],
        jobs: '1',
      },
      ctx,
    );
    expect(code).toBe(1);
    expect(ctx.out.text).toContain('Cannot be met: attemptsPerAction<1');
    expect(ctx.out.text).toMatch(/Closest configuration \(distance [\d.]+\): client\.timeout/);
  });

  it('--until-decided leaves a point undecided only at the --max-actions cap', async () => {
    const { doc } = await recommendJson(undefined, {
      sets: ['actions=1000'],
      targets: ['duplicatesPerThousand<=40'],
      vary: ['client.timeout=700ms,1s,2s', 'client.retries=1,3'],
      fix: ['client.backoff.base', 'keys.scope'],
      skipGuard: ['all'],
      untilDecided: true,
      maxActions: '20000',
    });
    expect(doc?.search.untilDecided).toBe(true);
    for (const p of doc?.points ?? []) {
      if (p.status === 'undecided') expect(p.actions).toBe(20_000);
    }
  });

  it('refuses --strict, an unknown guard and a bad --precision with exit 2', async () => {
    const strict = captured();
    expect(await recommend(undefined, { targets: ['duplicatesPerThousand<=1'], strict: true, jobs: '1' }, strict)).toBe(
      2,
    );
    expect(strict.err.text).toContain('--strict is gone');
    const guard = captured();
    expect(
      await recommend(
        undefined,
        { targets: ['duplicatesPerThousand<=1'], skipGuard: ['lostPerThousnd'], jobs: '1' },
        guard,
      ),
    ).toBe(2);
    expect(guard.err.text).toContain("did you mean 'lostPerThousand'?");
    const precision = captured();
    expect(
      await recommend(
        undefined,
        { targets: ['duplicatesPerThousand<=1'], precision: ['duplicates=10%'], jobs: '1' },
        precision,
      ),
    ).toBe(2);
    expect(precision.err.text).toContain('--precision duplicates=10%');
  });

  it('a target it cannot read exits 2 with a did-you-mean', async () => {
    const ctx = captured();
    const code = await recommend(undefined, { targets: ['duplicatesPerThousnd<=1'], jobs: '1' }, ctx);
    expect(code).toBe(2);
    expect(ctx.err.text).toContain("did you mean 'duplicatesPerThousand'?");
    const bad = captured();
    expect(await recommend(undefined, { targets: ['latency.call.p95<=5 sec'], jobs: '1' }, bad)).toBe(2);
    expect(bad.err.text).toContain('--target latency.call.p95<=5 sec');
  });

  it('no target at all exits 2', async () => {
    const ctx = captured();
    expect(await recommend(undefined, { targets: [], jobs: '1' }, ctx)).toBe(2);
    expect(ctx.err.text).toContain('--target');
  });
});

describe('idemsim recommend on the slow-tail refunds (binary, --jobs 2)', () => {
  beforeAll(requireBuild);

  // The case on a smaller grid: with only the two targets, the answer does no harm
  // the guards forbid, and its duplicate target holds on another seed with more actions.
  it('recommends a verified configuration no worse than the scenario, and prints its guards', () => {
    const file = 'scenarios/refunds-slow-tail.yaml';
    const targets = ['duplicatesPerThousand<=0.1', 'keyStore.steadyStateBytes<100MB'];
    const space = [
      '--vary',
      'client.timeout=300ms,1s,4s',
      '--vary',
      'client.retries=0,3',
      '--vary',
      'keys.retention=20m,30m,45m',
    ];
    const args = [
      'recommend',
      file,
      ...targets.flatMap((t) => ['--target', t]),
      ...space,
      '--fix',
      'client.backoff.base',
    ];
    const run = idemsim([...args, '--jobs', '2', '--format', 'json']);
    expect(run.status, run.stderr).toBe(0);
    const doc = (JSON.parse(run.stdout) as { recommend: Recommendation }).recommend;
    expect(doc.status).toBe('recommended');
    const guards = doc.guards.filter((g) => g.status === 'applied').map((g) => g.metric);
    expect(guards).toEqual(['unknownPerThousand', 'lostPerThousand', 'falseFailuresPerThousand']);
    expect(renderRecommendText(doc)).toMatch(/Guards[^\n]*\n {2}unknownPerThousand<=/);
    const verification = doc.recommended.verification;
    expect(verification?.passed).toBe(true);
    expect(verification?.seed).toBe(verificationSeed(doc.seed));

    // Rerun the answer and the scenario as given on a third seed with more actions.
    const text = readFileSync(join(ROOT, file), 'utf8');
    const load = (sets: readonly string[]) => {
      const outcome = loadScenario(text, file, ['actions=200000', 'seed=7', ...sets]);
      if (!outcome.ok) throw new Error('does not load');
      return simulate(outcome.scenario);
    };
    const answer = load(doc.recommended.sets);
    const given = load([]);
    const duplicates = judge(asTarget(doc.targets[0] as Recommendation['targets'][number]), answer);
    expect(duplicates.verdict).toBe('pass');
    for (const metric of guards) {
      const high = given.intervals[metric]?.high ?? NaN;
      expect(
        judge({ metric, op: '<=', limit: high, text: metric, source: 'guard' }, answer).value,
        metric,
      ).toBeLessThanOrEqual(high);
    }
    expect(doc.recommended.settings['client.timeout']).not.toBe('300ms');
  });
});
