// Where the lab picture writes its extended labels ("crash after effect", "⇄ takeover",
// "read: saw the commit", "retry refused (throttle)"): in the line above each action's bar,
// left or right of the mark, and only where the text clears every other label, crash bolt,
// refusal cross and call marker of that row. A label that would collide is left out; its
// mark (bolt, black frame, grey bar, cross) still says what happened, and the
// description says how to read it.
import { INK, labelWidth } from '../../chart.js';
import { COLOR } from '../../palette.js';
import type { ExtendedMarks, RefusalRow } from './timeline-data.js';

export const LABEL_SIZE = 9;
/** The crash bolts and their labels: the palette's red, which a lightning shape sets apart from a bar. */
export const CRASH_RED = COLOR.red;
export const READ_GREY = COLOR.slate;

export const CRASH = { before: 'crash before effect', after: 'crash after effect' } as const;
export const READ = { found: 'read: saw the commit', missed: 'read: no commit yet' } as const;
export const TAKEOVER = '⇄ takeover';
export const REFUSED = { budget: 'retry refused (budget)', throttle: 'retry refused (throttle)' } as const;
/** A refusal's cross sits this far right of its attempt's end, px, clear of the bar's last pixels. */
export const REFUSAL_OFFSET = 5;

// A refusal's label is ink, the colour LABEL_COLOR gives any kind it does not name.
const Kind = { crash: 'crash', takeover: 'takeover', read: 'read', refusal: 'refusal' } as const;
type Kind = keyof typeof Kind;

/** Each kind's colour, as a vega expression on the label's datum. */
export const LABEL_COLOR = `datum.kind === '${Kind.crash}' ? '${CRASH_RED}' : datum.kind === '${Kind.read}' ? '${READ_GREY}' : '${INK}'`;

/** A label to draw: `at` in seconds (the mark's instant), `dx` and `align` in pixels from it. */
export interface LabelRow {
  action: number;
  at: number;
  text: string;
  kind: Kind;
  align: 'left' | 'right';
  dx: number;
}

/** The marks of a row the labels must not cover: crash bolts, refusal crosses and new-call markers, ±HALF px. */
const HALF = 5;
/** Clear space between a label and anything else, px. */
const GAP = 3;
// Bold DejaVu Sans runs wider than labelWidth's regular advances, and ⇄ is wider than a letter.
const BOLD = 1.2;

/** Where `s` seconds sit on a time axis `width` px long (vega's symlog, constant 1: log(1 + s)). */
export function axisPixels(
  scale: { type: 'linear' | 'symlog'; domain: [number, number] },
  width: number,
): (s: number) => number {
  const f = scale.type === 'symlog' ? Math.log1p : (s: number) => s;
  const [low, high] = scale.domain;
  return (s) => (width * (f(s) - f(low))) / (f(high) - f(low));
}

interface Candidate {
  action: number;
  at: number;
  text: string;
  kind: Kind;
  /** Gap from the mark when the label goes to its right (positive) or left (negative), px. */
  side: number;
}

/**
 * The labels that fit, for a panel whose x axis puts `s` seconds at px(s) on a plot `width`
 * wide; `calls` are the instants of each row's new-call markers, `refusals` the calls whose
 * retry was refused (one label a row). Crashes are placed first, then refusals, then reads,
 * then takeovers (whose frame reads best without words).
 */
export function placeLabels(
  data: ExtendedMarks,
  calls: readonly { action: number; at: number }[],
  px: (s: number) => number,
  width: number,
  refusals: readonly RefusalRow[] = [],
): LabelRow[] {
  const taken = new Map<number, [number, number][]>();
  const take = (action: number, span: [number, number]): void => {
    taken.set(action, [...(taken.get(action) ?? []), span]);
  };
  for (const c of [...data.crashes, ...calls]) take(c.action, [px(c.at) - HALF, px(c.at) + HALF]);
  for (const r of refusals) {
    const x = px(r.at) + REFUSAL_OFFSET;
    take(r.action, [x - HALF, x + HALF]);
  }
  const candidates: Candidate[] = [
    ...data.crashes.map((c) => ({
      action: c.action,
      at: c.at,
      text: c.afterEffect ? CRASH.after : CRASH.before,
      kind: Kind.crash,
      side: HALF + GAP + 1,
    })),
    // Right of the cross, which sits just past the attempt's end.
    ...refusals.map((r) => ({
      action: r.action,
      at: r.at,
      text: REFUSED[r.by],
      kind: Kind.refusal,
      side: REFUSAL_OFFSET + HALF + GAP + 1,
    })),
    // A read comes after a pause with nothing in the row: its label goes there, on the left.
    ...data.reads.map((r) => ({
      action: r.action,
      at: r.start,
      text: r.found ? READ.found : READ.missed,
      kind: Kind.read,
      side: -(HALF + GAP + 1),
    })),
    ...data.takeovers.map((t) => ({
      action: t.action,
      at: t.start,
      text: TAKEOVER,
      kind: Kind.takeover,
      side: HALF + GAP + 1,
    })),
  ];
  const placed: LabelRow[] = [];
  // A throttled run refuses call after call: one label a row, the legend names the rest.
  const refusalLabelled = new Set<number>();
  for (const c of candidates) {
    if (c.kind === Kind.refusal && refusalLabelled.has(c.action)) continue;
    const x = px(c.at);
    const w = labelWidth(c.text, LABEL_SIZE) * BOLD;
    // The preferred side, or the other one where the preferred runs off the plot.
    const sides = [c.side, -c.side];
    for (const side of sides) {
      const span: [number, number] = side > 0 ? [x + side, x + side + w] : [x + side - w, x + side];
      if (span[0] < 0 || span[1] > width) continue;
      const clear = (taken.get(c.action) ?? []).every(([a, b]) => span[1] + GAP <= a || b + GAP <= span[0]);
      if (!clear) continue;
      take(c.action, span);
      if (c.kind === Kind.refusal) refusalLabelled.add(c.action);
      placed.push({
        action: c.action,
        at: c.at,
        text: c.text,
        kind: c.kind,
        align: side > 0 ? 'left' : 'right',
        dx: side,
      });
      break;
    }
  }
  return placed;
}
