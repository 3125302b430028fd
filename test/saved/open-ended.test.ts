// A quantile past the latency histogram's 2^44 ms is open-ended: the table says "≥ 2^44 ms",
// JSON writes it as every non-finite number (null) with its interval from 2^44 ms, a part
// writes it by name, and a summary read back (the report folder of `run --out` and of
// `report`) shows it open-ended again, never "n/a" where the interval says more.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { openEnded } from '../../src/saved/metrics.js';
import type { Metrics } from '../../src/model/result.js';
import { captured } from '../cli/sinks.js';

/** One slot, each execution a century long: the 40th arrival waits 39 centuries. */
const SLOW = ['--actions', '40', '--set', 'service.latency.median=36500d', '--set', 'service.latency.sigma=0'];
const QUEUED = [...SLOW, '--set', 'service.concurrency=1'];

describe('a queue wait past 2^44 ms', () => {
  it('reads open-ended in the table, null with its interval from 2^44 ms in JSON, and again in the report', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-open-ended-'));
    const table = captured({ cwd });
    expect(await cli(['run', ...QUEUED, '--out', 'report'], table)).toBe(0);
    expect(table.out.text).toMatch(/queue wait p95 +≥ 2\^44 ms \[203,613 d, ∞\]\n/);
    const json = captured({ cwd });
    expect(await cli(['run', ...QUEUED, '--format', 'json'], json)).toBe(0);
    const run = (JSON.parse(json.out.text) as { runs: { metrics: Metrics; intervals: Record<string, unknown> }[] })
      .runs[0];
    expect(run?.metrics.service.queueWait.p95).toBeNull();
    expect(run?.intervals['service.queueWait.p95']).toEqual({ low: 2 ** 44, high: null });
    const html = readFileSync(join(cwd, 'report', 'index.html'), 'utf8');
    expect(html).toContain('queue wait p95</th><td>≥ 2^44 ms <span class="ci">[203,613 d, ∞]</span>');
    expect(await cli(['report', join('report', 'summary.json'), '--out', 'again'], captured({ cwd }))).toBe(0);
    expect(readFileSync(join(cwd, 'again', 'index.html'), 'utf8')).toBe(html);
  }, 60_000);

  it('check judges it as at least 2^44 ms: a maximum below fails, a minimum is met, each shown open-ended', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-open-ended-'));
    const bounds = (side: string): string[] => {
      writeFileSync(join(cwd, `${side}.yaml`), `expect:\n  service.queueWait.p95: { ${side}: 1s }\n`);
      return [`${side}.yaml`, ...QUEUED];
    };
    const over = captured({ cwd });
    expect(await cli(['check', ...bounds('max')], over)).toBe(1);
    expect(over.out.text).toMatch(
      /│ service\.queueWait\.p95 │ <= 1\.00 s │ ≥ 2\^44 ms │ \[203,613 d, ∞\] │ 40 +│ FAIL +│/,
    );
    expect(over.out.text).not.toContain('n/a');
    const under = captured({ cwd });
    expect(await cli(['check', ...bounds('min'), '--junit', 'j.xml'], under)).toBe(0);
    expect(under.out.text).toMatch(/│ >= 1\.00 s │ ≥ 2\^44 ms │ \[203,613 d, ∞\] │ 40 +│ pass +│/);
    expect(readFileSync(join(cwd, 'j.xml'), 'utf8')).not.toContain('<failure');
  });

  it('a part writes it by name', async () => {
    const ctx = captured();
    expect(await cli(['run', ...QUEUED, '--replicas', '2', '--replica', '1'], ctx)).toBe(0);
    expect(ctx.out.text).toContain('"queueWait":{"p95":"Infinity"}');
  });

  it('without a queue, no quantile is open-ended however long the service', async () => {
    const ctx = captured();
    expect(await cli(['run', ...SLOW, '--format', 'json'], ctx)).toBe(0);
    const { metrics } = (JSON.parse(ctx.out.text) as { runs: { metrics: Metrics }[] }).runs[0] as { metrics: Metrics };
    const leaves = (node: unknown): unknown[] =>
      typeof node === 'object' && node !== null ? Object.values(node).flatMap(leaves) : [node];
    const numbers = leaves(metrics);
    expect(numbers.every((x) => typeof x === 'number' && Number.isFinite(x))).toBe(true);
    expect(metrics.service.queueWait.p95).toBe(0);
  });
});

describe('openEnded, reading a summary back', () => {
  const metrics = (): Metrics =>
    ({
      latency: { call: { p95: Number.NaN, p99: Number.NaN } },
      service: { queueWait: { p95: Number.NaN } },
    }) as unknown as Metrics;

  it('reads a null quantile whose interval starts at 2^44 ms or past it as open-ended', () => {
    const m = metrics();
    const intervals = { 'service.queueWait.p95': { low: 2 ** 44, high: Number.NaN } };
    openEnded(m, intervals);
    expect(m.service.queueWait.p95).toBe(Infinity);
    expect(intervals['service.queueWait.p95'].high).toBe(Infinity);
  });

  it('leaves it not available when the interval starts below, or is missing', () => {
    const m = metrics();
    const intervals = { 'latency.call.p95': { low: 2 ** 44 - 1, high: Number.NaN } };
    openEnded(m, intervals);
    expect(m.latency.call.p95).toBeNaN();
    expect(m.latency.call.p99).toBeNaN();
    expect(intervals['latency.call.p95'].high).toBeNaN();
  });
});
