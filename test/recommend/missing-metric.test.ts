// recommend never recommends a configuration on a metric it did not measure: a target on
// a metric that reads "n/a" at a point (a 409 rate where no key was looked up, a metric of
// a group its scenario does not carry) fails there, however well the placeholder 0 ranks.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recommend } from '../../src/cli/recommend.js';
import type { Recommendation } from '../../src/model/recommend.js';
import { choose, type ChooseInput } from '../../src/recommend/choose.js';
import { judgedRun, statusOf, type SimRun } from '../../src/recommend/point.js';
import { rankingKeys } from '../../src/recommend/rank.js';
import { NO_GROUP } from '../../src/model/metric-types.js';
import { captured } from '../cli/sinks.js';
import { point, simRun, target, type Numbers } from './helpers.js';

const CONFLICTS = target('conflictRate<=0.05');
const TARGETS = [CONFLICTS];
const KEYS = rankingKeys(TARGETS, undefined);

/** No key looked up: the rate is a placeholder 0 with no interval. */
const unmeasured: Numbers = { attemptsPerAction: 1 };
/** Keys looked up: a measured rate well inside the bound, at more load. */
const measured: Numbers = { attemptsPerAction: 1.2, intervals: { conflictRate: { low: 0, high: 0.01 } } };

function input(verification: Record<string, Numbers>): ChooseInput {
  return {
    targets: TARGETS,
    keys: KEYS,
    simulate: async (scenarios) =>
      scenarios.map((s): SimRun => simRun({ actions: s.actions, ...(verification[s.name] as Numbers) })),
    maxActions: 200_000,
    verifySeed: '1-verify',
    verifyMaxActions: 2_000_000,
    want: 2,
    batch: 4,
  };
}

describe('a target on a metric the point did not measure', () => {
  it('fails there: the point is infeasible, and its target row says why', () => {
    const p = point('no-key', [0], TARGETS, unmeasured);
    expect(p.search?.judged[0]?.verdict).toBe('fail');
    expect(p.search?.judged[0]?.unmeasured).toMatch(/no attempt had its key looked up/);
    expect(statusOf(p)).toBe('infeasible');
  });

  it('fails on a metric of a group the scenario does not carry', () => {
    const run = simRun({});
    const judged = judgedRun(run, 1, [target('leaseTakeovers<=0')], NO_GROUP);
    expect(judged.judged[0]?.verdict).toBe('fail');
  });

  it('is never recommended, though its placeholder ranks first: the measured point is', async () => {
    const points = [point('no-key', [0], TARGETS, unmeasured), point('keyed', [1], TARGETS, measured)];
    const choice = await choose(input({ 'no-key': unmeasured, keyed: measured }), points);
    expect(choice.status).toBe('recommended');
    expect(choice.best.scenario.name).toBe('keyed');
    expect(choice.runnersUp).toEqual([]);
  });

  it('with nothing measured, nothing is recommended', async () => {
    const choice = await choose(input({}), [point('no-key', [0], TARGETS, unmeasured)]);
    expect(choice.status).toBe('infeasible');
  });
});

describe('idemsim recommend on a 409-rate target over key scopes', () => {
  it('recommends a keyed scope, not scope none, whose 409 rate is n/a', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-missing-'));
    writeFileSync(join(cwd, 'rates.yaml'), 'name: rates\nactions: 2000\n');
    const ctx = captured({ cwd });
    const code = await recommend(
      'rates.yaml',
      {
        targets: ['conflictRate<=0.05'],
        vary: ['keys.scope=none,call'],
        fix: ['client.timeout', 'client.retries', 'client.backoff.base', 'keys.retention'],
        skipGuard: ['all'],
        sets: ['actions=2000'],
        jobs: '1',
        format: 'json',
      },
      ctx,
    );
    expect(code).toBe(0);
    const doc = (JSON.parse(ctx.out.text) as { recommend: Recommendation }).recommend;
    expect(doc.status).toBe('recommended');
    expect(doc.recommended.settings).toEqual({ 'keys.scope': 'call' });
    const none = doc.points.find((p) => p.settings['keys.scope'] === 'none');
    expect(none?.status).toBe('infeasible');
  });
});
