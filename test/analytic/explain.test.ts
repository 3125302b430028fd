// explain's rows as specifications: where a closed form applies it lies within the simulated
// interval; where it does not, the row says why and carries no number.
//
// This file makes FAMILY statistical checks. Each is made at Bonferroni's 1 - 0.05 / FAMILY
// level (familyInterval for the run's reported intervals, share95 with the family for the
// binomial shares), so a correct closed form fails the file by chance at most 5% of seeds.
// Every tolerance is derived from a reported interval or a binomial count, none by hand.
import { describe, expect, it } from 'vitest';
import { explain, ROW } from '../../src/analytic/explain.js';
import type { Comparison } from '../../src/model/comparison.js';
import { clopperPearson } from '../../src/stats/exact.js';
import type { Scenario } from '../../src/model/scenario.js';
import type { Interval, RunResult } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { expectInside, familyInterval, scenarioWith, share95 } from '../sim/helpers.js';

const FAMILY = 18;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function find(rows: readonly Comparison[], name: string): Comparison {
  const row = rows.find((r) => r.name === name);
  if (row === undefined) throw new Error(`explain gave no row ${name}`);
  return row;
}

function closed(row: Comparison): number {
  expect(row.applies, `${row.name} applies (${row.why ?? ''})`).toBe(true);
  if (row.closedForm === null) throw new Error(`${row.name}: no closed form although it applies`);
  return row.closedForm;
}

/** Run and explain `s`. */
function explained(s: Scenario): { r: RunResult; rows: Comparison[] } {
  const r = simulate(s);
  return { r, rows: explain(s, r) };
}

const SCOPE_NONE: readonly { name: string; metric: string }[] = [
  { name: ROW.attempts, metric: 'attemptsPerAction' },
  { name: ROW.executions, metric: 'executionsPerAction' },
  { name: ROW.duplicates, metric: 'duplicatesPerThousand' },
  { name: ROW.lost, metric: 'lostPerThousand' },
  { name: ROW.unknown, metric: 'unknownPerThousand' },
];

/** P(S > T) and q against the family-wide exact interval of the run's own counts. */
function expectShares(r: RunResult, rows: readonly Comparison[]): void {
  const m = r.metrics;
  const slow = m.responses.timeout.slow;
  const unknown = slow + m.responses.timeout.replyLost;
  expect(find(rows, ROW.pSlow).simulated).toBe(slow / m.executions);
  expect(find(rows, ROW.q).simulated).toBe(unknown / m.executions);
  expectInside(closed(find(rows, ROW.pSlow)), share95(slow, m.executions, FAMILY), ROW.pSlow);
  expectInside(closed(find(rows, ROW.q)), share95(unknown, m.executions, FAMILY), ROW.q);
}

