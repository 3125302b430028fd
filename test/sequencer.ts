// The order test files start in: the longest first, across both tiers, so that the two
// workers end together. Vitest's own order runs one project after the other and, on a fresh
// clone with no timings cached, in discovery order: a long file found last ran alone.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each of the slowest files took in a `.ci/run` on a fresh clone of this 2-core
 * machine, used until Vitest has timings of its own (a developer's second run).
 */
const MEASURED: Readonly<Record<string, number>> = {
  'test/scenario/fuzz.test.ts': 48,
  'test/cli/recommend.test.ts': 41,
  // Its 500 replicate runs a cell are in a beforeAll, which the report's file time leaves out.
  'test/stats/coverage.test.ts': 37,
  'test/cli/store.test.ts': 31,
  // Measured alone (26 to 33 s), not yet in a .ci/run: the lab page in chromium.
  'test/lab/browser.test.ts': 30,
  'test/sim/plain.test.ts': 25,
  // Its 300 replicate pairs a cell are in a beforeAll too.
  'test/stats/paired-coverage.test.ts': 22,
  'test/static-checks.test.ts': 22,
  'test/stores/postgres.test.ts': 19,
  'test/cli/terminal-text.test.ts': 16,
  'test/cli/shard-examples.test.ts': 14,
  'test/cli/boot.test.ts': 13,
  'test/cli/report.test.ts': 12,
  'test/cli/out-signals.test.ts': 11,
  'test/cli/merge.test.ts': 11,
  'test/saved/json-where.test.ts': 10,
  'test/cli/presets.test.ts': 10,
  'test/golden/golden.test.ts': 10,
  'test/stores/postgres-url.test.ts': 10,
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification): number => {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
      return cached === undefined ? (MEASURED[path] ?? 0) : cached.duration / 1000;
    };
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
