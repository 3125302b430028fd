// Ctrl-C, `kill` or a closed terminal while idemsim writes a file or a report folder. A
// signal kills a process between any two instructions, so one between the two renames of
// a folder swap would leave DIR missing. While idemsim writes, the signals are held: a
// listener makes each an event, which Node delivers only once the synchronous write has
// finished or been undone, and the listener then says so and ends the process by the same
// signal (a shell sees 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP, as without it; a
// script that runs idemsim in a loop stops, as it would not on a plain exit 130).
// Before the first write the signals keep their default, on purpose: a listener runs only
// when the event loop turns, so one would make a long synchronous simulation deaf to Ctrl-C.
// Once held they stay held until the process ends: a listener removed before the loop
// turns would drop a signal that came during the write. Nothing of a write is on disk at
// an await, so there is nothing else to undo; a SIGKILL or a power cut is repaired by the
// next write (src/report/write-leftovers.ts).
import type { Sink } from './context.js';
import { interrupted } from './messages.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** What of `process` the signals need: main.ts passes the process itself, tests a fake. */
export type SignalProcess = Pick<NodeJS.Process, 'prependListener' | 'off' | 'listenerCount' | 'kill' | 'pid'>;

interface Installed {
  proc: SignalProcess;
  err: Sink;
  holding: boolean;
}

// A signal is process-wide, so this is too: set once by main(), never in a test that calls
// a command directly (there writes hold nothing).
let installed: Installed | undefined;

/** main() at start-up: lets holdSignals() listen on `proc` and speak on `err`. */
export function installSignals(proc: SignalProcess, err: Sink): void {
  installed = { proc, err, holding: false };
}

/** From now until the process ends, SIGINT, SIGTERM and SIGHUP wait for the write in progress. */
export function holdSignals(): void {
  if (installed === undefined || installed.holding) return;
  installed.holding = true;
  // First in line, so that a key store's cleanup (src/stores/cleanup.ts), which ends the
  // process itself once done, still listens when this listener has spoken.
  for (const signal of SIGNALS) installed.proc.prependListener(signal, onSignal);
}

function onSignal(signal: NodeJS.Signals): void {
  if (installed === undefined) return;
  const { proc, err } = installed;
  for (const each of SIGNALS) proc.off(each, onSignal);
  try {
    err.write(`${interrupted(signal)}\n`);
  } catch {
    // Nothing can be said; the signal still ends the process.
  }
  if (proc.listenerCount(signal) === 0) proc.kill(proc.pid, signal);
}

/**
 * For main() before it exits: a signal held during a write reaches its listener on a later
 * turn of the event loop, and an exit before that turn would drop it (Ctrl-C during the
 * last write would end the run with exit 0).
 */
export function settleSignals(): Promise<void> {
  return installed?.holding === true ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve();
}
