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
import { OUTCOME, REPLAYED_COLOR, frame, round, runLabels } from '../../chart.js';
import { SERVER_CRASH } from './timeline-marks.js';
import { anyExtended } from '../carried.js';

interface Kind {
  label: string;
  color: string;
  count: (m: Metrics) => number;
}

const MIX: readonly Kind[] = [
  { label: '200, executed', color: OUTCOME.ok.color, count: (m) => m.responses.ok - m.responses.replayed },
  { label: '200, stored (replayed)', color: REPLAYED_COLOR, count: (m) => m.responses.replayed },
  { label: OUTCOME.conflict.label, color: OUTCOME.conflict.color, count: (m) => m.responses.conflict },
  { label: OUTCOME.mismatch.label, color: OUTCOME.mismatch.color, count: (m) => m.responses.mismatch },
  { label: OUTCOME.rejected.label, color: OUTCOME.rejected.color, count: (m) => m.responses.rejected },
  { label: OUTCOME.slow.label, color: OUTCOME.slow.color, count: (m) => m.responses.timeout.slow },
  { label: OUTCOME.replyLost.label, color: OUTCOME.replyLost.color, count: (m) => m.responses.timeout.replyLost },
  { label: OUTCOME.requestLost.label, color: OUTCOME.requestLost.color, count: (m) => m.responses.timeout.requestLost },
];

/** Timeouts because the worker died: no run without the extended features has any (its summary leaves the count out). */
const CRASHED: Kind = {
  label: SERVER_CRASH.label,
  color: SERVER_CRASH.color,
  count: (m) => m.responses.timeout.serverCrash ?? 0,
};

const RATES: readonly { label: string; color: string; rate: (m: Metrics) => number }[] = [
  { label: '409 conflict rate', color: OUTCOME.conflict.color, rate: (m) => m.conflictRate },
  { label: '422 mismatch rate', color: OUTCOME.mismatch.color, rate: (m) => m.mismatchRate },
  { label: 'dedup-hit rate (stored 200)', color: REPLAYED_COLOR, rate: (m) => m.dedupHitRate },
];

/** Shares above this are labelled inside the bar, in white, so the label stays in the plot. */
const INSIDE = 0.7;
/** Column width: wider when there is only one. */
const width = (runs: number) => (runs === 1 ? 380 : 250);

interface Row {
  scenario: string;
  kind: string;
  share: number;
  label: string;
  inside: boolean;
}

function row(scenario: string, kind: string, share: number, label: string): Row {
  return { scenario, kind, share: round(share, 5), label, inside: share > INSIDE };
}

function panel(
  title: string,
  rows: Row[],
  labels: string[],
  kinds: readonly { label: string; color: string }[],
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
  const text = (inside: boolean): UnitSpec<Field> => ({
    transform: [{ filter: inside ? 'datum.inside' : '!datum.inside' }],
    mark: inside
      ? { type: 'text', align: 'right', dx: -4, fontSize: 10, color: '#ffffff' }
      : { type: 'text', align: 'left', dx: 4, fontSize: 10, color: '#222222' },
    encoding: { ...encoding, text: { field: 'label' } },
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
          mark: { type: 'bar', height: { band: 0.7 } },
          encoding: {
            ...encoding,
            color: {
              field: 'kind',
              type: 'nominal',
              legend: null,
              scale: { domain: kinds.map((k) => k.label), range: kinds.map((k) => k.color) },
            },
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
      return row(labels[i] ?? '', k.label, share, `${formatPercent(share)} (${formatCount(n)})`);
    });
  });
  const rateRows = runs.flatMap((run, i) =>
    RATES.map((r) => {
      const rate = r.rate(run.result.metrics);
      return row(labels[i] ?? '', r.label, rate, formatPercent(rate));
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
    resolve: { scale: { color: 'independent' } },
    spacing: 20,
  };
  return { name: 'responses', title, caption, spec };
}
