// Figure 2's data: duplicates per 1,000 actions from blind retries (scope none, no
// re-plans) against reply loss, one closed-form line per retry count, and simulated points
// with their 95% intervals.
import { scopeNoneExpectations } from '../analytic/retries.js';
import type { RetriesFigure } from '../model/article.js';
import { refText } from '../model/article.js';
import { closedFormInputs } from '../analytic/inputs.js';
import { DEFAULTS, ref, retryGrid } from './refs.js';
import type { Runs } from './runs.js';

const RETRIES = [0, 1, 2, 3] as const;
const MAX_LOSS = 10;
/** Closed-form line resolution, in percentage points of reply loss. */
const STEP = 0.25;

// Lines two and three retries lie close together (they differ by q^3); their simulated
// points sit at alternating reply losses so that the interval bars never overlap.
const simulatedAt = (retries: number): number[] =>
  Array.from({ length: MAX_LOSS / 2 + 1 }, (_, i) => 2 * i + (retries === 1 || retries === 2 ? 1 : 0)).filter(
    (loss) => loss <= MAX_LOSS,
  );

export function retriesFigure(runs: Runs): RetriesFigure {
  const base = runs.scenario(ref(DEFAULTS));
  const exact = (lossPercent: number, retries: number): number => {
    const s = {
      ...base,
      network: { ...base.network, replyLoss: lossPercent / 100 },
      client: { ...base.client, retries },
    };
    return 1000 * scopeNoneExpectations({ ...closedFormInputs(s), replan: undefined }).duplicates;
  };
  const lines = RETRIES.flatMap((retries) =>
    Array.from({ length: MAX_LOSS / STEP + 1 }, (_, i) => ({
      retries,
      lossPercent: i * STEP,
      perThousand: exact(i * STEP, retries),
    })),
  );
  const points = RETRIES.flatMap((retries) =>
    simulatedAt(retries).map((lossPercent) => {
      const result = runs.run(retryGrid(lossPercent, retries));
      const interval = result.intervals['duplicatesPerThousand'];
      if (interval === undefined) throw new Error('article: a retries run reported no duplicates interval');
      return { retries, lossPercent, value: result.metrics.duplicatesPerThousand, interval };
    }),
  );
  return {
    defaults: base,
    retries: RETRIES,
    maxLossPercent: MAX_LOSS,
    lines,
    points,
    atDefaults: exact(100 * base.network.replyLoss, base.client.retries),
    actions: runs.scenario(retryGrid(0, 0)).actions,
    sources: [
      `closed form from ${refText(ref(DEFAULTS))} (median, sigma, timeout), scope none, no re-plans`,
      `points: ${refText(retryGrid(2, 3)).replace('=2%', '=L').replace('retries=3', 'retries=R')} for each point's L and R`,
    ],
  };
}