describe('closed forms that apply lie within the simulated interval', () => {
  it('at the defaults: P(S > T), q and the scope-none expectations (6 checks)', () => {
    const { r, rows } = explained(scenarioWith((s) => (s.actions = 200_000)));
    expectShares(r, rows);
    for (const { name, metric } of SCOPE_NONE) {
      const row = find(rows, name);
      expect(row.interval).toEqual(r.intervals[metric]);
      // Unknown outcomes need all four attempts of a call to time out: 3e-6 per action at
      // the defaults, too rare for a normal interval here; the lossy case below checks it.
      if (name === ROW.unknown) expect(closed(row)).toBeGreaterThan(0);
      else expectInside(closed(row), familyInterval(r, metric, FAMILY), name);
    }
  });

  it('with request and reply loss: every scope-none expectation, unknown outcomes included (7 checks)', () => {
    const { r, rows } = explained(
      scenarioWith((s) => {
        s.actions = 100_000;
        // Lost actions need all four attempts of a call lost: 3 per 1000 here, counted in hundreds.
        s.network.requestLoss = 0.3;
        s.network.replyLoss = 0.1;
      }),
    );
    expectShares(r, rows);
    for (const { name, metric } of SCOPE_NONE)
      expectInside(closed(find(rows, name)), familyInterval(r, metric, FAMILY), name);
  });

  it('P(S > T) under per-intent keys and crash replays: only queueing stops it (1 check)', () => {
    const { r, rows } = explained(
      scenarioWith((s) => {
        s.actions = 100_000;
        s.keys.scope = 'intent';
        s.service.latency.median = 700;
        s.agent.crash.probability = 0.2;
      }),
    );
    const m = r.metrics;
    expect(m.responses.conflict).toBeGreaterThan(0);
    expectInside(closed(find(rows, ROW.pSlow)), share95(m.responses.timeout.slow, m.executions, FAMILY), ROW.pSlow);
  });

  it("the key store at 50/s and 1 h: the exact Little's-law size, keys and bytes (2 checks)", () => {
    const { r, rows } = explained(
      scenarioWith((s) => {
        s.actions = 20_000;
        s.keys.scope = 'intent';
        s.keys.retention = HOUR;
      }),
    );
    expectInside(closed(find(rows, ROW.keys)), familyInterval(r, 'keyStore.steadyStateKeys', FAMILY), ROW.keys);
    expectInside(closed(find(rows, ROW.bytes)), familyInterval(r, 'keyStore.steadyStateBytes', FAMILY), ROW.bytes);
  });

  // A missed replay is one replay duplicate, so the count is binomial (actions, p (1 - c)).
  const caughtInterval = (r: RunResult, p: number): Interval => {
    const share = share95(r.metrics.duplicatesBySource.replay, r.metrics.actions, FAMILY);
    return { low: 1 - share.high / p, high: 1 - share.low / p };
  };
  const crashing = (probability: number): Scenario =>
    scenarioWith((s) => {
      s.actions = 50_000;
      s.keys.scope = 'intent';
      s.keys.retention = 5 * MINUTE;
      s.agent.replan.probability = 0;
      s.agent.crash.probability = probability;
    });

  it('the replay catch fraction when every step crashes, 17% at 5 min (1 check)', () => {
    const { r, rows } = explained(crashing(1));
    const row = find(rows, ROW.replayCatch);
    expect(closed(row)).toBeCloseTo(3 / 18, 12);
    expectInside(closed(row), caughtInterval(r, 1), ROW.replayCatch);
  });

  it('the replay catch fraction when a third of the steps crash: no crash count needed (1 check)', () => {
    const { r, rows } = explained(crashing(1 / 3));
    const row = find(rows, ROW.replayCatch);
    expect(row.simulated).toBeCloseTo(1 - r.metrics.duplicatesBySource.replay / (r.metrics.actions / 3), 12);
    expectInside(closed(row), caughtInterval(r, 1 / 3), ROW.replayCatch);
  });
});

describe("the article's numbers where they apply", () => {
  it('P(S > T) = 0.0224 and 43.8 duplicates per 1000 at the defaults', () => {
    const { rows } = explained(scenarioWith((s) => (s.actions = 2000)));
    expect(closed(find(rows, ROW.pSlow))).toBeCloseTo(0.0224, 4);
    expect(closed(find(rows, ROW.q))).toBeCloseTo(0.0419, 4);
    expect(closed(find(rows, ROW.duplicates))).toBeCloseTo(43.8, 1);
  });

  it('180,000 keys (36 MB) by the rule of thumb for intent keys kept 1 h at 50/s', () => {
    const { rows } = explained(
      scenarioWith((s) => {
        s.actions = 2000;
        s.keys.scope = 'intent';
        s.keys.retention = HOUR;
      }),
    );
    expect(closed(find(rows, ROW.keysRule))).toBeCloseTo(180_000, 6);
    expect(closed(find(rows, ROW.keys))).toBeCloseTo(50 * 3600.35917, 2);
    expect(Math.round(closed(find(rows, ROW.bytes)) / 1e6)).toBe(36);
  });

  it('every replay caught with 1 h retention, re-plans on (refunds step 4)', () => {
    const { rows } = explained(
      scenarioWith((s) => {
        s.actions = 2000;
        s.keys.scope = 'intent';
        s.keys.retention = HOUR;
        s.agent.crash.probability = 0.01;
      }),
    );
    expect(closed(find(rows, ROW.replayCatch))).toBe(1);
    expect(find(rows, ROW.replayCatch).why).toContain('no replay is missed');
  });
});

