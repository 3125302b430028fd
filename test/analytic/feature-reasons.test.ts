// explain's rows for scenarios with server crashes, leases, arrival profiles, incidents or
// checks before a repeat (MODEL.md A to C): every feature that changes what a closed form
// counts says so, in one line, on exactly the rows it breaks; a feature that cannot change a
// row (an arrival profile for the per-action forms, a renewed lease with no server crashes,
// a transaction with nothing to roll back) leaves the row applying.
//
// The statistical checks at the end are made at Bonferroni's 1 - 0.05 / FAMILY level, so a
// correct closed form fails this file by chance at most 5% of seeds.
import { describe, expect, it } from 'vitest';
import { explain, ROW } from '../../src/analytic/explain.js';
import type { Comparison } from '../../src/model/comparison.js';
import type { Scenario } from '../../src/model/scenario.js';
import type { RunResult } from '../../src/model/result.js';
import { simulate } from '../../src/sim/simulate.js';
import { expectInside, familyInterval, scenarioWith, share95 } from '../sim/helpers.js';

const FAMILY = 12;
const MINUTE = 60_000;

// Whether a closed form applies depends on the scenario alone; one small run gives the rows
// their simulated values.
const RUN: RunResult = simulate(scenarioWith((s) => (s.actions = 200)));

function rowsOf(edit: (s: Scenario) => void): Comparison[] {
  return explain(scenarioWith(edit), RUN);
}

function find(rows: readonly Comparison[], name: string): Comparison {
  const row = rows.find((r) => r.name === name);
  if (row === undefined) throw new Error(`explain gave no row ${name}`);
  return row;
}

const SCOPE_NONE = [ROW.attempts, ROW.executions, ROW.duplicates, ROW.lost, ROW.unknown];
const KEY_STORE = [ROW.keysRule, ROW.keys, ROW.bytes];

function expectNotApplied(rows: readonly Comparison[], names: readonly string[], reason: string): void {
  for (const name of names) {
    const row = find(rows, name);
    expect(row.applies, name).toBe(false);
    expect(row.closedForm, name).toBeNull();
    expect(row.why, name).toContain(reason);
  }
}

function expectApplied(rows: readonly Comparison[], names: readonly string[]): void {
  for (const name of names) {
    const row = find(rows, name);
    expect(row.applies, `${name}: ${row.why ?? ''}`).toBe(true);
    expect(row.closedForm, name).not.toBeNull();
  }
}

/** Per-intent keys kept 1 h: the key-store rows apply (refunds step 4). */
const intent = (s: Scenario): void => {
  s.keys.scope = 'intent';
  s.keys.retention = 60 * MINUTE;
};

