import { describe, expect, it } from 'vitest';
import { scopeNoneExpectations, scopeNoneUnknownPerAction } from '../../src/analytic/retries.js';
import { pSlow, unknownShare } from '../../src/analytic/inputs.js';

interface Params {
  a: number;
  b: number;
  q: number;
  replyLoss: number;
  R: number;
  p: number;
  M: number;
}

interface CallLeaf {
  prob: number;
  commits: number;
  attempts: number;
  ok: boolean;
  unknown: boolean;
}

// Every path of one tool call's attempts, outcome by outcome (an independent derivation).
function callLeaves(P: Params): CallLeaf[] {
  const x = (1 - P.a) * (1 - P.b);
  const outcomes = [
    { prob: P.a, commits: 0, ok: false, timeout: true }, // request lost
    { prob: (1 - P.a) * P.b * P.replyLoss, commits: 0, ok: false, timeout: true }, // 503 lost
    { prob: (1 - P.a) * P.b * (1 - P.replyLoss), commits: 0, ok: false, timeout: false }, // 503
    { prob: x * (1 - P.q), commits: 1, ok: true, timeout: false },
    { prob: x * P.q, commits: 1, ok: false, timeout: true },
  ];
  const leaves: CallLeaf[] = [];
  const walk = (k: number, prob: number, commits: number): void => {
    for (const o of outcomes) {
      const pr = prob * o.prob;
      const c = commits + o.commits;
      if (o.ok || k === P.R) {
        leaves.push({ prob: pr, commits: c, attempts: k + 1, ok: o.ok, unknown: !o.ok && o.timeout });
      } else walk(k + 1, pr, c);
    }
  };
  walk(0, 1, 0);
  return leaves;
}

function enumerate(P: Params) {
  const leaves = callLeaves(P);
  const sum = { calls: 0, attempts: 0, executions: 0, duplicates: 0, lost: 0, unknown: 0 };
  const walk = (j: number, prob: number, commits: number, calls: number, attempts: number, unknown: number): void => {
    for (const leaf of leaves) {
      const pr = prob * leaf.prob;
      const c = commits + leaf.commits;
      const n = attempts + leaf.attempts;
      const u = unknown + (leaf.unknown ? 1 : 0);
      const end = (weight: number): void => {
        sum.calls += weight * (calls + 1);
        sum.attempts += weight * n;
        sum.executions += weight * c;
        sum.duplicates += weight * Math.max(0, c - 1);
        sum.lost += weight * (c === 0 ? 1 : 0);
        sum.unknown += weight * u;
      };
      if (leaf.ok || j === P.M) end(pr);
      else {
        end(pr * (1 - P.p));
        walk(j + 1, pr * P.p, c, calls + 1, n, u);
      }
    }
  };
  walk(0, 1, 0, 0, 0, 0);
  return sum;
}

const q = unknownShare(pSlow(300, 0.6, 1000), 0.02);

describe('scope none closed form', () => {
  it('gives q + q^2 + q^3 duplicates per action with no loss, no errors and 3 retries', () => {
    const e = scopeNoneExpectations({ requestLoss: 0, errorRate: 0, q, retries: 3 });
    expect(e.duplicates).toBeCloseTo(q + q ** 2 + q ** 3, 14);
    expect(e.lost).toBe(0);
  });

  it('adds about 0.6 q^4 duplicates per action for the default re-plans', () => {
    const base = scopeNoneExpectations({ requestLoss: 0, errorRate: 0, q, retries: 3 });
    const replan = scopeNoneExpectations({
      requestLoss: 0,
      errorRate: 0,
      q,
      retries: 3,
      replan: { probability: 0.6, max: 3 },
    });
    expect((replan.duplicates - base.duplicates) / (0.6 * q ** 4)).toBeCloseTo(1, 1);
  });

  const grid: Params[] = [];
  for (const a of [0, 0.15]) {
    for (const b of [0, 0.2]) {
      for (const R of [0, 2]) {
        for (const [p, M] of [
          [0, 0],
          [0.6, 2],
        ] as const)
          grid.push({ a, b, q: 0.3, replyLoss: 0.1, R, p, M });
      }
    }
  }

  it.each(grid)('matches an enumeration of every attempt path (a $a, b $b, R $R, re-plan $p x $M)', (P) => {
    const input = { requestLoss: P.a, errorRate: P.b, q: P.q, retries: P.R, replan: { probability: P.p, max: P.M } };
    const e = scopeNoneExpectations(input);
    const u = scopeNoneUnknownPerAction({ ...input, replyLoss: P.replyLoss });
    const s = enumerate(P);
    expect(e.toolCalls).toBeCloseTo(s.calls, 12);
    expect(e.attempts).toBeCloseTo(s.attempts, 12);
    expect(e.executions).toBeCloseTo(s.executions, 12);
    expect(e.duplicates).toBeCloseTo(s.duplicates, 12);
    expect(e.lost).toBeCloseTo(s.lost, 12);
    expect(u).toBeCloseTo(s.unknown, 12);
  });
});
