// How big the idempotency-key store gets: live records over simulated time, with the
// steady state a long-running service at this rate would hold (Little's law) as a
// labelled line, and a second axis in bytes (the unit chosen for its top: KB, MB, GB).
// One panel per scenario, on one keys scale.
import type { TopLevelSpec } from 'vega-lite';
import type { Field, PositionDef } from 'vega-lite/types_unstable/channeldef.js';
import type { NonNormalizedSpec } from 'vega-lite/types_unstable/spec/index.js';
import { durationUnit, formatBytes, formatCount, formatIn, proseDuration, sizeUnit } from '../../../format/format.js';
import type { Chart, ChartRun } from '../../chart.js';
import { frame, round, runLabels } from '../../chart.js';
import { COLOR } from '../../palette.js';
import { maxOf } from '../../../stats/extent.js';

const LINE_COLOR = COLOR.blue;
const STEADY_COLOR = COLOR.red;
const HEIGHT = 260;

/** The top of the keys axis: a little above the highest point or the steady state. */
function keysTop(runs: readonly ChartRun[]): number {
  const top = Math.max(
    1,
    maxOf(
      runs.flatMap((run) => [
        run.result.metrics.keyStore.steadyStateKeys,
        ...run.result.detail.keyStore.map((p) => p.keys),
      ]),
    ),
  );
  const step = 10 ** Math.floor(Math.log10(top * 1.15));
  return Math.ceil((top * 1.15) / step) * step;
}

function emptyPanel(label: string, width: number, scope: string): NonNormalizedSpec {
  const text = scope === 'none' ? 'no key store (scope none)' : 'no key-store samples';
  return {
    title: { text: label, fontSize: 12, anchor: 'start' },
    width,
    height: HEIGHT,
    data: { values: [{ text }] },
    mark: { type: 'text', fontSize: 14, color: '#555555' },
    encoding: { text: { field: 'text', type: 'nominal' }, x: { value: width / 2 }, y: { value: HEIGHT / 2 } },
  };
}

function panel(run: ChartRun, label: string, width: number, top: number): NonNormalizedSpec {
  const points = run.result.detail.keyStore;
  const last = points[points.length - 1];
  if (last === undefined) return emptyPanel(label, width, run.scenario.keys.scope);
  const unit = durationUnit([last.t / 5, last.t]);
  const bytes = run.scenario.keys.recordBytes;
  const steady = run.result.metrics.keyStore.steadyStateKeys;
  const values = points.map((p) => ({ t: round(p.t / unit.factor, 4), keys: p.keys }));
  const size = sizeUnit([(top * bytes) / 5, top * bytes]);
  const steadyLabel = `steady state ${formatCount(steady)} keys, ${formatIn(steady * bytes, size)}`;
  const xEnd = round(last.t / unit.factor, 4);
  const x: PositionDef<Field> = {
    field: 't',
    type: 'quantitative',
    title: `simulated time (${unit.suffix})`,
    scale: { domain: [0, xEnd], nice: false },
  };
  const keysAxis: PositionDef<Field> = {
    field: 'keys',
    type: 'quantitative',
    title: 'live keys',
    scale: { domain: [0, top] },
  };
  // The size axis is a second scale over the same line, its domain the keys domain times
  // the record size, so both axes read the same height; its line is drawn transparent.
  const sizeTop = round((top * bytes) / size.factor, 6);
  return {
    title: {
      text: `${label} (retention ${proseDuration(run.scenario.keys.retention)})`,
      fontSize: 12,
      anchor: 'start',
    },
    width,
    height: HEIGHT,
    layer: [
      {
        layer: [
          {
            data: { values },
            mark: { type: 'line', color: LINE_COLOR, strokeWidth: 2 },
            encoding: { x, y: keysAxis },
          },
          {
            data: { values: [{ keys: round(steady, 1), label: steadyLabel }] },
            layer: [
              {
                mark: { type: 'rule', color: STEADY_COLOR, strokeDash: [6, 4], strokeWidth: 1.5 },
                encoding: { y: keysAxis },
              },
              {
                // At the right end, where the run has drained or is still below the line.
                mark: {
                  type: 'text',
                  align: 'right',
                  baseline: 'bottom',
                  dx: -4,
                  dy: -4,
                  color: STEADY_COLOR,
                  fontSize: 11,
                },
                encoding: { y: keysAxis, x: { value: width }, text: { field: 'label' } },
              },
            ],
          },
        ],
      },
      {
        data: { values: values.map((v) => ({ t: v.t, size: round((v.keys * bytes) / size.factor, 6) })) },
        mark: { type: 'line', opacity: 0 },
        encoding: {
          x,
          y: {
            field: 'size',
            type: 'quantitative',
            title: `size (${size.suffix}, ${formatCount(bytes)} bytes per key)`,
            scale: { domain: [0, sizeTop] },
            axis: { orient: 'right', grid: false },
          },
        },
      },
    ],
    resolve: { scale: { y: 'independent' } },
  };
}

export function keyStoreChart(runs: readonly ChartRun[]): Chart {
  const labels = runLabels(runs);
  const width = runs.length === 1 ? 620 : 340;
  const top = keysTop(runs);
  const title = 'Key store: live idempotency records over time';
  const [only] = runs;
  const steadyOf = (run: ChartRun) => {
    const k = run.result.metrics.keyStore;
    return `${formatCount(k.steadyStateKeys)} keys, ${formatBytes(k.steadyStateBytes)}`;
  };
  const caption =
    runs.length === 1 && only !== undefined
      ? only.scenario.keys.scope === 'none'
        ? 'No key store: scope none keeps no records.'
        : `Live records over the run; dashed: the steady state at this rate (Little's law), ${steadyOf(only)}.`
      : "Live records over each run; dashed: the steady state at that rate (Little's law), in keys and bytes.";
  const spec: TopLevelSpec = {
    ...frame(
      title,
      caption,
      "Line chart, one panel per scenario: live key-store records (left axis, keys; right axis, their size at the scenario's record size) against simulated time, with a dashed horizontal line at the steady-state size from Little's law, labelled in keys and bytes. Scenarios without a key store say so.",
    ),
    hconcat: runs.map((run, i) => panel(run, labels[i] ?? '', width, top)),
    spacing: 24,
  };
  return { name: 'key-store', title, caption, spec };
}
