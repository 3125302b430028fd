// The lab picture's extended marks (MODEL.md, A and C): the service's worker dying
// mid-execution, an attempt that took a record over when its lease ran out, and the reads
// an agent makes before it repeats. Each is drawn only where the trace holds one, so a
// trace without them gives the chart it gave before they existed, byte for byte.
import type { Field } from 'vega-lite/types_unstable/channeldef.js';
import type { UnitSpec } from 'vega-lite/types_unstable/spec/index.js';
import type { TracedAction, TracedAttempt } from '../../../model/result.js';
import { INK, OUTCOME, seconds } from '../../chart.js';
import { type AttemptClass, ATTEMPT, OUTCOME_CUE, SERVER_CRASH, SERVER_ERROR, vegaDash } from '../../palette.js';
import { type LabelRow, LABEL_COLOR, LABEL_SIZE, CRASH_RED, READ_GREY } from './timeline-labels.js';
import { maxOf } from '../../../stats/extent.js';
import type { ExtendedMarks } from './timeline-data.js';

/** Layer names (suffixed per panel as the timeline's own are); only layers with data are drawn. */
export const EXTENDED_LAYERS = {
  reads: 'reads',
  takeovers: 'takeovers',
  crashTails: 'crash_tails',
  crashes: 'crashes',
  deletions: 'deletions',
  labels: 'extended_labels',
} as const;
export type ExtendedLayer = keyof typeof EXTENDED_LAYERS;

// The two classes only extended runs have, defined with the others in palette.ts.
export { SERVER_CRASH, SERVER_ERROR };

/** How the client heard an attempt end, as the outcome scale labels it. */
export function outcomeLabel(a: TracedAttempt): string {
  if (a.outcome === 'serverCrash') return SERVER_CRASH.label;
  if (a.outcome === 'serverError') return SERVER_ERROR.label;
  return OUTCOME[a.outcome === 'replayed' ? 'ok' : a.outcome].label;
}

export function tracesServerCrash(trace: readonly TracedAction[]): boolean {
  return trace.some((t) => t.attempts.some((a) => a.outcome === 'serverCrash'));
}

/** Some traced attempt got a 500. */
export function tracesServerError(trace: readonly TracedAction[]): boolean {
  return trace.some((t) => t.attempts.some((a) => a.outcome === 'serverError'));
}

/** The outcome scales: each class's label, fill, and its cue's outline colour and dash. */
export interface OutcomeScales {
  domain: string[];
  range: string[];
  strokes: string[];
  dashes: number[][];
}

/**
 * The outcome scales; the server-crash class joins them (after the other timeouts) and the
 * 500 class (after the 503s) only where traced.
 */
export function outcomeScale(serverCrash: boolean, serverError = false): OutcomeScales {
  const classes = (Object.keys(ATTEMPT) as AttemptClass[]).filter(
    (k) => (k !== 'serverCrash' || serverCrash) && (k !== 'serverError' || serverError),
  );
  return {
    domain: classes.map((k) => ATTEMPT[k].label),
    range: classes.map((k) => ATTEMPT[k].color),
    strokes: classes.map((k) => OUTCOME_CUE[k].stroke),
    dashes: classes.map((k) => vegaDash(OUTCOME_CUE[k])),
  };
}

/**
 * An attempt bar's fill and dash, one channel each on the outcome field (with one title,
 * vega-lite joins them in one legend, whose swatches show the dashes as the bars do), and
 * its outline colour as a mark property: the stroke channel is the refusal crosses' legend.
 * Vega-Lite copies the property into the legend, whose datum is an entry: its `value` is
 * the outcome.
 */
export function outcomeEncoding(scales: OutcomeScales) {
  const channel = (range: string[] | number[][]) =>
    ({ field: 'outcome', type: 'nominal', scale: { domain: scales.domain, range }, title: 'attempt outcome' }) as const;
  const at = `indexof(${JSON.stringify(scales.domain)}, datum.outcome || datum.value)`;
  return {
    stroke: { expr: `${JSON.stringify(scales.strokes)}[${at}]` },
    encoding: { color: channel(scales.range), strokeDash: channel(scales.dashes) },
  };
}
export type OutcomeEncoding = ReturnType<typeof outcomeEncoding>;

