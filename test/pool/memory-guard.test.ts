// The memory guard (src/pool/memory-guard.ts): it reads the process as the core reports
// what a run holds, collects garbage once before it stops anything, and stops a run that
// keeps more than its share of the ceiling with one line naming what the run held.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  FRESH_PROCESS_BYTES,
  GUARD_SHARE,
  MemoryLimitError,
  memoryGuard,
  type MemoryProbe,
} from '../../src/pool/memory-guard.js';
import { BASE_BYTES } from '../../src/analytic/memory.js';
import { requireBuild } from '../cli/binary.js';
import type { LiveCounts } from '../../src/sim/run-limits.js';

const DIST = new URL('../../dist/', import.meta.url).href;

const live: LiveCounts = { arrived: 300_000, closed: 100_000, keys: 250_000, waiting: 0, events: 400_000 };

/** A probe that reads `values` in turn and counts its collections. */
function probe(values: number[]): MemoryProbe & { collections: number } {
  let i = 0;
  return {
    collections: 0,
    rss: () => values[Math.min(i++, values.length - 1)] as number,
    collect() {
      this.collections++;
    },
  };
}

describe('memory guard', () => {
  const ceiling = 1e9;

  it('lets a run under its share of the ceiling go on without collecting', () => {
    const p = probe([0.5e9, GUARD_SHARE * ceiling]);
    const guard = memoryGuard(ceiling, { probe: p, before: 0 });
    guard(live);
    guard(live);
    expect(p.collections).toBe(0);
  });

  it('collects before stopping, and goes on when the garbage was the excess', () => {
    const p = probe([0.95e9, 0.6e9]);
    memoryGuard(ceiling, { probe: p, before: 0 })(live);
    expect(p.collections).toBe(1);
  });

  it('stops a run that keeps more than its share, in one line naming what it held', () => {
    const p = probe([0.97e9, 0.96e9]);
    let error: unknown;
    try {
      memoryGuard(ceiling, { probe: p, before: 0 })(live);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MemoryLimitError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('200,000 actions in flight');
    expect(message).toContain('250,000 live key records');
    expect(message).toContain('1.00 GB ceiling');
    expect(message).toMatch(/--max-memory \d+(MB|GB)/);
  });

  it('does not collect at every check while the process stays near the limit', () => {
    // After a collection that left 0.93 GB, the next check at 0.94 GB stops without another.
    const p = probe([0.95e9, 0.93e9, 0.94e9]);
    const guard = memoryGuard(ceiling, { probe: p, before: 0 });
    expect(() => guard(live)).toThrow(MemoryLimitError);
    expect(() => guard(live)).toThrow(MemoryLimitError);
    expect(p.collections).toBe(1);
  });

  it('does not count against the run what the process held before it, past a fresh start', () => {
    // A process that held 1.5 GB before (a test runner): the run may add what a fresh one may.
    const before = 1.5e9;
    const p = probe([before + 0.7e9]);
    memoryGuard(ceiling, { probe: p, before })(live);
    expect(p.collections).toBe(0);
    const over = probe([before + 0.95e9, before + 0.95e9]);
    expect(() => memoryGuard(ceiling, { probe: over, before })(live)).toThrow(/stopped at 1\.0\d GB of memory/);
  });

  it('holds the same base as the estimate', () => {
    expect(FRESH_PROCESS_BYTES).toBe(BASE_BYTES);
  });

  it('stops a real run that outgrows a ceiling set just above a fresh process', () => {
    // A run that keeps every key for a day at 100,000 actions a second holds a record per
    // action, so it grows by tens of MB; the ceiling leaves it 20 MB past a fresh process.
    // It runs alone in a process of its own: the test workers share theirs, whose resident
    // memory rises and falls with what the other files hold and free.
    requireBuild();
    const code = `
      const { FRESH_PROCESS_BYTES, GUARD_SHARE, memoryGuard } = await import(${JSON.stringify(`${DIST}pool/memory-guard.js`)});
      const { defaultScenario } = await import(${JSON.stringify(`${DIST}model/scenario.js`)});
      const { simulate } = await import(${JSON.stringify(`${DIST}sim/simulate.js`)});
      const base = defaultScenario();
      const scenario = {
        ...base,
        actions: 2_000_000,
        arrivals: { ...base.arrivals, rate: 100_000 },
        keys: { ...base.keys, scope: 'intent', retention: 86_400_000 },
      };
      const near = (FRESH_PROCESS_BYTES + 20e6) / GUARD_SHARE;
      try {
        simulate(scenario, { onLive: memoryGuard(near) });
        process.stdout.write(JSON.stringify({ stopped: null }));
      } catch (error) {
        process.stdout.write(JSON.stringify({ stopped: error.name, message: error.message }));
      }`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    const result = JSON.parse(out) as { stopped: string | null; message?: string };
    expect(result.stopped).toBe('MemoryLimitError');
    expect(result.message).toMatch(
      /^the run stopped at \d+ MB of memory, near the \d+ MB ceiling, after [\d,]+ actions arrived/,
    );
  });
});