describe('server crashes (MODEL.md A)', () => {
  const crashing = (s: Scenario): void => {
    s.service.crash.probability = 0.1;
  };

  it('P(S > T) and q: a crashed execution times out as a server crash, not a slow or lost reply', () => {
    expectNotApplied(
      rowsOf(crashing),
      [ROW.pSlow, ROW.q],
      'server crashes (probability 0.1): a crashed execution sends no reply',
    );
  });

  it('the scope-none expectations: a crash commits or not, unseen by the formula', () => {
    expectNotApplied(
      rowsOf(crashing),
      SCOPE_NONE,
      'or commits all the same (after it): the timeout mix and the duplicates change',
    );
    expect(find(rowsOf(crashing), ROW.perDay).closedForm).toBeNull();
  });

  it('says which crashes commit: after the effect only, before it only, or rolled back', () => {
    const why = (edit: (s: Scenario) => void): string =>
      find(
        rowsOf((s) => {
          crashing(s);
          edit(s);
        }),
        ROW.attempts,
      ).why ?? '';
    expect(why((s) => (s.service.crash.afterEffect = 1))).toContain(
      'commits all the same (every crash comes after the effect)',
    );
    expect(why((s) => (s.service.crash.afterEffect = 0))).toContain(
      'never commits (every crash comes before the effect)',
    );
    expect(why((s) => (s.keys.transactional = true))).toContain('never commits (a transaction rolls it back)');
  });

  it('the key store: without a transaction records stay running and answer 409', () => {
    expectNotApplied(
      rowsOf((s) => {
        intent(s);
        crashing(s);
      }),
      KEY_STORE,
      'non-transactional server crashes (probability 0.1) leave records running, answering 409 until claim + retention',
    );
  });

  it('the key store: a transaction rolls the claim back and the key is claimed again', () => {
    const rows = rowsOf((s) => {
      intent(s);
      crashing(s);
      s.keys.transactional = true;
    });
    expectNotApplied(rows, KEY_STORE, 'transactional rollbacks: a crashed execution leaves no effect and no record');
    expect(find(rows, ROW.keys).why).not.toContain('non-transactional');
  });

  it('the replay catch fraction: a crashed step may not have committed, or left its record running', () => {
    const rows = rowsOf((s) => {
      intent(s);
      s.agent.replan.probability = 0;
      s.agent.crash.probability = 0.5;
      crashing(s);
    });
    expectNotApplied(rows, [ROW.replayCatch], 'server crashes (probability 0.1)');
    expectNotApplied(rows, [ROW.replayCatch], 'leave records running');
  });

  it('a transaction with no server crashes changes nothing', () => {
    expectApplied(
      rowsOf((s) => {
        intent(s);
        s.keys.transactional = true;
      }),
      [ROW.pSlow, ...KEY_STORE],
    );
  });
});

describe('leases (MODEL.md A)', () => {
  it('without renewal: takeovers run a second execution while the first is alive', () => {
    const rows = rowsOf((s) => {
      intent(s);
      s.keys.lease = 2000;
    });
    expectNotApplied(
      rows,
      KEY_STORE,
      'a lease (2 s) without renewal: takeovers can run a second execution while the first is alive',
    );
    // A takeover is an execution like any other: each draws its own S.
    expectApplied(rows, [ROW.pSlow]);
  });

  it('with renewal: only a crashed owner is taken over, so without server crashes nothing changes', () => {
    const renewed = (s: Scenario): void => {
      intent(s);
      s.keys.lease = 2000;
      s.keys.leaseRenewal = true;
    };
    expectApplied(rowsOf(renewed), KEY_STORE);
    expectNotApplied(
      rowsOf((s) => {
        renewed(s);
        s.service.crash.probability = 0.1;
      }),
      KEY_STORE,
      "a lease (2 s): a crashed owner's record is taken over and executed again",
    );
  });

  it('is no reason where no record can be taken over: no keys, per-attempt keys, or a transaction', () => {
    for (const edit of [
      (s: Scenario) => (s.keys.scope = 'none'),
      (s: Scenario) => (s.keys.scope = 'attempt'),
      (s: Scenario) => (s.keys.transactional = true),
    ]) {
      const rows = rowsOf((s) => {
        intent(s);
        s.keys.lease = 2000;
        edit(s);
      });
      for (const row of rows) expect(row.why ?? '', row.name).not.toContain('lease');
    }
  });
});

describe('an arrival profile (MODEL.md B)', () => {
  const profile = (s: Scenario): void => {
    s.arrivals.profile = [
      { until: 30 * MINUTE, rate: 50 },
      { until: 40 * MINUTE, rate: 150 },
    ];
  };

  it('leaves the per-action closed forms applying: actions stay independent', () => {
    expectApplied(rowsOf(profile), [ROW.pSlow, ROW.q, ...SCOPE_NONE]);
  });

  it('the key-store rows name the base rate, and say the store follows the changing rate', () => {
    const rows = rowsOf((s) => {
      intent(s);
      profile(s);
    });
    expectApplied(rows, KEY_STORE);
    expect(find(rows, ROW.keysRule).formula).toBe('rate retention, rate = 50/s (the base rate), retention = 1 h');
    expect(find(rows, ROW.keys).why).toContain("the store's size follows the changing rate (keyStore.peakKeys)");
    expect(find(rows, ROW.perDay).why).toContain(
      "rate is the base rate: with an arrival profile a day's count follows",
    );
  });

  it('a profile at the base rate throughout changes nothing, not even the wording', () => {
    const flat = rowsOf((s) => {
      intent(s);
      s.arrivals.profile = [{ until: 10 * MINUTE, rate: 50 }];
    });
    expect(flat).toEqual(rowsOf(intent));
  });
});

