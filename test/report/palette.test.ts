// The palette's promise, measured: every two colours that can sit side by side in a chart
// stay apart for readers with normal vision and with each of the three dichromacies
// (Machado et al. 2009, severity 1.0), or carry distinct second cues; the old palette,
// which merged "ok" with "lost reply" and 409 with 422 under deuteranopia, would fail.
//
// The threshold: ΔE2000 >= 15 under every vision. CIEDE2000 was fitted to large patches side
// by side, where a difference near 1 is just noticeable; the marks here are small (bars
// 9.8 px tall, 2 px slivers, dots 8 px across), and the difference needed to tell small
// marks apart grows as they shrink (Stone, Szafir and Setlur 2014). 15 is what the old
// palette gave its nearest pair under normal vision (dark red beside brown: 18) less a
// margin: a reader with a deficiency gets about the separation everyone else had.
import { describe, expect, it } from 'vitest';
import {
  ATTEMPT,
  COLOR,
  COLOR_WORDS,
  DUPLICATE_PINK,
  EXECUTION_WHITE,
  OUTCOME_CUE,
  REPLAYED_COLOR,
  STORED_CYAN,
  type AttemptClass,
  type ColorName,
  contrast,
} from '../../src/report/palette.js';
import { charts } from '../../src/report/run/charts/index.js';
import { INCIDENT_FILL } from '../../src/report/run/charts/time-series-parts.js';
import {
  VISIONS,
  type Vision,
  deltaE2000,
  difference,
  hex,
  lch,
  linear,
  scaleFailures,
  seen,
  simulate,
} from './colour-vision.js';
import { scenarioRun } from './run/charts/runs.js';
import { extendedRun } from './extended-fixture.js';
import { RETENTION_COLORS } from '../../src/report/figures/charts/retention.js';
import { RETRIES_COLORS } from '../../src/report/figures/charts/retries.js';
import { TIMEOUT_COLORS } from '../../src/report/figures/charts/timeout.js';

const MIN_DE = 15;

const CLASSES = Object.keys(ATTEMPT) as AttemptClass[];
const BARS = Object.fromEntries(CLASSES.map((k) => [k, ATTEMPT[k].color])) as Record<AttemptClass, string>;

/** The colours `bars` had before this palette (src/report/chart.ts, timeline-marks.ts). */
const OLD: Record<AttemptClass, string> = {
  ok: '#2ca02c',
  slow: '#f0a202',
  replyLost: '#e31a1c',
  requestLost: '#7f0000',
  serverCrash: '#8c564b',
  conflict: '#1f5fbf',
  mismatch: '#7b3fbf',
  rejected: '#8c8c8c',
  serverError: '#333333',
};

type Pair = [string, string];
type Named = Record<string, string>;

/** Every pair of a set of named colours that sit side by side. */
function pairs(set: Named): Pair[] {
  const names = Object.keys(set);
  return names.flatMap((a, i) => names.slice(i + 1).map((b): Pair => [a, b]));
}
/** Every colour of one set beside every colour of another (markers on bars). */
function across(a: Named, b: Named): Pair[] {
  return Object.keys(a).flatMap((x) => Object.keys(b).map((y): Pair => [x, y]));
}

interface Failure {
  pair: string;
  vision: Vision;
  deltaE: number;
}

/** The pairs closer than MIN_DE under some vision, colours looked up in `colors`. */
function tooClose(colors: Named, candidates: readonly Pair[]): Failure[] {
  return candidates.flatMap(([a, b]) =>
    VISIONS.flatMap((vision) => {
      const deltaE = difference(colors[a] ?? '', colors[b] ?? '', vision);
      return deltaE < MIN_DE ? [{ pair: `${a}/${b}`, vision, deltaE: Math.round(deltaE * 10) / 10 }] : [];
    }),
  );
}

