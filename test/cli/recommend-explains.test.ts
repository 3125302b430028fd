// `idemsim recommend` on an engineer's e-mail tool: the Anthropic SDK's retries, call keys
// kept a day, 1.2 KB records, crash replays 1 to 45 minutes after the step, and re-plans
// of which 30% change their arguments. Asked for at most 0.05 duplicates per thousand in
// at most 50 MB of keys it names the conflict with its arithmetic; with 100 MB it names
// the guard that blocks (intent keys turn changed-argument re-plans into 422s); with that
// guard dropped it changes the key design only, and the answer holds on another seed at
// 1,000,000 actions.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recommend, type RecommendOptions } from '../../src/cli/recommend.js';
import type { Recommendation } from '../../src/model/recommend.js';
import { formatBytes, proseDuration } from '../../src/format/format.js';
import { loadScenario } from '../../src/scenario/index.js';
import { simulate } from '../../src/sim/simulate.js';
import { captured } from './sinks.js';

const EMAIL = `
name: email
description: An agent sends e-mails through a tool; Anthropic SDK defaults, call keys.
actions: 20000
arrivals: { rate: 20 }
client: { preset: anthropic }
agent:
  replan: { probability: 0.3, argsChange: 0.3 }
  crash: { probability: 0.02, resumeDelay: { min: 1m, max: 45m } }
keys:
  scope: call
  retention: 24h
  recordBytes: 1.2KB
`;

const CLIENT = ['client.timeout', 'client.retries', 'client.backoff.base'];

async function recommendEmail(
  args: Omit<RecommendOptions, 'jobs' | 'format'>,
): Promise<{ code: number; doc: Recommendation }> {
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-email-'));
  writeFileSync(join(dir, 'email.yaml'), EMAIL);
  const ctx = captured({ cwd: dir });
  const code = await recommend('email.yaml', { ...args, jobs: '1', format: 'json' }, ctx);
  return { code, doc: (JSON.parse(ctx.out.text) as { recommend: Recommendation }).recommend };
}

const notes = (doc: Recommendation, kind: string): string[] =>
  doc.notes.filter((n) => n.kind === kind).map((n) => n.message);

describe('recommend explains what blocks, and changes only what it must', () => {
  it('names the conflict between the duplicate target and a 50 MB store, with its arithmetic', async () => {
    // Replays come U(1, 45) min after the step for 2% of actions; at most 0.05 per thousand
    // may slip past the record, so R >= 45 - 44 x 0.05 / 20 = 44.89 min, and 20/s for R at
    // 1.2 KB a record is 64.6 MB: more than 50 MB. The client is fixed: the conflict is the keys'.
    const { code, doc } = await recommendEmail({
      targets: ['duplicatesPerThousand<=0.05', 'keyStore.steadyStateBytes<50MB'],
      fix: CLIENT,
    });
    expect(code).toBe(1);
    expect(doc.status).toBe('infeasible');
    const retention = 45 * 60_000 - (44 * 60_000 * 0.05) / (1000 * 0.02);
    const bytes = 20 * (retention / 1000) * 1200;
    const [conflict] = notes(doc, 'conflict');
    expect(conflict).toContain('duplicatesPerThousand<=0.05 and keyStore.steadyStateBytes<50MB cannot both hold');
    expect(conflict).toContain(`keys.retention >= ${proseDuration(retention)}`);
    expect(conflict).toContain(`= 20/s x ${proseDuration(retention)} x ${formatBytes(1200)} = ${formatBytes(bytes)}`);
    expect(notes(doc, 'record-size')).toEqual([
      expect.stringContaining('keys.recordBytes = 1.20 KB (as the scenario sets it, not measured)'),
    ]);
    // The nearest point that meets each target alone, and what it reads on the other: the
    // duplicates need a store past 50 MB, the store lets duplicates through.
    const alone = notes(doc, 'blocker').find((n) => n.startsWith('No configuration searched met every target'));
    const dupAlone = /duplicatesPerThousand<=0\.05 alone: [^;]*\(reads keyStore\.steadyStateBytes ([\d.]+) MB\)/.exec(
      alone ?? '',
    );
    const storeAlone = /keyStore\.steadyStateBytes<50MB alone: [^;]*\(reads duplicatesPerThousand ([\d.]+)\)/.exec(
      alone ?? '',
    );
    expect(Number(dupAlone?.[1])).toBeGreaterThanOrEqual(50);
    expect(Number(storeAlone?.[1])).toBeGreaterThan(0.05);
  });

  it('with 100 MB, names the guard that every configuration meeting the targets breaks', async () => {
    const { code, doc } = await recommendEmail({
      targets: ['duplicatesPerThousand<=0.05', 'keyStore.steadyStateBytes<100MB'],
      fix: CLIENT,
    });
    expect(code).toBe(1);
    expect(notes(doc, 'conflict')).toEqual([]);
    const [guard] = notes(doc, 'blocker');
    expect(guard).toMatch(/^falseFailuresPerThousand<=[\d.]+: a guard, no worse than the scenario as given; /);
    expect(guard).toContain('keys.scope intent');
    expect(guard).toContain('--skip-guard falseFailuresPerThousand drops it');
  });

  it('without that guard, changes the keys only, and the answer holds on another seed at 1,000,000 actions', async () => {
    const targets = ['duplicatesPerThousand<=0.05', 'keyStore.steadyStateBytes<100MB'];
    const { code, doc } = await recommendEmail({ targets, skipGuard: ['falseFailuresPerThousand'] });
    expect(code).toBe(0);
    const changed = doc.recommended.sets.map((s) => s.split('=')[0]);
    expect(changed.sort()).toEqual(['keys.retention', 'keys.scope']);
    expect(doc.recommended.sets).toContain('keys.scope=intent');
    expect(notes(doc, 'smallest')).toEqual([
      expect.stringMatching(/^Changes 2 fields \(keys\.retention, keys\.scope\): /),
    ]);
    // The retention catches the latest replay: at least the 45 minutes of the resume delay.
    const loaded = loadScenario(EMAIL, 'email.yaml', [...doc.recommended.sets, 'actions=1000000', 'seed=7']);
    if (!loaded.ok) throw new Error('the answer does not load');
    expect(loaded.scenario.keys.retention).toBeGreaterThanOrEqual(45 * 60_000);
    const { metrics, intervals } = simulate(loaded.scenario);
    expect(intervals['duplicatesPerThousand']?.high).toBeLessThanOrEqual(0.05);
    expect(metrics.keyStore.steadyStateBytes).toBeLessThan(100e6);
  });
});