describe('incidents (MODEL.md B)', () => {
  const incident = (s: Scenario, fields: Partial<Scenario['incidents'][number]>): void => {
    s.incidents.push({ at: 10 * MINUTE, for: 5 * MINUTE, ...fields });
  };

  it('a latency factor: P(S > T), q, the formula and the record lifetimes hold only outside the window', () => {
    const rows = rowsOf((s) => incident(s, { latencyFactor: 4 }));
    expectNotApplied(
      rows,
      [ROW.pSlow],
      'an incident changes the service time inside its window: P(S > T) holds only outside it',
    );
    expectNotApplied(rows, [ROW.q], 'q holds only outside it');
    expectNotApplied(rows, SCOPE_NONE, 'the formula holds only outside it');
    expectNotApplied(
      rowsOf((s) => {
        intent(s);
        incident(s, { latencyFactor: 4 });
      }),
      KEY_STORE,
      'the one-claim lifetime holds only outside it',
    );
  });

  it('reply loss: q and the formula, but not P(S > T) or the key store', () => {
    const rows = rowsOf((s) => {
      intent(s);
      incident(s, { replyLoss: 0.3 });
    });
    expectApplied(rows, [ROW.pSlow, ...KEY_STORE]);
    expectNotApplied(rows, [ROW.q], 'an incident changes reply loss inside its window');
  });

  it('errors and request loss in two windows: named together, on the rows they break', () => {
    const rows = rowsOf((s) => {
      incident(s, { errorRate: 0.2 });
      incident(s, { requestLoss: 0.05 });
    });
    expectNotApplied(
      rows,
      SCOPE_NONE,
      'incidents (2) change the error rate and request loss inside their windows: the formula holds only outside them',
    );
    expectApplied(rows, [ROW.pSlow]);
  });

  it('an incident that repeats the base values changes nothing', () => {
    const rows = rowsOf((s) => incident(s, { errorRate: 0, replyLoss: 0.02, latencyFactor: 1 }));
    expect(rows).toEqual(rowsOf(() => {}));
  });
});

describe('checkFirst (MODEL.md C)', () => {
  it('the scope-none expectations: skipped re-plans shrink the re-plan terms', () => {
    expectNotApplied(
      rowsOf((s) => (s.agent.checkFirst.probability = 0.5)),
      SCOPE_NONE,
      'the agent reads before a re-plan or replay (checkFirst 0.5) and skips it when it sees the commit',
    );
  });

  it('with neither re-plans nor replays there is nothing to read before', () => {
    expectApplied(
      rowsOf((s) => {
        s.agent.checkFirst.probability = 0.5;
        s.agent.replan.probability = 0;
      }),
      SCOPE_NONE,
    );
  });

  it('the replay catch fraction: skipped replays no longer measure the key store', () => {
    expectNotApplied(
      rowsOf((s) => {
        intent(s);
        s.agent.crash.probability = 0.5;
        s.agent.checkFirst.probability = 0.5;
      }),
      [ROW.replayCatch],
      'replay duplicates no longer measure the key store',
    );
  });
});

describe('a scenario without these features gets none of their reasons', () => {
  it('defaults, per-intent keys, queueing and crash replays', () => {
    const FEATURE_WORDS = /server crash|lease|incident|checkFirst|transaction|base rate|profile/;
    for (const edit of [
      () => {},
      intent,
      (s: Scenario) => {
        intent(s);
        s.service.concurrency = 8;
        s.agent.crash.probability = 0.1;
      },
    ]) {
      for (const row of rowsOf(edit)) {
        expect(row.why ?? '', row.name).not.toMatch(FEATURE_WORDS);
        expect(row.formula, row.name).not.toMatch(FEATURE_WORDS);
      }
    }
  });
});

