// Figure 4's data: the retention trade-off. The share of crash replays the key store still
// remembers, and what the store holds, over the retention: closed forms on a log grid,
// simulations with 95% intervals, and the closed form at the retentions the figure marks.
import { keyStoreBytes, replayCatchFraction } from '../analytic/keystore.js';
import type { AtRetention, RetentionFigure } from '../model/article.js';
import { refText } from '../model/article.js';
import { clopperPearson } from '../stats/exact.js';
import { measuredSizes } from './measured.js';
import { RETENTIONS, crashReplay, keyStore } from './refs.js';
import type { Runs } from './runs.js';

const MINUTE = 60_000;
const DOMAIN: readonly [number, number] = [5, 1440];
const PER_DECADE = 80;
/** Retentions the store's notes quote: an hour and a day, as minutes and as the runs name them. */
const STORE_MARKS = [
  { minutes: 60, retention: '1h' },
  { minutes: 1440, retention: '24h' },
] as const;

/**
 * Minutes on a log grid over the domain, plus `extra` (kinks of a piecewise curve); each to
 * 1/10,000 of a minute, so the spec lists them short.
 */
function grid(extra: readonly number[]): number[] {
  const decades = Math.log10(DOMAIN[1] / DOMAIN[0]);
  const n = Math.ceil(decades * PER_DECADE);
  const points = Array.from(
    { length: n + 1 },
    (_, i) => Math.round(DOMAIN[0] * (DOMAIN[1] / DOMAIN[0]) ** (i / n) * 1e4) / 1e4,
  );
  return [...new Set([...points, ...extra])].sort((a, b) => a - b);
}

export function retentionFigure(runs: Runs): RetentionFigure {
  const [first] = RETENTIONS;
  const crash = runs.scenario(crashReplay(first));
  const store = runs.scenario(keyStore(first));
  const { min, max } = crash.agent.crash.resumeDelay;
  const { rate } = store.arrivals;
  const caught = (minutes: number): AtRetention => ({
    minutes,
    value: replayCatchFraction(minutes * MINUTE, min, max),
  });
  const bytes = (minutes: number): AtRetention => ({
    minutes,
    value: keyStoreBytes(rate, minutes * MINUTE, store.keys.recordBytes),
  });
  const caughtPoints = RETENTIONS.map((retention) => {
    const r = crashReplay(retention);
    const m = runs.run(r).metrics;
    const successes = Math.max(0, m.actions - m.duplicatesBySource.replay);
    const interval = clopperPearson(successes, m.actions);
    if (interval === null) throw new Error(`article: ${refText(r)} simulated no actions`);
    return { minutes: runs.scenario(r).keys.retention / MINUTE, value: successes / m.actions, interval };
  });
  const bytesPoints = RETENTIONS.map((retention) => {
    const r = keyStore(retention);
    const result = runs.run(r);
    const interval = result.intervals['keyStore.steadyStateBytes'];
    if (interval === undefined) throw new Error(`article: ${refText(r)} reported no key-store interval`);
    return {
      minutes: runs.scenario(r).keys.retention / MINUTE,
      value: result.metrics.keyStore.steadyStateBytes,
      interval,
    };
  });
  return {
    domain: DOMAIN,
    crash,
    store,
    caught: {
      curve: grid([max / MINUTE]).map(caught),
      points: caughtPoints,
      // The shortest retention drawn, and the first that catches every replay.
      marks: [caught(DOMAIN[0]), caught(max / MINUTE)],
    },
    bytes: { curve: grid([]).map(bytes), points: bytesPoints, marks: STORE_MARKS.map((m) => bytes(m.minutes)) },
    measured: STORE_MARKS.map((m) => ({ minutes: m.minutes, sizes: measuredSizes(runs, m.retention) })),
    sources: [
      `replays caught: ${refText(crashReplay('R'))} for R in ${RETENTIONS.join(', ')}`,
      `key-store size: ${refText(keyStore('R'))} for the same R (no crashes, one claim per action)`,
    ],
  };
}
