// What every chart of every report shares: what a chart is to a report folder (a name, a
// title, a one-line caption and the Vega-Lite spec), the look (font, sizes, white
// background), the title with its caption, rounding that keeps specs small and
// byte-stable, and (from palette.ts) the colours several charts use for the same thing.
import type { Config, TopLevelSpec } from 'vega-lite';
import type { DetailedScenarioRun } from '../model/result.js';

/** What a run report's charts are drawn from: a scenario beside its detailed result. */
export type ChartRun = DetailedScenarioRun;

export interface Chart {
  /** File stem: NAME.vl.json, NAME.svg. */
  name: string;
  title: string;
  /** One line on what the chart shows; also the spec's `title.subtitle`. */
  caption: string;
  spec: TopLevelSpec;
  /** What to look for in it, a sentence or two after the caption on the report's page. */
  detail?: string;
}

// Vega measures text without a canvas by estimate (0.8 em a character, wider than real
// glyphs), and lays out by that estimate: titles and labels are kept short so that the
// estimate does not leave wide blank margins.

/** Families every rasterizer and browser can resolve: DejaVu on Linux, Arial elsewhere. */
export const FONT = 'DejaVu Sans, Arial, sans-serif';

/** Axis tick labels' font size, in pixels. */
export const LABEL_FONT_SIZE = 11;
/** Clear space between two tick labels, in pixels. */
const LABEL_GAP = 6;

export const CONFIG: Config = {
  font: FONT,
  view: { stroke: '#cccccc' },
  title: { fontSize: 15, subtitleFontSize: 12, subtitleColor: '#333333', anchor: 'start', offset: 12 },
  axis: {
    labelFontSize: LABEL_FONT_SIZE,
    titleFontSize: 12,
    titleFontWeight: 'normal',
    labelColor: '#222222',
    titleColor: '#222222',
    gridColor: '#eeeeee',
  },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', labelLimit: 300 },
  header: { labelFontSize: 12, titleFontSize: 12 },
};

/** The parts of a top-level spec that every chart sets the same way. */
export function frame(
  title: string,
  caption: string,
  description: string,
): Pick<TopLevelSpec, 'title' | 'description' | 'background' | 'padding' | 'config'> {
  return {
    title: { text: title, subtitle: caption },
    description,
    background: 'white',
    padding: 12,
    config: CONFIG,
  };
}

/** x to `decimals` digits after the point (the nearest double, so JSON prints it short). */
export function round(x: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r;
}

/** x to `digits` significant digits (the nearest double, so JSON prints it short and free of float noise). */
export function significant(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const r = Number(x.toPrecision(digits));
  return r === 0 ? 0 : r;
}

/** Milliseconds to seconds, kept to 0.1 ms. */
export function seconds(ms: number): number {
  return round(ms / 1000, 4);
}

/**
 * One label per run: the scenario's name, made unique with " (2)", " (3)" when the same
 * scenario appears twice (e.g. one file run with different --set overrides).
 */
export function runLabels(runs: readonly { scenario: { name: string } }[]): string[] {
  const seen = new Map<string, number>();
  return runs.map((run) => {
    const name = run.scenario.name;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

// The colours several charts use for the same thing live in palette.ts, chosen there by
// measurement; they are re-exported here under the names the charts have always imported.
export {
  DUPLICATE_PINK,
  INK,
  OUTCOME,
  OUTCOME_CLASSES,
  REPLAYED_COLOR,
  STORED_CYAN,
  type OutcomeClass,
} from './palette.js';

/**
 * A Vega labelExpr that writes each of the axis's explicit tick values as `label` gives it
 * (a number in the axis's unit, or a formatted duration); any other value keeps vega's label.
 */
export function tickLabels(values: readonly number[], label: (value: number) => string): string {
  return values.reduceRight(
    (rest, value) => `datum.value === ${value} ? '${label(value).replaceAll("'", "\\'")}' : ${rest}`,
    'datum.label',
  );
}

// DejaVu Sans advance widths in em: digits 0.636, "." "," and space 0.318, lower-case
// letters about 0.6. Closer than vega's own estimate (0.8 em for every character), which
// is why charts choose their ticks here and set labelOverlap: false.
const NARROW = new Set(['.', ',', ' ', ':', ';', 'i', 'l', 'j', 't', 'f', 'r']);

/** The drawn width of a label in pixels, estimated for DejaVu Sans. */
export function labelWidth(text: string, fontSize: number = LABEL_FONT_SIZE): number {
  let em = 0;
  for (const c of text) em += NARROW.has(c) ? 0.318 : c === 'm' || c === 'w' ? 0.95 : 0.64;
  return em * fontSize;
}

/**
 * Of an axis's explicit tick values (in order), those whose labels do not collide, `at`
 * giving a tick's position on an axis `length` pixels long: the first and last are kept,
 * and each other tick only if its label clears the kept neighbours' (on a log axis "20 min"
 * and "30 min" sit 40 px apart, so one of them goes). A label is centred on its tick,
 * except at either end of the axis, where vega-lite sets it flush inside (labelFlush).
 */
export function spacedTicks(
  values: readonly number[],
  at: (value: number) => number,
  label: (value: number) => string,
  length: number,
  fontSize: number = LABEL_FONT_SIZE,
): number[] {
  const span = (v: number): [number, number] => {
    const x = at(v);
    const w = labelWidth(label(v), fontSize);
    if (x <= FLUSH) return [x, x + w];
    if (x >= length - FLUSH) return [x - w, x];
    return [x - w / 2, x + w / 2];
  };
  const clear = (a: number, b: number): boolean => span(a)[1] + LABEL_GAP <= span(b)[0];
  const first = values[0];
  const last = values[values.length - 1];
  if (first === undefined || last === undefined || values.length <= 2) return [...values];
  const kept = [first];
  for (const v of values.slice(1, -1)) {
    const previous = kept[kept.length - 1] ?? first;
    if (clear(previous, v) && clear(v, last)) kept.push(v);
  }
  // Two ends too close for both: the last one speaks for the range.
  if (kept.length === 1 && !clear(first, last)) return [last];
  return [...kept, last];
}

/** How near an end of the axis (px) a tick has its label set flush. */
const FLUSH = 1;
