// What the client heard: the response mix as shares of attempts (200 executed or stored,
// 409, 422, 503, and the three kinds of timeout, four when a scenario uses an extended feature: the
// service's own crash), and what the key store answered, as the 409, 422 and dedup-hit
// rates per key lookup. One column per scenario.
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionDef } from 'vega-lite/types_unstable/channeldef.js';
import type { NonNormalizedSpec, UnitSpec } from 'vega-lite/types_unstable/spec/index.js';
import type { Metrics } from '../../../model/result.js';
import { formatCount, formatPercent } from '../../../format/format.js';
import type { Chart, ChartRun } from '../../chart.js';
import { INK, REPLAYED_COLOR, frame, round, runLabels } from '../../chart.js';
import { type AttemptClass, type Cue, ATTEMPT, OUTCOME_CUE, OUTLINE_WIDTH, inkOn, vegaDash } from '../../palette.js';
import { anyExtended } from '../carried.js';

/** A bar's look: its fill and the outline that is its outcome's cue (palette.ts). */
interface Look {
  label: string;
  color: string;
  cue: Cue;
}

interface Kind extends Look {
  count: (m: Metrics) => number;
}

/** A kind drawn as the attempts of outcome class `k` are, under `label` (its class's by default). */
function look(k: AttemptClass, label: string = ATTEMPT[k].label): Look {
  return { label, color: ATTEMPT[k].color, cue: OUTCOME_CUE[k] };
}

/** A stored 200: the executed 200's plain bar, in the lighter green. */
const stored = (label: string): Look => ({
  label,
  color: REPLAYED_COLOR,
  cue: { ...OUTCOME_CUE.ok, stroke: REPLAYED_COLOR },
});

const MIX: readonly Kind[] = [
  { ...look('ok', '200, executed'), count: (m) => m.responses.ok - m.responses.replayed },
  { ...stored('200, stored (replayed)'), count: (m) => m.responses.replayed },
  { ...look('conflict'), count: (m) => m.responses.conflict },
  { ...look('mismatch'), count: (m) => m.responses.mismatch },
  { ...look('rejected'), count: (m) => m.responses.rejected },
  { ...look('slow'), count: (m) => m.responses.timeout.slow },
  { ...look('replyLost'), count: (m) => m.responses.timeout.replyLost },
  { ...look('requestLost'), count: (m) => m.responses.timeout.requestLost },
];

/** Timeouts because the worker died: no run without the extended features has any (its summary leaves the count out). */
const CRASHED: Kind = { ...look('serverCrash'), count: (m) => m.responses.timeout.serverCrash ?? 0 };

const RATES: readonly (Look & { rate: (m: Metrics) => number })[] = [
  { ...look('conflict', '409 conflict rate'), rate: (m) => m.conflictRate },
  { ...look('mismatch', '422 mismatch rate'), rate: (m) => m.mismatchRate },
  { ...stored('dedup-hit rate (stored 200)'), rate: (m) => m.dedupHitRate },
];

/** Shares above this are labelled inside the bar (in ink or white, whichever its fill shows), so the label stays in the plot. */
const INSIDE = 0.7;
/** Column width: wider when there is only one. */
const width = (runs: number) => (runs === 1 ? 380 : 250);

interface Row {
  scenario: string;
  kind: string;
  share: number;
  label: string;
  inside: boolean;
  /** The colour of a label inside the bar. */
  ink?: string;
}

function row(scenario: string, kind: Look, share: number, label: string): Row {
  const inside = share > INSIDE;
  return {
    scenario,
    kind: kind.label,
    share: round(share, 5),
    label,
    inside,
    ...(inside ? { ink: inkOn(kind.color) } : {}),
  };
}

