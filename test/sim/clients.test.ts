// MODEL.md D (real clients), checked on seeded runs traced attempt by attempt: the retry
// throttle and the retry budget are replayed from the traces by an independent account
// (the bucket's tokens and the attempts and retries in flight, event by event), and
// hedging is checked against its send rules and its effect on duplicates and 409s.
import { describe, expect, it } from 'vitest';
import type { DetailedRunResult, TracedAction, TracedAttempt } from '../../src/model/result.js';
import type { Scenario } from '../../src/model/scenario.js';
import { PRESET_NAMES } from '../../src/model/presets.js';
import { PRESETS, applyPreset } from '../../src/presets/presets.js';
import { simulate } from '../../src/sim/simulate.js';
import { reported, scenarioWith } from './helpers.js';

function traced(s: Scenario): { result: DetailedRunResult; trace: TracedAction[] } {
  const result = simulate(s, { trace: { mode: 'first', actions: s.actions } }) as DetailedRunResult;
  return { result, trace: result.detail.trace };
}

const TIMEOUTS = new Set(['slow', 'replyLost', 'requestLost', 'serverCrash']);
const SUCCESS = new Set(['ok', 'replayed']);

/** One call's attempts, in attempt order. */
function calls(trace: readonly TracedAction[]): TracedAttempt[][] {
  const out: TracedAttempt[][] = [];
  for (const action of trace) {
    const byCall = new Map<number, TracedAttempt[]>();
    for (const a of action.attempts) byCall.set(a.call, [...(byCall.get(a.call) ?? []), a]);
    out.push(...byCall.values());
  }
  return out;
}

/** What happened at one instant of the account, in the order the rules say it happens. */
type Step =
  | { t: number; kind: 'grant' | 'refuse'; cost: number; by?: 'budget' | 'throttle' }
  | { t: number; kind: 'refill'; amount: number };

describe('D: the retry throttle', () => {
  const throttled = (edit: (s: Scenario) => void): Scenario =>
    scenarioWith((s) => {
      s.seed = 'throttle';
      s.actions = 8_000;
      s.client.throttle = { capacity: 60, retryCost: 5, timeoutCost: 10, successRefill: 1 };
      edit(s);
    });

  /** The bucket replayed from the traces: every grant had the tokens, every refusal lacked them. */
  function replayBucket(
    s: Scenario,
    trace: readonly TracedAction[],
  ): { grants: number; refusals: number; low: number } {
    const throttle = s.client.throttle as Exclude<Scenario['client']['throttle'], 'none'>;
    const steps: Step[] = [];
    for (const attempts of calls(trace)) {
      let lastCost = 0;
      for (const [i, a] of attempts.entries()) {
        const cost = TIMEOUTS.has(a.outcome) ? throttle.timeoutCost : throttle.retryCost;
        const next = attempts[i + 1];
        if (next !== undefined) {
          expect(next.attempt).toBe(a.attempt + 1);
          steps.push({ t: a.end, kind: 'grant', cost });
          lastCost = cost;
        } else if (a.refused !== undefined) {
          steps.push({ t: a.end, kind: 'refuse', cost, by: a.refused });
        } else if (SUCCESS.has(a.outcome)) {
          steps.push({ t: a.end, kind: 'refill', amount: a.attempt === 0 ? throttle.successRefill : lastCost });
        }
      }
    }
    steps.sort((x, y) => x.t - y.t);
    let tokens = throttle.capacity;
    let low = tokens;
    let grants = 0;
    let refusals = 0;
    for (const step of steps) {
      if (step.kind === 'refill') {
        tokens = Math.min(throttle.capacity, tokens + step.amount);
      } else if (step.kind === 'grant') {
        expect(tokens, `a retry granted at ${step.t} ms`).toBeGreaterThanOrEqual(step.cost);
        tokens -= step.cost;
        grants++;
      } else if (step.by === 'throttle') {
        expect(tokens, `a retry refused at ${step.t} ms`).toBeLessThan(step.cost);
        refusals++;
      }
      expect(tokens).toBeGreaterThanOrEqual(0);
      low = Math.min(low, tokens);
    }
    return { grants, refusals, low };
  }

  it('at a 100% error rate, grants exactly the retries the full bucket pays for, then refuses every one', () => {
    const s = throttled((x) => {
      x.service.errorRate = 1;
      x.network.replyLoss = 0;
    });
    const { result, trace } = traced(s);
    const m = result.metrics;
    const { grants, refusals, low } = replayBucket(s, trace);
    // Nothing ever succeeds, so nothing refills: 60 tokens pay for 12 retries at 5 each.
    expect(grants).toBe(12);
    expect(low).toBe(0);
    expect(m.attempts).toBe(m.toolCalls + 12);
    expect(refusals).toBe(m.retriesRefused.throttle);
    // Every call ends refused or with its retries used up (those are the ones the 12 paid for).
    const usedUp = calls(trace).filter((c) => c.length === s.client.retries + 1).length;
    expect(refusals + usedUp).toBe(m.toolCalls);
    // Refused after a 503, a call fails (not unknown).
    expect(m.unknownOutcomes).toBe(0);
  });

  it('under mixed failures the bucket never goes negative, refills on success, and refuses only when short', () => {
    const s = throttled((x) => {
      x.service.errorRate = 0.3;
      x.network.replyLoss = 0.1;
    });
    const { result, trace } = traced(s);
    const { refusals, low } = replayBucket(s, trace);
    expect(refusals).toBeGreaterThan(100);
    expect(refusals).toBe(result.metrics.retriesRefused.throttle);
    expect(low).toBeGreaterThanOrEqual(0);
  });

  it('a refused retry takes no tokens when the budget refuses it first', () => {
    const s = throttled((x) => {
      x.service.errorRate = 0.4;
      x.client.budget = { percent: 10, minConcurrency: 1 };
    });
    const { result, trace } = traced(s);
    replayBucket(s, trace);
    expect(result.metrics.retriesRefused.budget).toBeGreaterThan(0);
    expect(result.metrics.retriesRefused.throttle).toBeGreaterThan(0);
  });
});

