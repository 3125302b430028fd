// The lab picture's extended marks, drawn from a hand-built trace: a server crash before the
// effect then a retry, one after the effect that makes a duplicate, a lease takeover whose
// original owner also commits, a crash after its attempt timed out, and reads before a
// re-plan (one that saw the commit, one that did not). Each layer is in the spec only when
// the trace holds its kind of event, so a basic trace draws the chart it always drew.
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../src/model/scenario.js';
import type { TracedAction, TracedAttempt } from '../../src/model/result.js';
import { type ChartRun, labelWidth } from '../../src/report/chart.js';
import { timelineChart } from '../../src/report/run/charts/timeline.js';
import { CRASH, READ, TAKEOVER, axisPixels, placeLabels } from '../../src/report/run/charts/timeline-labels.js';
import { EXTENDED_LAYERS, SERVER_CRASH, extendedMarks } from '../../src/report/run/charts/timeline-marks.js';
import { renderSvg } from '../../src/report/svg.js';
import { attempt, countMarks } from './run/charts/runs.js';

/** Seven actions, 10 s apart (an eighth with a deleted record when asked); times relative to each arrival. */
function extendedTrace(withDeletion = false): TracedAction[] {
  const at = (action: number) => 10_000 * (action + 1);
  const a = (action: number, over: Partial<TracedAttempt>): TracedAttempt => {
    const t = at(action);
    const shift = (ms: number | null | undefined) => (ms === null || ms === undefined ? ms : t + ms);
    return attempt({
      ...over,
      sent: t + (over.sent ?? 0),
      end: t + (over.end ?? 0),
      commit: shift(over.commit) ?? null,
      ...(over.crash === undefined ? {} : { crash: { ...over.crash, at: t + over.crash.at } }),
      ...(over.deleted === undefined ? {} : { deleted: t + over.deleted }),
    });
  };
  const action = (i: number, commits: number, attempts: TracedAttempt[], checks?: TracedAction['checks']) => ({
    action: i,
    arrival: at(i),
    commits,
    attempts,
    ...(checks === undefined ? {} : { checks: checks.map((c) => ({ ...c, at: at(i) + c.at, end: at(i) + c.end })) }),
  });
  return [
    action(0, 1, [
      a(0, { sent: 5, end: 1005, outcome: 'serverCrash', crash: { at: 350, afterEffect: false } }),
      a(0, { attempt: 1, sent: 1080, end: 1400, commit: 1395 }),
    ]),
    action(1, 2, [
      a(1, { sent: 5, end: 1005, outcome: 'serverCrash', commit: 450, crash: { at: 450, afterEffect: true } }),
      a(1, { attempt: 1, sent: 1120, end: 1520, commit: 1515, duplicate: true }),
    ]),
    action(2, 2, [
      a(2, { sent: 5, end: 1005, outcome: 'slow', commit: 2300, duplicate: true }),
      a(2, { attempt: 1, sent: 1100, end: 1100, outcome: 'conflict' }),
      a(2, { attempt: 2, sent: 1600, end: 1950, commit: 1945, takeover: true }),
    ]),
    action(
      3,
      1,
      [
        a(3, { sent: 5, end: 1005, outcome: 'replyLost', commit: 300 }),
        a(3, { attempt: 1, sent: 1100, end: 2100, outcome: 'replyLost', stored: true }),
      ],
      [{ at: 24_500, end: 24_700, found: true }],
    ),
    action(
      4,
      1,
      [
        a(4, { sent: 5, end: 1005, outcome: 'requestLost' }),
        a(4, { call: 1, origin: 'replan', sent: 30_200, end: 30_500, commit: 30_495 }),
      ],
      [{ at: 30_000, end: 30_200, found: false }],
    ),
    action(5, 1, [a(5, { sent: 5, end: 320, commit: 315 })]),
    action(6, 1, [
      a(6, { sent: 5, end: 1005, outcome: 'serverCrash', crash: { at: 1400, afterEffect: false } }),
      a(6, { attempt: 1, sent: 1090, end: 1090, outcome: 'conflict' }),
      a(6, { attempt: 2, sent: 1300, end: 1620, commit: 1615, takeover: true }),
    ]),
    // A 500 after the effect under errors: delete: the record is struck out, and the retry runs again.
    ...(withDeletion
      ? [
          action(7, 2, [
            a(7, { sent: 5, end: 330, outcome: 'serverError', commit: 325, deleted: 325 }),
            a(7, { attempt: 1, sent: 400, end: 720, commit: 715, duplicate: true }),
          ]),
        ]
      : []),
  ];
}

