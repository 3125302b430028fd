// Every categorical colour the charts draw, under the name the article, the captions and
// the docs give it, and the second cue an attempt's outcome carries besides its colour.
// Chosen by measurement, not by name (test/report/palette.test.ts): any two colours that
// can sit side by side in one chart stay at least ΔE2000 15 apart under normal vision and
// under simulated protanopia, deuteranopia and tritanopia. The lab picture does not rest
// on colour alone either: each kind of timeout is outlined in dashes of its own.

/** The swatches, by name. */
export const COLOR = {
  green: '#50a46e',
  lightGreen: '#a7e3ae',
  amber: '#ffc93c',
  red: '#f84a10',
  darkRed: '#560a02',
  brown: '#914a36',
  blue: '#1a4889',
  purple: '#aa48ea',
  grey: '#727272',
  nearBlack: '#3d3d3d',
  pink: '#ee7cb5',
  cyan: '#48dcfe',
  white: '#ffffff',
  /** The reads an agent makes before it repeats: a neutral that is not an outcome's grey. */
  slate: '#5f6b7a',
  /** Text, outlines and rules. */
  ink: '#222222',
} as const;
export type ColorName = keyof typeof COLOR;

/** Each swatch as captions and docs name it. */
export const COLOR_WORDS: Record<ColorName, string> = {
  green: 'green',
  lightGreen: 'light green',
  amber: 'amber',
  red: 'red',
  darkRed: 'dark red',
  brown: 'brown',
  blue: 'blue',
  purple: 'purple',
  grey: 'grey',
  nearBlack: 'near-black',
  pink: 'pink',
  cyan: 'cyan',
  white: 'white',
  slate: 'slate grey',
  ink: 'black',
};

export const INK = COLOR.ink;

/** A category a chart colours: its label in the chart and its swatch. */
interface Category {
  label: string;
  name: ColorName;
  color: string;
}
const category = <L extends string, N extends ColorName>(label: L, name: N) =>
  ({ label, name, color: COLOR[name] }) as const;

/** Attempt outcome classes as the timeline and the response mix draw them. */
export const OUTCOME = {
  ok: category('ok (200)', 'green'),
  slow: category('timeout: slow reply', 'amber'),
  replyLost: category('timeout: lost reply', 'red'),
  requestLost: category('timeout: lost request', 'darkRed'),
  conflict: category('409 conflict', 'blue'),
  mismatch: category('422 mismatch', 'purple'),
  rejected: category('503 rejected', 'grey'),
} as const satisfies Record<string, Category>;
export type OutcomeClass = keyof typeof OUTCOME;
export const OUTCOME_CLASSES = Object.keys(OUTCOME) as readonly OutcomeClass[];

/** A timeout because the execution's worker died: no reply ever left (its own outcome class). */
export const SERVER_CRASH = category('timeout: server crashed', 'brown');

/** A 500 (MODEL.md F): the execution failed, or the key store answered the error it kept. */
export const SERVER_ERROR = category('500 server error', 'nearBlack');

/** Every class an attempt bar can have, in the order the lab picture's legend lists them. */
export const ATTEMPT = {
  ok: OUTCOME.ok,
  slow: OUTCOME.slow,
  replyLost: OUTCOME.replyLost,
  requestLost: OUTCOME.requestLost,
  serverCrash: SERVER_CRASH,
  conflict: OUTCOME.conflict,
  mismatch: OUTCOME.mismatch,
  rejected: OUTCOME.rejected,
  serverError: SERVER_ERROR,
} as const satisfies Record<string, Category>;
export type AttemptClass = keyof typeof ATTEMPT;

/** A stored 200 (`replayed`): ok to the client, drawn in a lighter green where it is its own share. */
export const REPLAYED_COLOR = COLOR.lightGreen;
/** The service's markers on the lab picture's bars: executions, duplicate executions, stored answers. */
export const EXECUTION_WHITE = COLOR.white;
export const DUPLICATE_PINK = COLOR.pink;
export const STORED_CYAN = COLOR.cyan;

/** WCAG 2's relative luminance of an sRGB colour `#rrggbb`. */
export function luminance(hex: string): number {
  const channel = (at: number): number => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2's contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** Ink or white, whichever stands out more on `fill`: for text drawn on it. */
export function inkOn(fill: string): string {
  return contrast(fill, INK) >= contrast(fill, COLOR.white) ? INK : COLOR.white;
}

/**
 * An outcome's second cue, as data any renderer can draw (vega-lite here, a canvas
 * elsewhere): the bar's outline, `width` px wide, in `stroke`, dashed `dash` px on and off
 * (`[]`: solid, as canvas's setLineDash takes it). A plain bar is outlined in its own colour,
 * which also gives an answer that took no time a visible sliver; a timeout, whose end is the
 * client giving up rather than an answer, in dashes of ink, each kind its own dash. Half the
 * outline lies outside the bar, on the white background, where ink shows whatever the fill.
 */
export interface Cue {
  dash: readonly number[];
  stroke: string;
  width: number;
  /** The cue in words, for captions and docs. */
  words: string;
}

/** Every outline's width, px. */
export const OUTLINE_WIDTH = 2;
const plain = (fill: string): Cue => ({ dash: [], stroke: fill, width: OUTLINE_WIDTH, words: 'solid' });
const dashed = (dash: readonly number[], words: string): Cue => ({ dash, stroke: INK, width: OUTLINE_WIDTH, words });

export const OUTCOME_CUE: Record<AttemptClass, Cue> = {
  ok: plain(ATTEMPT.ok.color),
  slow: dashed([7, 3], 'long dashes'),
  replyLost: dashed([3, 2], 'short dashes'),
  requestLost: dashed([1, 2], 'dots'),
  serverCrash: dashed([7, 2, 2, 2], 'dash-dot'),
  conflict: plain(ATTEMPT.conflict.color),
  mismatch: plain(ATTEMPT.mismatch.color),
  rejected: plain(ATTEMPT.rejected.color),
  serverError: plain(ATTEMPT.serverError.color),
};

/** A cue's dash as vega draws it into SVG: a solid outline as [1, 0], where an empty array is no value. */
export function vegaDash(cue: Cue): number[] {
  return cue.dash.length === 0 ? [1, 0] : [...cue.dash];
}
