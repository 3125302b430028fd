// The output of `run --rare`: each count's weighted estimate with its 95% interval, per
// thousand actions and in the unit its size calls for (per million, per billion), the
// actions used, the effective sample size, the variance saved against plain sampling,
// and the tilts that were used.
import { formatCount } from '../../format/format.js';
import { maxOf } from '../../stats/extent.js';
import type { RareCount, RareEstimate, RareResult } from '../../model/rare.js';

/** How each count is named in the output, and the metric it estimates. */
export const RARE_METRICS: Readonly<Record<RareCount, string>> = {
  duplicates: 'duplicatesPerThousand',
  duplicatesTransport: 'duplicatesBySource.transport',
  duplicatesReplan: 'duplicatesBySource.replan',
  duplicatesReplay: 'duplicatesBySource.replay',
  lost: 'lostPerThousand',
  unknown: 'unknownPerThousand',
  falseFailures: 'falseFailuresPerThousand',
  // A count over the run in plain output; here, per thousand actions like the others.
  retentionMisses: 'retentionMisses',
};

/** The counts whose metric is a rate per thousand actions: what check and recommend can judge with --rare. */
export const RARE_RATES: readonly RareCount[] = (Object.keys(RARE_METRICS) as RareCount[]).filter(
  (count) => count !== 'retentionMisses',
);

/** A per-action rate in the unit that shows it best: per thousand, per million or per billion actions. */
export function rateUnit(perAction: number): { scale: number; unit: string } {
  if (perAction >= 1e-4 || perAction === 0) return { scale: 1e3, unit: 'per thousand' };
  if (perAction >= 1e-7) return { scale: 1e6, unit: 'per million' };
  return { scale: 1e9, unit: 'per billion' };
}

/** Three significant digits; scientific notation below 0.001. */
export function sig(x: number): string {
  if (x === 0) return '0';
  if (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e6) return x.toExponential(2);
  return x.toPrecision(3);
}

function estimateText(e: RareEstimate): string {
  const { scale, unit } = rateUnit(e.high ?? e.mean);
  if (e.high === null) return `not observed (no action had one): use plain \`run\` for a bound`;
  return `${sig(e.mean * scale)} [${sig(e.low * scale)}, ${sig(e.high * scale)}] ${unit}`;
}

export function renderRareTable(name: string, r: RareResult): string {
  // Only the count the tilts were tuned for: the others' estimates are unbiased but can be far off.
  const rows = [r.target].map((count) => {
    const e = r.estimates[count];
    const vr = e.varianceReduction === null ? '' : `${sig(e.varianceReduction)}x`;
    return [RARE_METRICS[count], estimateText(e), formatCount(e.hits), vr];
  });
  const head = ['metric', 'estimate [95% interval]', 'actions with one', 'variance reduction'];
  const widths = head.map((h, i) => Math.max(h.length, maxOf(rows.map((row) => (row[i] as string).length))));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('   ')
      .trimEnd();
  const tilted = r.tilts.filter((t) => t.tilted !== t.nominal);
  return [
    `${name}: importance sampling (--rare), ${formatCount(r.actions)} actions in ${formatCount(r.batches)} ${r.batches === 1 ? 'batch' : 'batches'}, tilts tuned on ${formatCount(r.pilotActions)} pilot actions`,
    line(head),
    ...rows.map(line),
    `effective sample size ${formatCount(Math.round(r.effectiveSampleSize))} of ${formatCount(r.actions)} actions; variance reduction: plain sampling's variance per action over the weighted one's`,
    `tilted draws: ${tilted.length === 0 ? 'none' : tilted.map((t) => `${t.site} ${sig(t.nominal)} -> ${sig(t.tilted)}`).join(', ')}`,
    `the draws are tilted for ${RARE_METRICS[r.target]} alone; for another count, size the run by it: --precision lostPerThousand=10%`,
    '[low, high]: 95% interval of the weighted mean (CLT); an interval from few actions with a count may not cover',
    '',
  ].join('\n');
}

export function renderRareJson(
  runs: readonly { name: string; seed: string | number; result: RareResult }[],
  version: string,
): string {
  const perThousand = (x: number | null): number | null => (x === null ? null : x * 1e3);
  return `${JSON.stringify(
    {
      idemsim: version,
      rare: runs.map(({ name, seed, result }) => ({
        scenario: name,
        seed,
        actions: result.actions,
        batches: result.batches,
        pilotActions: result.pilotActions,
        effectiveSampleSize: result.effectiveSampleSize,
        tilts: result.tilts,
        tunedFor: RARE_METRICS[result.target],
        metrics: Object.fromEntries(
          [result.target].map((count) => {
            const e = result.estimates[count];
            return [
              RARE_METRICS[count],
              {
                value: perThousand(e.mean),
                ci95: [perThousand(e.low), perThousand(e.high)],
                actionsWithOne: e.hits,
                varianceReduction: e.varianceReduction,
              },
            ];
          }),
        ),
      })),
    },
    null,
    2,
  )}\n`;
}
