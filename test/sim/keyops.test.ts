// The key-store operations a run reports to `store replay`: listening changes nothing, and
// the operations add up to what the run counted (every lookup and its answer, every commit
// that wrote a record, every rollback), in time order.
import { describe, expect, it } from 'vitest';
import type { KeyOp } from '../../src/model/keyops.js';
import type { RunResult } from '../../src/model/result.js';
import type { Scenario } from '../../src/model/scenario.js';
import { simulate } from '../../src/sim/simulate.js';
import { scenarioWith } from './helpers.js';

function logged(s: Scenario): { ops: KeyOp[]; result: RunResult } {
  const ops: KeyOp[] = [];
  const result = simulate(s, { onKeyOp: (op) => ops.push(op) });
  return { ops, result };
}

const count = (ops: readonly KeyOp[], what: string): number =>
  ops.filter((op) => (op.op === 'lookup' ? op.outcome : op.op) === what).length;

describe('the key-store operations of a run', () => {
  it('change nothing by being listened to', () => {
    const s = scenarioWith((x) => {
      x.actions = 5_000;
      x.keys.scope = 'intent';
      x.service.errorRate = 0.05;
    });
    expect(logged(s).result).toEqual(simulate(s));
  });

  it('are every lookup with its answer and every commit that wrote a record, in time order', () => {
    const s = scenarioWith((x) => {
      x.seed = 'keyops';
      x.actions = 10_000;
      x.keys.scope = 'intent';
      x.keys.retention = 20_000;
      x.agent.replan.argsChange = 0.3;
      x.network.replyLoss = 0.1;
    });
    const { ops, result } = logged(s);
    const m = result.metrics;
    const lookups = ops.filter((op) => op.op === 'lookup').length;
    expect(count(ops, 'conflict') + count(ops, 'mismatch') + count(ops, 'stored') + count(ops, 'claimed')).toBe(lookups);
    expect(count(ops, 'mismatch')).toBeGreaterThan(0);
    expect(count(ops, 'conflict')).toBeGreaterThan(0);
    expect(count(ops, 'stored')).toBeGreaterThan(0);
    // Every execution claimed its key, and every one commits (no crashes): one commit each.
    expect(count(ops, 'claimed')).toBe(m.executions);
    expect(count(ops, 'commit')).toBe(m.executions);
    expect(m.dedupHitRate * lookups).toBeCloseTo(count(ops, 'stored'), 6);
    for (let i = 1; i < ops.length; i++) expect((ops[i] as KeyOp).t).toBeGreaterThanOrEqual((ops[i - 1] as KeyOp).t);
  });

  it('include a transaction rolling a claim back, and no commit for a crashed execution', () => {
    const s = scenarioWith((x) => {
      x.seed = 'keyops-crash';
      x.actions = 10_000;
      x.keys.scope = 'intent';
      x.keys.transactional = true;
      x.service.crash = { probability: 0.05, afterEffect: 0.5 };
    });
    const { ops, result } = logged(s);
    const m = result.metrics;
    expect(count(ops, 'rollback')).toBeGreaterThan(100);
    expect(count(ops, 'rollback')).toBeLessThanOrEqual(m.serverCrashes.total);
    expect(count(ops, 'commit')).toBe(m.executions - m.serverCrashes.total);
  });
});