describe('D: the retry budget', () => {
  it('grants a retry only while the retries in flight are fewer than max(minConcurrency, percent of attempts in flight)', () => {
    const budget = { percent: 20, minConcurrency: 2 };
    const s = scenarioWith((x) => {
      x.seed = 'budget';
      x.actions = 6_000;
      x.service.errorRate = 0.4;
      x.network.replyLoss = 0.05;
      x.client.budget = budget;
    });
    const { result, trace } = traced(s);
    const attempts = trace.flatMap((t) => t.attempts);
    // A retry is in flight from its decision (the end of the attempt before it) to its own end.
    const retries: { from: number; to: number }[] = [];
    const decisions: { t: number; granted: boolean }[] = [];
    for (const call of calls(trace)) {
      for (const [i, a] of call.entries()) {
        const next = call[i + 1];
        if (next !== undefined) {
          retries.push({ from: a.end, to: next.end });
          decisions.push({ t: a.end, granted: true });
        } else if (a.refused === 'budget') decisions.push({ t: a.end, granted: false });
      }
    }
    let refused = 0;
    for (const { t, granted } of decisions) {
      const inFlight = attempts.filter((a) => a.sent <= t && a.end > t).length;
      const retrying = retries.filter((r) => r.from < t && r.to > t).length;
      const limit = Math.max(budget.minConcurrency, (budget.percent / 100) * inFlight);
      if (granted) expect(retrying, `retries in flight at ${t} ms`).toBeLessThan(limit);
      else {
        expect(retrying, `a refusal at ${t} ms`).toBeGreaterThanOrEqual(limit);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(refused).toBe(result.metrics.retriesRefused.budget);
  });
});

describe('D: hedged attempts', () => {
  const hedged = (scope: Scenario['keys']['scope'], hedge: boolean): Scenario =>
    scenarioWith((s) => {
      s.seed = 'hedge';
      s.actions = 10_000;
      s.client.retries = 0;
      s.keys.scope = scope;
      if (hedge) s.client.hedge = { after: 500, max: 2 };
    });

  it('without a key, hedges are transport duplicates; with the call key they get 409s instead', () => {
    const plain = simulate(hedged('none', false));
    const loose = simulate(hedged('none', true));
    const keyed = simulate(hedged('call', true));
    // Without retries or hedges nothing repeats within a call.
    expect(plain.metrics.duplicatesBySource.transport).toBe(0);
    expect(loose.metrics.hedges).toBeGreaterThan(1000);
    expect(loose.metrics.duplicatesBySource.transport).toBeGreaterThan(500);
    expect(reported(plain, 'duplicatesPerThousand').high).toBeLessThan(reported(loose, 'duplicatesPerThousand').low);
    expect(keyed.metrics.hedges).toBeGreaterThan(1000);
    expect(keyed.metrics.duplicatesBySource.transport).toBe(0);
    expect(keyed.metrics.responses.conflict).toBeGreaterThan(500);
    expect(loose.metrics.responses.conflict).toBe(0);
  });

  it('sends hedge j at first send + j * after, or at once after a 409, 503 or timeout; never after a 200, never more than max', () => {
    const s = scenarioWith((x) => {
      x.seed = 'hedge-rules';
      x.actions = 4_000;
      x.client.retries = 0;
      x.service.errorRate = 0.2;
      x.network.replyLoss = 0.05;
      x.keys.scope = 'call';
      x.client.hedge = { after: 400, max: 3 };
    });
    const { trace } = traced(s);
    let early = 0;
    for (const call of calls(trace)) {
      const first = call[0] as TracedAttempt;
      expect(call.length).toBeLessThanOrEqual(4);
      for (const [j, a] of call.entries()) {
        expect(a.attempt).toBe(j);
        expect(a.hedge === true).toBe(j > 0);
        if (j === 0) continue;
        const earlier = call.slice(0, j);
        // No 200 or 422 had reached the client before it left.
        expect(earlier.some((b) => b.end < a.sent && (SUCCESS.has(b.outcome) || b.outcome === 'mismatch'))).toBe(false);
        const onTime = Math.abs(a.sent - (first.sent + j * 400)) < 1e-9;
        const atOnce = earlier.some((b) => b.end === a.sent && !SUCCESS.has(b.outcome));
        expect(onTime || atOnce, `hedge ${j} sent at ${a.sent}`).toBe(true);
        if (!onTime) early++;
        expect(a.sent).toBeLessThanOrEqual(first.sent + j * 400);
      }
    }
    expect(early).toBeGreaterThan(50);
  });

  it('a reply at the very instant a hedge falls due is handled first: no hedge leaves', () => {
    // Service time exactly 300 ms (sigma 0) and hedges due every 300 ms: each 200 ties with hedge 1.
    const s = scenarioWith((x) => {
      x.actions = 2_000;
      x.service.latency = { median: 300, sigma: 0 };
      x.network.replyLoss = 0;
      x.client.retries = 0;
      x.client.hedge = { after: 300, max: 2 };
    });
    const m = simulate(s).metrics;
    expect(m.hedges).toBe(0);
    expect(m.duplicates).toBe(0);
  });
});

describe('D: presets', () => {
  it('every preset, applied to the defaults, runs and keeps its documented client', () => {
    for (const name of PRESET_NAMES) {
      const s = scenarioWith((x) => {
        x.actions = 2_000;
        x.client.deadline = 300_000;
      });
      // The scenario sets the deadline (Temporal needs one); everything else comes from the preset.
      applyPreset(s, name, (path) => path === 'client.deadline');
      const preset = PRESETS[name];
      expect(s.client.preset).toBe(name);
      if (preset.client.retries !== undefined) expect(s.client.retries).toBe(preset.client.retries);
      expect(s.keys.scope).toBe(preset.keys?.scope ?? 'none');
      const m = simulate(s).metrics;
      expect(m.actions, name).toBe(2_000);
      expect(m.attempts, name).toBeGreaterThanOrEqual(m.toolCalls);
    }
  });
});
