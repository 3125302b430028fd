// Hand-made article numbers for the render tests: one share counted in a run, one size
// with a mean's interval and a note, and the same size with an aside and measured sizes.
import type { ArticleNumber } from '../../../src/model/article.js';

export const SHARE: ArticleNumber = {
  id: 'pSlow.defaults',
  name: 'P(S > T): an attempt outlasts the 1 s timeout',
  article: 'about 2.2%',
  unit: 'share',
  formula: '1 - Phi(ln(1 s / 300 ms) / 0.6)',
  closedForm: 0.02239499659,
  expected: { value: 0.02239499659, formula: '1 - Phi(ln(1 s / 300 ms) / 0.6)' },
  simulated: 0.022555,
  interval: { low: 0.02191338212, high: 0.02321495838 },
  applies: true,
  measure: 'slow timeouts / attempts',
  intervalKind: { kind: 'share', successes: 4511, trials: 200_000 },
  scenario: { file: 'scenarios/article-defaults.yaml', sets: ['actions=200000', 'client.retries=0'] },
};

export const SIZE: ArticleNumber = {
  id: 'keyStore.bytes.24h',
  name: 'Key-store size at 200 bytes a record, 1 d retention',
  article: 'around 860 MB',
  unit: 'bytes',
  formula: '50/s x 1 d x 200 B',
  closedForm: 864e6,
  expected: { value: 864003591.7, formula: '50/s x (1 d + E[S] 359.2 ms) x 200 B' },
  simulated: 864003580.3,
  interval: { low: 864003548, high: 864003612.7 },
  applies: true,
  measure: 'keyStore.steadyStateBytes',
  intervalKind: { kind: 'mean' },
  scenario: { file: 'scenarios/article-defaults.yaml', sets: ['keys.retention=24h'] },
  note: 'A | in a note.',
};

export const SIZE_ASIDE: ArticleNumber = {
  ...SIZE,
  aside: 'Measured with `idemsim store measure`: 1.44 GB in Redis <7>.',
  measured: [
    {
      store: 'Redis <7>',
      recordBytes: 333,
      keys: 4320017.902,
      value: 1438565961.4,
      interval: { low: 1438300573.1, high: 1438831350.2 },
    },
  ],
};
