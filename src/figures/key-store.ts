// The article's key-store numbers: live keys and bytes at an hour's and a day's retention,
// by Little's law, beside the simulated steady state; each size also at the record sizes
// real stores were measured at, since the article's 200 bytes a record is an assumption.
import { keyStoreKeys } from '../analytic/keystore.js';
import { closedFormInputs } from '../analytic/inputs.js';
import { andList, formatBytes, formatCount, formatDecimal, proseDuration } from '../format/format.js';
import type { ArticleNumber, MeasuredSize } from '../model/article.js';
import { measuredSizes } from './measured.js';
import { arithmetic, mean } from './number-parts.js';
import { keyStore } from './refs.js';
import type { Runs } from './runs.js';

/** Beside a size: what the record sizes measured in real stores make of the run's live keys. */
function measuredAside(recordBytes: number, sizes: readonly MeasuredSize[]): string {
  const keys = sizes[0]?.keys ?? 0;
  const each = sizes.map((m) => `${formatBytes(m.value)} in ${m.store} (${formatCount(m.recordBytes)} B a record)`);
  return (
    `The article's arithmetic assumes ${recordBytes} bytes a record. ` +
    `With the record sizes \`idemsim store measure\` counted for it (docs/guide/key-stores.md), this run's ${formatCount(keys)} live keys take ${andList(each)}.`
  );
}

export function keyStoreSizes(runs: Runs): ArticleNumber[] {
  return (['1h', '24h'] as const).flatMap((retention): ArticleNumber[] => {
    const r = keyStore(retention);
    const s = runs.scenario(r);
    const result = runs.run(r);
    const { rate } = s.arrivals;
    const { retention: kept, recordBytes } = s.keys;
    const meanS = closedFormInputs(s).meanService;
    const keys = keyStoreKeys(rate, kept);
    const exact = keyStoreKeys(rate, kept + meanS);
    const keysFormula = `${rate}/s x ${proseDuration(kept)}`;
    const exactFormula = `${rate}/s x (${proseDuration(kept)} + E[S] ${proseDuration(meanS)})`;
    const note =
      "The simulator's Little's law counts a record from its claim to commit + retention, so it adds the mean service time E[S]: " +
      `${formatDecimal(exact - keys)} keys more than rate x retention.`;
    const m = result.metrics.keyStore;
    const measured = measuredSizes(runs, retention);
    return [
      {
        id: `keyStore.keys.${retention}`,
        name: `Live keys in steady state at ${rate}/s with ${proseDuration(kept)} retention (per-intent keys)`,
        article: retention === '1h' ? '180,000 keys' : '4.3 million keys',
        unit: 'keys',
        ...arithmetic({ value: keys, formula: keysFormula }, { value: exact, formula: exactFormula }),
        ...mean(m.steadyStateKeys, result.intervals['keyStore.steadyStateKeys'], 'keyStore.steadyStateKeys'),
        scenario: r,
        note,
      },
      {
        id: `keyStore.bytes.${retention}`,
        name: `Key-store size at ${recordBytes} bytes a record, ${proseDuration(kept)} retention`,
        article: retention === '1h' ? 'about 36 MB' : 'around 860 MB',
        unit: 'bytes',
        ...arithmetic(
          { value: keys * recordBytes, formula: `${keysFormula} x ${recordBytes} B` },
          { value: exact * recordBytes, formula: `${exactFormula} x ${recordBytes} B` },
        ),
        ...mean(m.steadyStateBytes, result.intervals['keyStore.steadyStateBytes'], 'keyStore.steadyStateBytes'),
        scenario: r,
        note,
        aside: measuredAside(recordBytes, measured),
        measured,
      },
    ];
  });
}