/** Two attempt classes have distinct cues: different dashes on their outlines. */
function distinctCues(a: AttemptClass, b: AttemptClass): boolean {
  const [x, y] = [OUTCOME_CUE[a], OUTCOME_CUE[b]];
  return JSON.stringify(x.dash) !== JSON.stringify(y.dash);
}

const MARKERS: Named = { execution: EXECUTION_WHITE, duplicate: DUPLICATE_PINK, stored: STORED_CYAN };

/** The sets of colours each chart draws side by side, by the palette's names. */
const SIDE_BY_SIDE: Record<string, Named> = {
  // timeline.ts: attempt bars in one row; responses.ts adds the stored 200's own bar.
  'attempt bars and the response mix': { ...BARS, replayed: REPLAYED_COLOR },
  'the service markers': MARKERS,
  'duplicates by source (duplicates.ts)': { transport: COLOR.blue, replan: COLOR.amber, replay: COLOR.purple },
  'latency (latency.ts)': { call: COLOR.blue, step: COLOR.purple, timeout: COLOR.red },
  'time series, load': { arrivals: COLOR.grey, attempts: COLOR.blue, executions: COLOR.green },
  'time series, answers': { conflicts: COLOR.blue, stored: COLOR.cyan, mismatches: COLOR.purple },
  'time series, harm': { duplicates: COLOR.pink, unknown: COLOR.red, crashes: COLOR.brown },
  'presets and handlers': { given: COLOR.nearBlack, client: COLOR.red, intent: COLOR.blue },
  'recommend pareto': { recommended: COLOR.pink, front: COLOR.blue, feasible: COLOR.lightGreen, not: COLOR.grey },
  // The article's figures (idemsim figures), from the colours their modules draw with.
  'figure 1, timeout (figures)': Object.fromEntries(TIMEOUT_COLORS.map((c, i) => [`line ${i}`, c])),
  'figure 2, retries (figures)': Object.fromEntries(RETRIES_COLORS.map((c, i) => [`${i} retries`, c])),
  'figure 4, retention (figures)': { ...RETENTION_COLORS },
  'figure 5, worked example (figures)': { left: DUPLICATE_PINK, removed: COLOR.green },
};

describe('the colour science the test rests on', () => {
  it("computes CIEDE2000 as Sharma, Wu and Dalal's test pairs give it", () => {
    const cases: [[number, number, number], [number, number, number], number][] = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
      [[50, 2.5, 0], [50, 3.1736, 0.5854], 1.0],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
    ];
    for (const [a, b, expected] of cases) expect(deltaE2000(a, b)).toBeCloseTo(expected, 4);
  });

  it('leaves greys grey under each simulation (each matrix row sums to 1)', () => {
    for (const vision of VISIONS)
      for (const grey of ['#ffffff', '#808080', '#222222'])
        expect(deltaE2000(seen(grey, 'normal'), seen(grey, vision))).toBeLessThan(0.5);
  });

  it('makes red and green one colour for a deuteranope, and not for a tritanope', () => {
    expect(difference('#ff0000', '#00ff00', 'deuteranopia')).toBeLessThan(
      difference('#ff0000', '#00ff00', 'normal') / 3,
    );
    // Full deuteranopia leaves pure blue blue: only the long and middle cones merge.
    const blue = simulate(linear('#0000ff'), 'deuteranopia');
    expect(blue[2]).toBeGreaterThan(0.9);
    expect(difference('#ff0000', '#00ff00', 'tritanopia')).toBeGreaterThan(MIN_DE);
  });
});

describe('the old palette would have caught the issue', () => {
  it('merges ok with lost reply, and 409 with 422, under deuteranopia', () => {
    expect(difference(OLD.ok, OLD.replyLost, 'deuteranopia')).toBeCloseTo(4.7, 1);
    expect(difference(OLD.conflict, OLD.mismatch, 'deuteranopia')).toBeCloseTo(1.3, 1);
    const failures = tooClose(OLD, pairs(OLD)).filter((f) => f.vision === 'deuteranopia');
    expect(failures.map((f) => f.pair)).toEqual(expect.arrayContaining(['ok/replyLost', 'conflict/mismatch']));
  });
});