/** "timeouts outlined in dashes (long dashes: slow reply, ...)", for the classes of `scales`. */
export function cueWords(scales: OutcomeScales): string {
  const timeouts = (Object.keys(ATTEMPT) as AttemptClass[]).filter(
    (k) => OUTCOME_CUE[k].dash.length > 0 && scales.domain.includes(ATTEMPT[k].label),
  );
  const each = timeouts.map((k) => `${OUTCOME_CUE[k].words}: ${ATTEMPT[k].label.replace(/^timeout: /, '')}`);
  return `timeouts outlined in dashes (${each.join(', ')})`;
}

/** Said only where a record was deleted, so pictures without one keep their words. */
export const DELETION_DESCRIPTION =
  'Dark crosses mark key records the handler deleted when an execution failed (errors: delete): the next attempt executes again.';

export const EXTENDED_DESCRIPTION =
  'Red lightning bolts mark the service worker crashing (filled after the effect committed, hollow before), ' +
  'black frames attempts that took a record over when its lease ran out, and thin grey bars the reads the agent made before repeating.';

export function extendedMarks(trace: readonly TracedAction[]): ExtendedMarks {
  const since = (action: TracedAction, ms: number): number => seconds(ms - action.arrival);
  function attempts<R>(pick: (a: TracedAttempt, t: TracedAction) => R | undefined): R[] {
    return trace.flatMap((t) => t.attempts.flatMap((a) => pick(a, t) ?? []));
  }
  return {
    crashes: attempts((a, t) =>
      a.crash === undefined
        ? undefined
        : { action: t.action, at: since(t, a.crash.at), afterEffect: a.crash.afterEffect, end: since(t, a.end) },
    ),
    deletions: attempts((a, t) =>
      a.deleted === undefined ? undefined : { action: t.action, at: since(t, a.deleted) },
    ),
    takeovers: attempts((a, t) =>
      a.takeover === true ? { action: t.action, start: since(t, a.sent), end: since(t, a.end) } : undefined,
    ),
    reads: trace.flatMap((t) =>
      (t.checks ?? []).map((c) => ({ action: t.action, start: since(t, c.at), end: since(t, c.end), found: c.found })),
    ),
  };
}

export function hasExtendedMarks(data: ExtendedMarks): boolean {
  return data.crashes.length + data.takeovers.length + data.reads.length + data.deletions.length > 0;
}

/** The latest instant an extended mark reaches (a crash can come after its attempt's timeout). */
export function extendedEnd(data: ExtendedMarks): number {
  return Math.max(
    0,
    maxOf(data.crashes.map((c) => c.at)),
    maxOf(data.reads.map((r) => r.end)),
    maxOf(data.deletions.map((d) => d.at)),
  );
}

/** "Also: 3 server crashes (red bolts), 1 lease takeover (black frame)", then `more`, or '' when none. */
export function extendedCaption(data: readonly ExtendedMarks[], more: readonly string[] = []): string {
  const total = (pick: (d: ExtendedMarks) => readonly unknown[]): number =>
    data.reduce((n, d) => n + pick(d).length, 0);
  const n = (count: number, one: string, many: string): string | false =>
    count > 0 && `${count} ${count === 1 ? one : many}`;
  const parts = [
    n(
      total((d) => d.crashes),
      'server crash (red bolt)',
      'server crashes (red bolts)',
    ),
    n(
      total((d) => d.takeovers),
      'lease takeover (black frame)',
      'lease takeovers (black frames)',
    ),
    n(
      total((d) => d.reads),
      'read before a repeat (grey bar)',
      'reads before a repeat (grey bars)',
    ),
    n(
      total((d) => d.deletions),
      'key record deleted after a 500 (cross)',
      'key records deleted after a 500 (crosses)',
    ),
  ].filter((part): part is string => part !== false);
  parts.push(...more);
  return parts.length === 0 ? '' : `Also: ${parts.join(', ')}.`;
}