type Kind = 'crashes' | 'takeovers' | 'reads' | 'deletions';

/** The fixture with only the extended events of `keep`: a crash taken out leaves a slow timeout. */
function keeping(...keep: Kind[]): TracedAction[] {
  const trace = extendedTrace(keep.includes('deletions'));
  return trace.map(({ checks, ...action }) => ({
    ...action,
    ...(keep.includes('reads') && checks !== undefined ? { checks } : {}),
    attempts: action.attempts.map(({ crash, takeover, deleted, ...a }) => ({
      ...a,
      outcome: a.outcome === 'serverCrash' && !keep.includes('crashes') ? ('slow' as const) : a.outcome,
      ...(keep.includes('crashes') && crash !== undefined ? { crash } : {}),
      ...(keep.includes('takeovers') && takeover !== undefined ? { takeover } : {}),
      ...(keep.includes('deletions') && deleted !== undefined ? { deleted } : {}),
    })),
  }));
}

/** What a basic run traces: the same actions with no extended event. */
const basicTrace = (): TracedAction[] => keeping();

function runOf(trace: TracedAction[], name = 'extended-fixture'): ChartRun {
  const scenario = { ...defaultScenario(), name };
  const metrics = { actions: trace.length } as ChartRun['result']['metrics'];
  return {
    scenario,
    result: { metrics, intervals: {}, detail: { trace, keyStore: [], latency: { call: [], step: [] } } },
  };
}

const NEW_LAYERS = Object.values(EXTENDED_LAYERS);

/** The names of the first panel's layers. */
function layerNames(runs: ChartRun[]): string[] {
  const spec = timelineChart(runs).spec as unknown as { vconcat: { layer: { name: string }[] }[] };
  return (spec.vconcat[0]?.layer ?? []).map((l) => l.name);
}

/** The extended layers drawn for the fixture keeping only `keep`. */
function only(...keep: Kind[]): string[] {
  return layerNames([runOf(keeping(...keep))]).filter((name) => (NEW_LAYERS as string[]).includes(name));
}

describe('extended layers are added only when the trace holds their events', () => {
  it('a basic trace: no new layer, no server-crash class, the narrow rows and the one-line caption', () => {
    const chart = timelineChart([runOf(basicTrace())]);
    const text = JSON.stringify(chart.spec);
    expect(layerNames([runOf(basicTrace())])).toEqual(['attempts', 'stored', 'commits', 'duplicates', 'calls']);
    expect(text).not.toContain(SERVER_CRASH.label);
    expect(text).toContain('"height":{"step":14}');
    expect(text).not.toMatch(/server crash|crash (before|after) effect|takeover|read:|bolt/);
    expect(chart.caption).toBe(
      'The first 7 of 7 actions: 15 attempts, 2 duplicate executions (pink), 1 stored answers (cyan).',
    );
  });

  it('crashes only: the bolts, the tail of the crash after a timeout, and their labels', () => {
    expect(only('crashes')).toEqual(['crash_tails', 'crashes', 'extended_labels']);
  });

  it('takeovers only: the black frames and their labels', () => {
    expect(only('takeovers')).toEqual(['takeovers', 'extended_labels']);
  });

  it('reads only: the grey bars and their labels', () => {
    expect(only('reads')).toEqual(['reads', 'extended_labels']);
  });

  it('all of them, in drawing order: reads, frames, tails, bolts, then the labels on top', () => {
    expect(only('crashes', 'takeovers', 'reads', 'deletions')).toEqual(NEW_LAYERS);
    expect(only('crashes', 'takeovers', 'reads')).toEqual(NEW_LAYERS.filter((name) => name !== 'deletions'));
    expect(only('deletions')).toEqual(['deletions']);
  });

  it('a server-crash outcome joins the outcome scale after the other timeouts', () => {
    const spec = JSON.stringify(timelineChart([runOf(extendedTrace())]).spec);
    expect(spec).toContain(`"timeout: lost request","${SERVER_CRASH.label}","409 conflict"`);
    expect(spec).toContain('"height":{"step":24}');
  });
});