describe('closed forms that still apply lie within the simulated interval', () => {
  it('a profile alone: P(S > T), q and the scope-none expectations (7 checks)', () => {
    const s = scenarioWith((s) => {
      s.actions = 100_000;
      // Lost actions need all four attempts of a call lost: counted in hundreds here.
      s.network.requestLoss = 0.3;
      s.network.replyLoss = 0.1;
      s.arrivals.profile = [
        { until: 5 * MINUTE, rate: 20 },
        { until: 10 * MINUTE, rate: 400 },
        { until: 20 * MINUTE, rate: 0 },
      ];
    });
    const r = simulate(s);
    const rows = explain(s, r);
    const m = r.metrics;
    const slow = m.responses.timeout.slow;
    const unknown = slow + m.responses.timeout.replyLost;
    expectInside(closed(find(rows, ROW.pSlow)), share95(slow, m.executions, FAMILY), ROW.pSlow);
    expectInside(closed(find(rows, ROW.q)), share95(unknown, m.executions, FAMILY), ROW.q);
    const metrics = [
      'attemptsPerAction',
      'executionsPerAction',
      'duplicatesPerThousand',
      'lostPerThousand',
      'unknownPerThousand',
    ];
    SCOPE_NONE.forEach((name, i) =>
      expectInside(closed(find(rows, name)), familyInterval(r, metrics[i] ?? '', FAMILY), name),
    );
  });

  it('checkFirst with neither re-plans nor replays: the duplicates and attempts (2 checks)', () => {
    const s = scenarioWith((s) => {
      s.actions = 100_000;
      s.agent.replan.probability = 0;
      s.agent.checkFirst.probability = 1;
    });
    const r = simulate(s);
    const rows = explain(s, r);
    expectInside(
      closed(find(rows, ROW.duplicates)),
      familyInterval(r, 'duplicatesPerThousand', FAMILY),
      ROW.duplicates,
    );
    expectInside(closed(find(rows, ROW.attempts)), familyInterval(r, 'attemptsPerAction', FAMILY), ROW.attempts);
  });

  it("a renewed lease and a transaction without server crashes: the exact Little's-law size (1 check)", () => {
    const s = scenarioWith((s) => {
      s.actions = 20_000;
      intent(s);
      s.keys.lease = 500;
      s.keys.leaseRenewal = true;
      s.keys.transactional = true;
    });
    const r = simulate(s);
    expectInside(
      closed(find(explain(s, r), ROW.keys)),
      familyInterval(r, 'keyStore.steadyStateKeys', FAMILY),
      ROW.keys,
    );
  });

  it('an incident that changes only the latency, outside every action (2 checks)', () => {
    // The window opens after the last action's last repeat: no attempt is sent inside it.
    const s = scenarioWith((s) => {
      s.actions = 50_000;
      s.agent.replan.probability = 0;
      s.incidents.push({ at: 100 * 60 * MINUTE, for: MINUTE, latencyFactor: 4 });
    });
    const r = simulate(s);
    const rows = explain(s, r);
    // The reason stands (explain cannot know that no action meets the window)...
    expect(find(rows, ROW.pSlow).applies).toBe(false);
    // ...while the closed form is exact outside it.
    const base = explain(
      scenarioWith((b) => (b.agent.replan.probability = 0)),
      RUN,
    );
    const m = r.metrics;
    expectInside(closed(find(base, ROW.pSlow)), share95(m.responses.timeout.slow, m.executions, FAMILY), ROW.pSlow);
    expectInside(
      closed(find(base, ROW.duplicates)),
      familyInterval(r, 'duplicatesPerThousand', FAMILY),
      'duplicates outside the window',
    );
  });
});

function closed(row: Comparison): number {
  expect(row.applies, `${row.name} applies (${row.why ?? ''})`).toBe(true);
  if (row.closedForm === null) throw new Error(`${row.name}: no closed form although it applies`);
  return row.closedForm;
}