function panel(
  title: string,
  rows: Row[],
  labels: string[],
  kinds: readonly Look[],
  xTitle: string,
): NonNormalizedSpec {
  const encoding: { x: PositionDef<Field>; y: PositionDef<Field> } = {
    x: { field: 'share', type: 'quantitative', title: xTitle, scale: { domain: [0, 1] }, axis: { format: '.0%' } },
    y: {
      field: 'kind',
      type: 'nominal',
      sort: kinds.map((k) => k.label),
      title: null,
      axis: { labelLimit: 260 },
    },
  };
  const by = (range: string[] | number[][]) =>
    ({ field: 'kind', type: 'nominal', legend: null, scale: { domain: kinds.map((k) => k.label), range } }) as const;
  const text = (inside: boolean): UnitSpec<Field> => ({
    transform: [{ filter: inside ? 'datum.inside' : '!datum.inside' }],
    mark: inside
      ? { type: 'text', align: 'right', dx: -4, fontSize: 10 }
      : { type: 'text', align: 'left', dx: 4, fontSize: 10, color: INK },
    encoding: {
      ...encoding,
      text: { field: 'label' },
      ...(inside ? { color: { field: 'ink', type: 'nominal', scale: null, legend: null } } : {}),
    },
  });
  return {
    // Anchored at the plot, not the axis labels, so the two panels' titles line up.
    title: { text: title, fontSize: 12, anchor: 'start', frame: 'group' },
    data: { values: rows },
    facet: {
      column: {
        field: 'scenario',
        type: 'nominal',
        sort: labels,
        title: null,
        header: { labelFontWeight: 'bold', labelFontSize: 12 },
      },
    },
    spec: {
      width: width(labels.length),
      height: { step: 18 },
      layer: [
        {
          // A share of 0 draws no bar: its outline alone would show as a sliver.
          transform: [{ filter: 'datum.share > 0' }],
          mark: { type: 'bar', height: { band: 0.7 }, strokeWidth: OUTLINE_WIDTH },
          encoding: {
            ...encoding,
            color: by(kinds.map((k) => k.color)),
            stroke: by(kinds.map((k) => k.cue.stroke)),
            strokeDash: by(kinds.map((k) => vegaDash(k.cue))),
          },
        },
        text(false),
        text(true),
      ],
    },
  };
}

export function responsesChart(runs: readonly ChartRun[]): Chart {
  const labels = runLabels(runs);
  const mix = anyExtended(runs) ? [...MIX, CRASHED] : MIX;
  const mixRows = runs.flatMap((run, i) => {
    const m = run.result.metrics;
    return mix.map((k) => {
      const n = k.count(m);
      // No attempts: every share is 0; attempts not in the summary (older than it): no bar.
      const share = m.attempts > 0 ? n / m.attempts : Number.isFinite(m.attempts) ? 0 : Number.NaN;
      return row(labels[i] ?? '', k, share, `${formatPercent(share)} (${formatCount(n)})`);
    });
  });
  const rateRows = runs.flatMap((run, i) =>
    RATES.map((r) => {
      const rate = r.rate(run.result.metrics);
      return row(labels[i] ?? '', r, rate, formatPercent(rate));
    }),
  );
  const title = 'What the client heard: response mix and key-store answers';
  const [only] = runs;
  const caption =
    runs.length === 1 && only !== undefined
      ? `${formatCount(only.result.metrics.attempts)} attempts by response; 409, 422 and stored-200 rates per key lookup (0 with no key).`
      : 'Attempts by response; 409, 422 and stored-200 rates per key lookup (0 with no key).';
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      'Two panels of horizontal bars, one column per scenario: the share of attempts by response (200 executed, 200 stored, 409, 422, 503, slow reply, lost reply, lost request), and the 409, 422 and dedup-hit rates per attempt whose key was looked up.',
    ),
    vconcat: [
      panel('Response mix', mixRows, labels, mix, 'share of attempts'),
      panel('Key-store answers', rateRows, labels, RATES, 'share of key lookups'),
    ],
    // The two panels colour different kinds.
    resolve: { scale: { color: 'independent', stroke: 'independent', strokeDash: 'independent' } },
    spacing: 20,
  };
  return { name: 'responses', title, caption, spec };
}