describe('closed forms that do not apply say why and carry no number', () => {
  const rowsOf = (edit: (s: Scenario) => void): Comparison[] =>
    explained(
      scenarioWith((s) => {
        s.actions = 2000;
        edit(s);
      }),
    ).rows;
  const expectNotApplied = (rows: readonly Comparison[], names: readonly string[], reason: string): void => {
    for (const name of names) {
      const row = find(rows, name);
      expect(row.applies, name).toBe(false);
      expect(row.closedForm, name).toBeNull();
      expect(row.why, name).toContain(reason);
    }
  };
  const scopeNone = SCOPE_NONE.map((m) => m.name);

  it('limited concurrency: every closed form, since queueing adds a wait', () => {
    const rows = rowsOf((s) => {
      s.service.concurrency = 8;
      s.keys.scope = 'intent';
      s.agent.crash.probability = 0.1;
    });
    const all = [ROW.pSlow, ROW.q, ...scopeNone, ROW.keysRule, ROW.keys, ROW.bytes, ROW.replayCatch];
    expectNotApplied(rows, all, 'limited concurrency (8) adds queueing');
    expect(find(rows, ROW.perDay).closedForm).toBeNull();
  });

  it('keys on: q and the scope-none expectations, since the key store deduplicates retries', () => {
    const rows = rowsOf((s) => (s.keys.scope = 'intent'));
    expectNotApplied(rows, scopeNone, 'keys are on (scope intent): the key store deduplicates retries');
    expectNotApplied(rows, [ROW.q], 'keys are on (scope intent)');
    expect(find(rows, ROW.pSlow).applies).toBe(true);
  });

  it('crashes on: the scope-none expectations, since a replay repeats the whole step', () => {
    expectNotApplied(
      rowsOf((s) => (s.agent.crash.probability = 0.01)),
      scopeNone,
      'crashes replay whole steps',
    );
  });

  it('a deadline: the scope-none expectations, since it can stop retries early', () => {
    expectNotApplied(
      rowsOf((s) => (s.client.deadline = 1500)),
      scopeNone,
      'a deadline (1.5 s)',
    );
  });

  it('the key store without keys, with a record per attempt, and with retention shorter than the repeats', () => {
    const store = [ROW.keysRule, ROW.keys, ROW.bytes];
    expectNotApplied(
      rowsOf(() => {}),
      store,
      'keys are off (scope none)',
    );
    expectNotApplied(
      rowsOf((s) => (s.keys.scope = 'attempt')),
      store,
      'a record for every attempt',
    );
    expectNotApplied(
      rowsOf((s) => {
        s.keys.scope = 'intent';
        s.keys.retention = 5 * MINUTE;
      }),
      store,
      'retention (5 min) can end before',
    );
    expectNotApplied(
      rowsOf((s) => {
        s.keys.scope = 'intent';
        s.network.requestLoss = 0.1;
      }),
      store,
      'fewer claims than actions',
    );
  });

  it('the replay catch fraction with new keys per call, repeated crashes, or re-plans inside the window', () => {
    const crash = (s: Scenario): void => {
      s.keys.scope = 'intent';
      s.keys.retention = 5 * MINUTE;
      s.agent.crash.probability = 0.5;
    };
    expectNotApplied(
      rowsOf(() => {}),
      [ROW.replayCatch],
      'no crashes',
    );
    expectNotApplied(
      rowsOf((s) => {
        crash(s);
        s.keys.scope = 'call';
      }),
      [ROW.replayCatch],
      'scope call gives a replay a new key',
    );
    expectNotApplied(
      rowsOf((s) => {
        crash(s);
        s.agent.crash.max = 2;
      }),
      [ROW.replayCatch],
      'crash.max 2',
    );
    expectNotApplied(rowsOf(crash), [ROW.replayCatch], 're-plans can end a step minutes after its commit');
  });
});

describe('rows that are arithmetic on the run', () => {
  it('duplicates per day scale duplicates per 1000 and their interval by rate * 86,400 / 1000', () => {
    const { r, rows } = explained(scenarioWith((s) => (s.actions = 2000)));
    const row = find(rows, ROW.perDay);
    const scale = 50 * 86.4;
    expect(row.applies).toBe(true);
    expect(row.simulated).toBeCloseTo(r.metrics.duplicatesPerThousand * scale, 6);
    expect(row.interval?.high).toBeCloseTo((r.intervals['duplicatesPerThousand']?.high ?? NaN) * scale, 6);
    expect(row.closedForm).toBeCloseTo(closed(find(rows, ROW.duplicates)) * scale, 6);
  });

  it('every row has a one-line formula and a unit', () => {
    const { rows } = explained(scenarioWith((s) => (s.actions = 2000)));
    expect(rows.map((row) => row.name)).toEqual(Object.values(ROW));
    for (const row of rows) {
      expect(row.formula, row.name).not.toMatch(/\n/);
      expect(row.formula.length, row.name).toBeGreaterThan(0);
    }
  });

  it('the exact share interval is null where the count is no share of the trials', () => {
    expect(clopperPearson(0, 0)).toBeNull();
    expect(clopperPearson(5, 4)).toBeNull();
    expect(clopperPearson(0, 100)?.low).toBe(0);
    expect(clopperPearson(100, 100)?.high).toBe(1);
  });
});