// A lightning bolt in vega's shape space ([-1, 1], y down): filled where the effect had
// committed before the worker died, hollow where it had not.
const BOLT = 'M0.3,-1L-0.6,0.12L-0.02,0.12L-0.3,1L0.62,-0.18L0.04,-0.18Z';
// A diagonal cross: the record struck out.
const STRUCK = 'M-1,-1L1,1M-1,1L1,-1';
// A takeover's frame: 1.3 bands tall (1.5 px above and below a bar 9.8 px tall, under the
// label line) and 3 px past either end.
const FRAME = { band: 1.3, x: 3 };
/** The extended labels' baseline above the bar's top edge, px: clear of a takeover's frame. */
const LABEL_LIFT = 3;

/** The extended layers for one panel, each only where it has data; `labels` from placeLabels. */
export function extendedLayers(
  data: ExtendedMarks,
  labels: readonly LabelRow[],
  y: object,
  name: (layer: ExtendedLayer) => string,
): UnitSpec<Field>[] {
  const x = (field: string) => ({ field, type: 'quantitative' }) as const;
  const top = { ...y, bandPosition: 0 };
  const layers: UnitSpec<Field>[] = [];
  if (data.reads.length > 0)
    layers.push({
      name: name('reads'),
      data: { values: data.reads },
      // A short thick bar through the row's middle: a read, not a tool call.
      mark: { type: 'rect', height: 6, color: READ_GREY, stroke: READ_GREY, strokeWidth: 2, aria: false },
      encoding: { x: x('start'), x2: { field: 'end' }, y: { ...y, bandPosition: 0.5 } },
    });
  if (data.takeovers.length > 0)
    layers.push({
      name: name('takeovers'),
      data: { values: data.takeovers },
      // A frame around the attempt's own bar, clear of it, so the dashes of a timeout's own
      // outline stay readable inside: it ran by taking the record over.
      mark: {
        type: 'rect',
        fill: null,
        stroke: INK,
        strokeWidth: 1,
        height: { band: FRAME.band },
        xOffset: -FRAME.x,
        x2Offset: FRAME.x,
        aria: false,
      },
      encoding: { x: x('start'), x2: { field: 'end' }, y },
    });
  const tails = data.crashes.filter((c) => c.at > c.end);
  if (tails.length > 0)
    layers.push({
      name: name('crashTails'),
      data: { values: tails },
      // The execution outlived its attempt (the client timed out first): a dotted line from
      // the attempt's end to the crash, just under the bars, ties the bolt to its attempt.
      mark: { type: 'rule', color: CRASH_RED, strokeWidth: 1.2, strokeDash: [2, 2], yOffset: 1.5, aria: false },
      encoding: { x: x('end'), x2: { field: 'at' }, y: { ...y, bandPosition: 1 } },
    });
  if (data.crashes.length > 0)
    layers.push({
      name: name('crashes'),
      data: { values: data.crashes },
      // On the bar's top edge, in the label line: a commit's dot at the same instant stays visible.
      mark: {
        type: 'point',
        shape: BOLT,
        size: 300,
        filled: true,
        opacity: 1,
        strokeWidth: 1.2,
        strokeJoin: 'round',
        stroke: CRASH_RED,
        fill: { expr: `datum.afterEffect ? '${CRASH_RED}' : '#ffffff'` },
        yOffset: -3,
        aria: false,
      },
      encoding: { x: x('at'), y: top },
    });
  if (data.deletions.length > 0)
    layers.push({
      name: name('deletions'),
      data: { values: data.deletions },
      // On the bar's top edge at the failure instant, beside the 500 that ends the attempt.
      mark: {
        type: 'point',
        shape: STRUCK,
        size: 90,
        filled: false,
        stroke: SERVER_ERROR.color,
        strokeWidth: 2.2,
        yOffset: -3,
        aria: false,
      },
      encoding: { x: x('at'), y: top },
    });
  if (labels.length > 0)
    layers.push({
      name: name('labels'),
      data: { values: [...labels] },
      // Above the bar, in the row's label line: the baseline sits just over the band.
      mark: {
        type: 'text',
        baseline: 'bottom',
        dy: -LABEL_LIFT,
        fontSize: LABEL_SIZE,
        fontWeight: 'bold',
        align: { expr: 'datum.align' },
        dx: { expr: 'datum.dx' },
        color: { expr: LABEL_COLOR },
        aria: false,
      },
      encoding: { x: x('at'), y: top, text: { field: 'text', type: 'nominal' } },
    });
  return layers;
}