describe(`the palette keeps side-by-side colours ΔE2000 >= ${MIN_DE} apart under every vision`, () => {
  for (const [chart, set] of Object.entries(SIDE_BY_SIDE))
    it(chart, () => {
      expect(tooClose(set, pairs(set))).toEqual([]);
    });

  it('the time series lines on the white of the plot and on an incident’s shading', () => {
    const lines = ['load', 'answers', 'harm'].reduce<Named>(
      (all, panel) => ({ ...all, ...SIDE_BY_SIDE[`time series, ${panel}`] }),
      {},
    );
    const grounds = { white: COLOR.white, incident: INCIDENT_FILL };
    expect(tooClose({ ...lines, ...grounds }, across(lines, grounds))).toEqual([]);
  });

  it('the service markers on every bar they can sit on', () => {
    expect(tooClose({ ...MARKERS, ...BARS }, across(MARKERS, BARS))).toEqual([]);
  });

  it('keeps a margin over the threshold: the nearest pair of bars per vision, as measured when chosen', () => {
    const set = SIDE_BY_SIDE['attempt bars and the response mix'] ?? {};
    const nearest = (vision: Vision) =>
      Math.min(...pairs(set).map(([a, b]) => difference(set[a] ?? '', set[b] ?? '', vision)));
    expect(nearest('normal')).toBeGreaterThan(17.5);
    expect(nearest('protanopia')).toBeGreaterThan(15.5);
    expect(nearest('deuteranopia')).toBeGreaterThan(16.5);
    expect(nearest('tritanopia')).toBeGreaterThan(15.5);
  });

  it('sets 409 and 422 apart by lightness too, not by hue alone (a 2 px sliver carries no dash)', () => {
    for (const vision of VISIONS) {
      const [conflict, mismatch] = [seen(BARS.conflict, vision), seen(BARS.mismatch, vision)];
      expect(Math.abs(conflict[0] - mismatch[0])).toBeGreaterThanOrEqual(15);
    }
  });
});

describe('the second cue', () => {
  const timeouts = CLASSES.filter((k) => ATTEMPT[k].label.startsWith('timeout:'));

  it('outlines every timeout in dashes of its own, and no answer', () => {
    expect(timeouts).toEqual(['slow', 'replyLost', 'requestLost', 'serverCrash']);
    for (const k of CLASSES) expect(OUTCOME_CUE[k].dash.length > 0).toBe(timeouts.includes(k));
    for (const [a, b] of pairs(Object.fromEntries(timeouts.map((k) => [k, k]))))
      expect(distinctCues(a as AttemptClass, b as AttemptClass)).toBe(true);
  });

  it('draws the dashes in a colour that contrasts 3:1 with the background under every vision (WCAG 1.4.11)', () => {
    // Half the 2 px outline lies outside the bar, on the chart's white.
    for (const k of timeouts)
      for (const vision of VISIONS) {
        const stroke = hex(simulate(linear(OUTCOME_CUE[k].stroke), vision));
        expect(contrast(COLOR.white, stroke), `${k} under ${vision}`).toBeGreaterThanOrEqual(3);
        expect(OUTCOME_CUE[k].width).toBeGreaterThanOrEqual(2);
      }
  });

  it('sets apart, by a cue, every pair of classes colour alone would not (there is none today)', () => {
    const unseparated = tooClose(BARS, pairs(BARS)).filter(
      (f) => !distinctCues(...(f.pair.split('/') as [AttemptClass, AttemptClass])),
    );
    expect(unseparated).toEqual([]);
  });

  it('would set apart the old palette’s merged timeout pairs by their dashes', () => {
    const merged = tooClose(OLD, pairs(OLD)).map((f) => f.pair.split('/') as [AttemptClass, AttemptClass]);
    const timeoutPairs = merged.filter(([a, b]) => timeouts.includes(a) !== timeouts.includes(b));
    expect(timeoutPairs.length).toBeGreaterThan(0);
    for (const [a, b] of timeoutPairs) expect(distinctCues(a, b)).toBe(true);
  });
});

