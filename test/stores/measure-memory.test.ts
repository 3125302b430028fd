// `store measure` keeps its own memory under its ceiling: records go to the store a few MB
// at a time, and PGlite (Postgres in this process) checkpoints as it goes, so its WAL does
// not pile up in memory. The real binary as a child, its peak read by the kernel.
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../cli/binary.js';
import { measuredRun } from './measured-run.js';
import { requireRedisServer } from './redis-helpers.js';
import { measureSize } from '../../src/stores/measure-size.js';

beforeAll(() => {
  requireRedisServer();
  requireBuild();
});

describe('store measure stays under its memory ceiling', () => {
  it('a gigabyte of 1 MiB records into Redis takes idemsim a few hundred MB at most', async () => {
    const run = await measuredRun(
      ['store', 'measure', '--only', 'redis', '--records', '1000', '--body-size', '1MiB', '--max-write', '2GB'],
      { limitMs: 60_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/bytes per record\s+1,\d{3},\d{3} B/);
    expect(run.peakMB, `peak ${run.peakMB} MB`).toBeLessThan(300);
  });

  it('PGlite: 30,000 records stay under the 1 GB ceiling and under the estimate that admitted them', async () => {
    const run = await measuredRun(['store', 'measure', '--only', 'postgres', '--records', '30000'], {
      limitMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const estimate = measureSize({
      records: 30_000,
      bodyBytes: 64,
      keyChars: 46,
      kinds: ['postgres'],
      embeddedPostgres: true,
    }).memory;
    expect(run.peakMB, `peak ${run.peakMB} MB`).toBeLessThan(Math.min(1000, estimate / 1e6));
  });
});