describe('the rendered picture', () => {
  it('draws one bolt per crash, one frame per takeover, one grey bar per read, and their labels', async () => {
    const run = runOf(extendedTrace());
    const svg = await renderSvg(timelineChart([run]).spec);
    expect(countMarks(svg, 'crashes')).toBe(3);
    // A rule is drawn as a <line>, not a <path>.
    expect(svg.match(/<g class="mark-rule role-mark crash_tails_marks"[^>]*><line /g)).toHaveLength(1);
    expect(countMarks(svg, 'takeovers')).toBe(2);
    expect(countMarks(svg, 'reads')).toBe(2);
    for (const text of [CRASH.before, CRASH.after, TAKEOVER, READ.found, READ.missed]) expect(svg).toContain(text);
  });

  it('gives every panel its own marks, and the caption a second line with the counts', async () => {
    const runs = [runOf(extendedTrace()), runOf(basicTrace(), 'basic')];
    const chart = timelineChart(runs);
    expect(chart.caption).toContain('Also: 3 server crashes (red bolts), 2 lease takeovers (black frames), 2 reads');
    const svg = await renderSvg(chart.spec);
    expect(countMarks(svg, 'crashes')).toBe(3);
    expect(countMarks(svg, 'crashes_2')).toBe(-1);
  });
});

describe('labels', () => {
  const px = axisPixels({ type: 'linear', domain: [0, 10] }, 760);
  const data = extendedMarks(extendedTrace());

  it('never overlap within a row, nor cover a bolt or a call marker', () => {
    const calls = [{ action: 4, at: 30.2 }];
    const labels = placeLabels(data, calls, axisPixels({ type: 'symlog', domain: [0, 60] }, 760), 760);
    // The layout's own width estimate: DejaVu Sans advances, 20% wider for bold.
    const span = (l: (typeof labels)[number]) => {
      const x = axisPixels({ type: 'symlog', domain: [0, 60] }, 760)(l.at) + l.dx;
      const w = labelWidth(l.text, 9) * 1.2;
      return l.align === 'left' ? [x, x + w] : [x - w, x];
    };
    for (const a of labels)
      for (const b of labels)
        if (a !== b && a.action === b.action) {
          const [a0 = 0, a1 = 0] = span(a);
          const [b0 = 0, b1 = 0] = span(b);
          expect(a1 <= b0 || b1 <= a0, `${a.text} / ${b.text}`).toBe(true);
        }
    // Action 6: the crash at 1.4 s sits in the takeover's label line, so the takeover's
    // label moves to the left of its outline.
    const six = labels.filter((l) => l.action === 6);
    expect(six.map((l) => [l.text, l.align])).toEqual([
      [CRASH.before, 'left'],
      [TAKEOVER, 'right'],
    ]);
  });

  it('turn to the left of their mark where the right would run off the plot', () => {
    const late = { ...data, crashes: [{ action: 0, at: 9.9, afterEffect: false, end: 1 }], takeovers: [], reads: [] };
    expect(placeLabels(late, [], px, 760)).toEqual([
      { action: 0, at: 9.9, text: CRASH.before, kind: 'crash', align: 'right', dx: -9 },
    ]);
  });

  it('are left out where neither side is clear; the mark stays', () => {
    const crowded = {
      crashes: [
        { action: 0, at: 5, afterEffect: false, end: 1 },
        { action: 0, at: 5.1, afterEffect: true, end: 1 },
        { action: 0, at: 4.9, afterEffect: true, end: 1 },
      ],
      takeovers: [],
      reads: [],
      deletions: [],
    };
    const labels = placeLabels(crowded, [], px, 760);
    expect(labels.length).toBeLessThan(3);
    expect(labels.length).toBeGreaterThan(0);
  });
});