describe('the names the article gives the colours', () => {
  // CIELCh hue (degrees) and limits each name stands for.
  const NAMED: Partial<Record<ColorName, (c: { L: number; C: number; h: number }) => boolean>> = {
    green: (c) => c.h >= 130 && c.h <= 170 && c.C >= 35,
    lightGreen: (c) => c.h >= 120 && c.h <= 170 && c.L >= 75,
    amber: (c) => c.h >= 60 && c.h <= 90 && c.C >= 50,
    red: (c) => c.h >= 25 && c.h <= 50 && c.C >= 60,
    darkRed: (c) => c.h >= 20 && c.h <= 45 && c.L <= 30,
    brown: (c) => c.h >= 30 && c.h <= 70 && c.C <= 45 && c.L <= 55,
    blue: (c) => c.h >= 250 && c.h <= 290,
    purple: (c) => c.h >= 290 && c.h <= 330,
    pink: (c) => c.h >= 330 && c.h <= 360 && c.L >= 55,
    cyan: (c) => c.h >= 195 && c.h <= 235 && c.L >= 65,
    grey: (c) => c.C < 3,
    nearBlack: (c) => c.C < 3 && c.L < 30,
  };

  it('draws each outcome in the hue its name says', () => {
    for (const [name, fits] of Object.entries(NAMED)) {
      const colour = COLOR[name as ColorName];
      expect(fits(lch(colour)), `${COLOR_WORDS[name as ColorName]} ${colour}`).toBe(true);
    }
  });
});

describe('every colour scale of the run report', () => {
  const runSets = {
    'an intent-keyed run': () => [scenarioRun('refunds-3-intent-key', 'eventful')],
    'a crashing service': () => [scenarioRun('crash-stuck-no-lease', 'eventful')],
    'an extended run with a time series': () => [extendedRun()],
  };
  for (const [name, runs] of Object.entries(runSets))
    it(`keeps its colours apart or cued: ${name}`, () => {
      const drawn = charts(runs());
      expect(drawn.length).toBeGreaterThan(3);
      for (const chart of drawn) expect(scaleFailures(chart.spec, MIN_DE), chart.name).toEqual([]);
    });

  it('would have failed the old colours, even with the new dashes: 409 and 422 carry none', () => {
    const run = scenarioRun('crash-stuck-no-lease', 'eventful');
    let spec = JSON.stringify(charts([run])[0]?.spec);
    for (const k of CLASSES) spec = spec.replaceAll(`"${BARS[k]}"`, `"${OLD[k]}"`);
    const failures = scaleFailures(JSON.parse(spec), MIN_DE);
    expect(failures).toContain(`${OLD.conflict}/${OLD.mismatch} under deuteranopia`);
    // ok beside lost reply is merged in colour, but the lost reply's dashes tell them apart.
    expect(failures.filter((f) => f.startsWith(`${OLD.ok}/${OLD.replyLost}`))).toEqual([]);
  });

  it('draws the timeline bars in the palette, with each timeout’s dashes in the legend', () => {
    const spec = JSON.stringify(charts([scenarioRun('crash-stuck-no-lease', 'eventful')])[0]?.spec);
    for (const k of CLASSES.filter((c) => c !== 'serverError')) expect(spec).toContain(`"${ATTEMPT[k].color}"`);
    expect(spec).toContain(`"strokeDash":{"field":"outcome"`);
    expect(spec).toContain(JSON.stringify(OUTCOME_CUE.slow.dash));
  });
});
