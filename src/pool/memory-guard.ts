// The guard that keeps a run under its memory ceiling while it runs. The estimate checked
// before a run (analytic/memory.ts) errs towards more, but it is a model of the run, and a
// model can be wrong; this measures the process itself. The core tells what it holds every
// 65,536 events (SimulateOptions.onLive); the guard then reads the process's resident
// memory, and past GUARD_SHARE of the ceiling it stops the run with one line that says
// what the run held, before the machine is at risk. Resident memory also holds garbage
// the collector has not yet freed, so before stopping a run it collects once and reads
// again: a run is stopped for what it keeps, not for what it has thrown away.
//
// The ceiling is the process's: a sweep's worker threads share it, and each thread's guard
// reads the same resident memory. What the process already held before its runs began,
// beyond what a fresh idemsim holds (FRESH_PROCESS_BYTES, the estimate's base), is not
// counted against it: a command run inside a larger process (a test runner, a host
// program) is judged on what its runs add.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { formatBytes, formatCount, sizeFlag } from '../format/format.js';
import type { LiveCounts } from '../sim/run-limits.js';

/** The share of the ceiling at which a run is stopped: what it adds between two checks stays within the rest. */
export const GUARD_SHARE = 0.92;

/** A fresh idemsim process, loaded, and what its run holds at the least: the estimate's BASE_BYTES (analytic/memory.ts). */
export const FRESH_PROCESS_BYTES = 128 * 1024 ** 2;

/** A run the guard stopped; the commands print its message as one line, exit 2. */
export class MemoryLimitError extends Error {
  override name = 'MemoryLimitError';
}

/** How the guard reads the process (a test may pass its own). */
export interface MemoryProbe {
  /** Resident memory of the whole process, bytes. */
  rss(): number;
  /** A full collection, when the engine offers one. */
  collect(): void;
}

let collector: (() => void) | null | undefined;

/** V8's full collection, reached without starting Node with --expose-gc (null if the engine refuses). */
function fullCollection(): void {
  if (collector === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('gc');
      collector = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collector = null;
    }
  }
  collector?.();
}

const PROCESS: MemoryProbe = { rss: () => process.memoryUsage.rss(), collect: fullCollection };

export interface GuardOptions {
  /** How the process is read (default: this process). */
  probe?: MemoryProbe;
  /** How many runs share the process (a sweep's --jobs), for the message. */
  threads?: number;
  /** The process's resident memory before its runs began (default: read now). */
  before?: number;
}

/** SimulateOptions.onLive for a run whose process must stay under `ceiling` bytes. */
export function memoryGuard(ceiling: number, options: GuardOptions = {}): (live: LiveCounts) => void {
  const probe = options.probe ?? PROCESS;
  const threads = options.threads ?? 1;
  const held = Math.max(0, (options.before ?? probe.rss()) - FRESH_PROCESS_BYTES);
  const stopAt = GUARD_SHARE * ceiling + held;
  // Resident memory right after the last collection: the next one only once the process
  // has grown a tenth of the ceiling past it, so a run that keeps close to the limit does
  // not collect at every check.
  let collectedAt = 0;
  return (live) => {
    let rss = probe.rss();
    if (rss <= stopAt) return;
    if (rss > collectedAt + ceiling / 10) {
      probe.collect();
      rss = probe.rss();
      collectedAt = rss;
      if (rss <= stopAt) return;
    }
    throw new MemoryLimitError(stopMessage(rss - held, ceiling, live, threads));
  };
}

function stopMessage(rss: number, ceiling: number, live: LiveCounts, threads: number): string {
  const held = [
    `${formatCount(live.arrived - live.closed)} actions in flight`,
    live.keys > 0 ? `${formatCount(live.keys)} live key records` : '',
    live.waiting > 0 ? `${formatCount(live.waiting)} executions waiting for service.concurrency` : '',
  ].filter((part) => part !== '');
  return (
    `the run stopped at ${formatBytes(rss)} of memory, near the ${formatBytes(ceiling)} ceiling, after ` +
    `${formatCount(live.arrived)} actions arrived (${held.join(', ')}); the estimate made before the run fell short: ` +
    `lower actions or arrivals.rate, ${threads > 1 ? `simulate fewer points at once (--jobs, now ${threads}), ` : ''}` +
    `or pass --max-memory ${sizeFlag(rss * 1.5)} or more`
  );
}
