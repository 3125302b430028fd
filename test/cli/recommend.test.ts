// `idemsim recommend`: the answer matches the closed forms where they are exact, it meets
// every target when run again with its patch, and an impossible target exits 1 by name.
import { describe, expect, it } from 'vitest';
import { recommend } from '../../src/cli/recommend.js';
import { scopeNoneExpectations } from '../../src/analytic/index.js';
import { pSlow, unknownShare } from '../../src/model/inputs.js';
import type { Recommendation } from '../../src/model/recommend.js';
import { judge, type Target } from '../../src/model/bounds.js';
import { parseTarget } from '../../src/scenario/bounds.js';
import { loadScenario } from '../../src/scenario/index.js';
import { durationLiteral } from '../../src/scenario/units.js';
import { simulate } from '../../src/sim/simulate.js';
import { captured } from './sinks.js';

const SCOPE_NONE = `
name: blind
network: { requestLoss: 5%, replyLoss: 2% }
service: { latency: { median: 300ms, sigma: 0.6 } }
agent: { replan: { probability: 0 } }
keys: { scope: none }
`;

async function recommendJson(
  file: string | undefined,
  args: { sets?: string[]; targets: string[]; vary?: string[]; fix?: string[]; prefer?: string },
  files: Record<string, string> = {},
): Promise<{ code: number; doc: Recommendation | undefined; err: string }> {
  const ctx = captured({ cwd: await folderWith(files) });
  const code = await recommend(file, { ...args, jobs: '1', format: 'json' }, ctx);
  const doc = ctx.out.text === '' ? undefined : (JSON.parse(ctx.out.text) as { recommend: Recommendation }).recommend;
  return { code, doc, err: ctx.err.text };
}

async function folderWith(files: Record<string, string>): Promise<string> {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-recommend-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
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
    expect(doc?.pruned).toBeGreaterThan(0);
  });

  it('the recommendation meets every target when run again with its patch', async () => {
    const text = await import('node:fs').then((fs) => fs.readFileSync('scenarios/refunds-3-intent-key.yaml', 'utf8'));
    const targets = ['duplicatesPerThousand<=1', 'lostPerThousand<=0', 'keyStore.steadyStateBytes<=64MB'];
    const { code, doc } = await recommendJson(
      'refunds.yaml',
      {
        sets: ['actions=3000'],
        targets,
        vary: ['client.timeout=500ms,1s', 'client.retries=1,3', 'keys.retention=5m,30m,3h'],
        fix: ['client.backoff.base'],
      },
      { 'refunds.yaml': text },
    );
    expect(code).toBe(0);
    expect(doc?.feasible).toBe(true);
    const sets = doc?.recommended.sets ?? [];
    expect(sets.length).toBeGreaterThan(0);
    const outcome = loadScenario(text, 'refunds.yaml', ['actions=3000', ...sets]);
    if (!outcome.ok) throw new Error('the patch does not load');
    const result = simulate(outcome.scenario);
    for (const text of targets) {
      const t = (parseTarget(text) as { ok: true; target: Target }).target;
      expect(judge(t, result, false).pass, text).toBe(true);
    }
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
    expect(ctx.out.text).toContain('Closest configuration: client.timeout');
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
