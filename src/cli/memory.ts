// `--max-memory`: the ceiling a run's estimated peak memory (analytic/memory.ts) must stay
// under. Checked for every scenario and every point before anything is simulated, so a run
// that would outgrow the machine is refused at once, with the numbers that decided it.
import {
  BASE_BYTES,
  DEFAULT_MAX_MEMORY,
  DRAWING_BYTES,
  DRAWN_INTERVAL_BYTES,
  PNG_BYTES,
  estimateMemory,
} from '../analytic/memory.js';
import { formatBytes, formatCount, sizeFlag } from '../format/format.js';
import { maxOf } from '../stats/extent.js';
import type { Scenario } from '../model/scenario.js';
import { SIZE_UNITS, parseQuantity } from '../scenario/units.js';
import { InputError } from './errors.js';
import { quote } from './fit-latency-text.js';

export const MAX_MEMORY_HELP = `refuse a run whose estimated peak memory is above this size, e.g. 4GB (default: ${DEFAULT_MAX_MEMORY / 1e9}GB)`;

/** commander's parser for --max-memory: a size such as 4GB or 512MiB, in bytes. */
export function parseMaxMemory(text: string): number {
  const parsed = parseQuantity(text.trim(), SIZE_UNITS);
  const shown = quote(text);
  if (parsed.kind !== 'ok') {
    throw new InputError(`--max-memory ${shown}: give a size with its unit, e.g. 4GB or 512MiB`);
  }
  if (!(parsed.value >= 1e6 && parsed.value <= 1e15)) {
    throw new InputError(`--max-memory ${shown}: give a size between 1MB and 1PB`);
  }
  return parsed.value;
}

/**
 * Refuses `scenario` if a run of it (at `actions`, when sizing may take it that far) is
 * estimated to need more than `ceiling` bytes. `where`: the file or point, for the message.
 */
export function checkMemory(scenario: Scenario, where: string, ceiling = DEFAULT_MAX_MEMORY, actions?: number): void {
  const estimate = estimateMemory(actions === undefined ? scenario : { ...scenario, actions });
  if (estimate.bytes <= ceiling) return;
  // What drives it: each part that holds at least a tenth of what the run adds to the base.
  const { shares } = estimate;
  const added = shares.keys + shares.queued + shares.inFlight;
  // Under a tenth of the base, the run is about the least any takes: nothing to lower.
  const part = (bytes: number): boolean => added >= BASE_BYTES / 10 && bytes >= added / 10;
  const keys = part(shares.keys);
  const queued = part(shares.queued);
  const inFlight = part(shares.inFlight);
  const causes = [
    keys ? `${formatCount(estimate.keys)} live key records` : '',
    queued ? `${formatCount(estimate.queued)} executions waiting for service.concurrency` : '',
    inFlight ? `${formatCount(estimate.inFlight)} actions in flight at once` : '',
  ].filter((cause) => cause !== '');
  const lower = [
    ...(keys || inFlight ? ['actions'] : []),
    ...(causes.length > 0 ? ['arrivals.rate'] : []),
    ...(keys ? ['keys.retention'] : []),
    ...(inFlight ? ['service.latency or the re-plan and resume delays'] : []),
  ];
  const fixes = [
    lower.length > 0
      ? `lower ${lower.slice(0, -1).join(', ')}${lower.length > 1 ? ' or ' : ''}${lower.at(-1) ?? ''}`
      : '',
    queued ? 'raise service.concurrency' : '',
  ].filter((fix) => fix !== '');
  const why = causes.length > 0 ? ` (${causes.join(', ')})` : ', the least any run takes';
  throw new InputError(
    `${where}: a run would need about ${formatBytes(estimate.bytes)} of memory by estimate${why}, ` +
      `over the ${formatBytes(ceiling)} ceiling; ${[...fixes, `pass --max-memory ${sizeFlag(estimate.bytes)}`].join(', or ')}`,
  );
}

/**
 * Refuses a command whose runs, together, would outgrow the ceiling: each run's result
 * keeps its time series until the command prints, so a sweep of many points (or `copies`
 * replicas of each scenario) holds them all, beside the largest run being simulated.
 */
export function checkRetained(
  scenarios: readonly Scenario[],
  where: string,
  ceiling = DEFAULT_MAX_MEMORY,
  copies = 1,
): void {
  if (scenarios.length * copies < 2) return;
  const estimates = scenarios.map((scenario) => estimateMemory(scenario));
  const kept = copies * estimates.reduce((sum, e) => sum + e.shares.series, 0);
  const largest = maxOf(estimates.map((e) => e.bytes - e.shares.series));
  if (largest + kept <= ceiling) return;
  const runs = scenarios.length * copies;
  const intervals = maxOf(estimates.map((e) => e.series));
  throw new InputError(
    `${where}: its ${formatCount(runs)} runs would keep about ${formatBytes(kept)} of time series ` +
      `(up to ${formatCount(intervals)} intervals each), ${formatBytes(largest + kept)} in all by estimate, over the ` +
      `${formatBytes(ceiling)} ceiling; raise report.interval, run fewer, or pass --max-memory ${Math.ceil((largest + kept) / 1e9)}GB`,
  );
}

/** A report folder a command draws: PNGs beside the SVGs; each run's time series on its charts. */
export interface Drawing {
  png: boolean;
  series: boolean;
}

/** A report folder of charts alone, without PNGs or time series: sweep, recommend, handlers and presets compare. */
export const CHARTS_ONLY: Drawing = { png: false, series: false };

/** The estimated peak while a command draws `drawing` for the runs of `scenarios`, and its time-series intervals. */
export function drawingBytes(scenarios: readonly Scenario[], drawing: Drawing): { bytes: number; intervals: number } {
  const estimates = scenarios.map((scenario) => estimateMemory(scenario));
  const kept = estimates.reduce((sum, e) => sum + e.shares.series, 0);
  const intervals = drawing.series ? estimates.reduce((sum, e) => sum + e.series, 0) : 0;
  const bytes = BASE_BYTES + kept + DRAWING_BYTES + (drawing.png ? PNG_BYTES : 0) + intervals * DRAWN_INTERVAL_BYTES;
  return { bytes, intervals };
}

/**
 * Refuses a command whose report folder would take more than the ceiling to draw: once the
 * runs are done, their results (time series included) stay while every chart is drawn,
 * each interval of a drawn time series a few KB of scene graph and SVG.
 */
export function checkDrawing(
  scenarios: readonly Scenario[],
  where: string,
  drawing: Drawing,
  ceiling = DEFAULT_MAX_MEMORY,
): void {
  const { bytes, intervals } = drawingBytes(scenarios, drawing);
  if (bytes <= ceiling) return;
  const what = intervals > 0 ? ` (${formatCount(intervals)} time-series intervals on its charts)` : '';
  const fixes = [
    ...(intervals > 0 ? ['raise report.interval'] : []),
    ...(drawing.png ? ['leave out --png'] : []),
    `pass --max-memory ${sizeFlag(bytes)}`,
  ];
  throw new InputError(
    `${where}: drawing its report would need about ${formatBytes(bytes)} of memory by estimate${what}, over the ` +
      `${formatBytes(ceiling)} ceiling; ${fixes.join(', or ')}`,
  );
}
