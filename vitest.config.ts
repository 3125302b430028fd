// Two tiers run side by side by `npm test`: `quick`, the specifications of every module and
// command, and `full`, the tests that start real servers, pack the package, run the shipped
// examples, time the start-up cache or repeat a study (`npm run test:quick` skips them).
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/sequencer.js';

/** The slow tier: each file here starts processes or servers, or repeats hundreds of runs. */
const FULL = [
  // The statistical study: 500 replicate runs a cell.
  'test/stats/coverage.test.ts',
  // The paired design's study: 300 replicate pairs of runs a cell.
  'test/stats/paired-coverage.test.ts',
  // Importance sampling against plain sampling on every shipped scenario it accepts.
  'test/sim/rare-agreement.test.ts',
  // The share of the fuzz campaign.
  'test/scenario/fuzz.test.ts',
  // Real servers: redis-server, PostgreSQL from initdb, PGlite.
  'test/stores/**/*.test.ts',
  'test/cli/store.test.ts',
  'test/cli/store-replay-handler.test.ts',
  // The package as npm packs it, and the shipped examples as their engines run them.
  'test/cli/package.test.ts',
  'test/cli/shard-examples.test.ts',
  // The start-up cache: copies of the package broken on purpose.
  'test/cli/boot.test.ts',
  'test/cli/stored-code.test.ts',
  // Every preset's real SDK under the conformance scripts, 1,000 seeded runs each: about 40 s.
  'test/cli/presets-verify.test.ts',
  // The lab page in Debian's chromium (playwright-core), from disk and from --serve.
  'test/lab/browser.test.ts',
  // The memory estimate against the peak of random runs, each in a fresh process.
  'test/analytic/memory-bound.test.ts',
];

/**
 * Quick files that need a fresh module graph of their own: they replace a module (vi.mock),
 * or set the process-wide signal registry or the clock. The other quick files share one
 * per worker (isolate: false), which saves the start of a worker and the import of the
 * libraries for each file: a third of the quick tier's time.
 */
const ISOLATED = [
  'test/scenario/document.test.ts',
  'test/cli/validate.test.ts',
  'test/io/signals.test.ts',
  'test/cli/report-progress.test.ts',
  // Replaces the registry of SDK drivers (vi.mock).
  'test/cli/presets-verify-refusals.test.ts',
  // The conformance harness installs fake timers over the global clock for each SDK call.
  'test/conformance/**/*.test.ts',
];

/** What every tier runs with. */
const TIER = { testTimeout: 120_000, hookTimeout: 120_000, pool: 'threads' } as const;

export default defineConfig({
  test: {
    // Builds dist/ for the tests that run bin/idemsim.js, once for both tiers (what it
    // provides reaches both), and not at all when it is fresh.
    globalSetup: ['test/cli/global-setup.ts'],
    // Sized for two cores: the files of both tiers share the workers (threads: a third less
    // CPU than forks for the same files, measured on test/model, test/report/run, test/recommend).
    maxWorkers: 2,
    // The longest files first, both tiers mixed (test/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          ...TIER,
          name: 'quick',
          include: ['test/**/*.test.ts'],
          exclude: [...FULL, ...ISOLATED],
          isolate: false,
        },
      },
      { test: { ...TIER, name: 'quick-isolated', include: ISOLATED } },
      { test: { ...TIER, name: 'full', include: FULL } },
    ],
  },
});
