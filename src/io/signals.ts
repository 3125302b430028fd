// The one registry of what a signal or the process's end must wait for or undo: a file or
// report folder being written, and what a key store left to clean up (a temporary server to
// stop, a directory to remove, keys written to the user's Redis, a table made on the user's
// Postgres). A signal kills a process between any two instructions, so one between the two
// renames of a folder swap would leave DIR missing. While idemsim writes, the signals are
// held: a listener makes each an event, which Node delivers only once the synchronous write
// has finished or been undone; the listener then says so, runs the cleanups, and ends the
// process by the same signal (a shell sees 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP,
// as without it; a script that runs idemsim in a loop stops, as it would not on a plain exit).
// Before the first write or cleanup the signals keep their default, on purpose: a listener
// runs only when the event loop turns, so one would make a long synchronous simulation deaf
// to Ctrl-C. Once held they stay held until the process ends: a listener removed before the
// loop turns would drop a signal that came during the write. Nothing of a write is on disk
// at an await, so there is nothing else to undo; a SIGKILL or a power cut is repaired by the
// next write (leftovers.ts).

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How long an interrupted process waits for the `later` cleanups before it ends anyway. */
const LATER_MS = 3000;

/** What of `process` the signals need: main passes the process itself, tests a fake. */
export type SignalProcess = Pick<NodeJS.Process, 'prependListener' | 'off' | 'listenerCount' | 'kill' | 'pid'>;

/** One thing to undo: `now` runs synchronously (it may be all there is time for), `later` may await. */
export interface Cleanup {
  /** Runs on exit and on SIGINT/SIGTERM/SIGHUP, before `later`: must not throw, must not wait. */
  now?: () => void;
  /** Runs on SIGINT/SIGTERM/SIGHUP only, after every `now`, for at most LATER_MS. */
  later?: () => Promise<void>;
}

interface Registry {
  proc: SignalProcess;
  /** Tells the user that a held signal ended the process (main's error stream); none in tests of a store. */
  say: ((signal: NodeJS.Signals) => void) | undefined;
  /** A write has begun: from now until the process ends, signals wait for the write in progress. */
  holding: boolean;
  pending: Set<Cleanup>;
  listening: boolean;
}

// Signals and exit are process-wide, so this is too: main() installs it once; a store opened
// by a test directly still cleans up on the real process.
const registry: Registry = { proc: process, say: undefined, holding: false, pending: new Set(), listening: false };

/** main() at start-up: lets the signals listen on `proc` and say what happened through `say`. */
export function installSignals(proc: SignalProcess, say: (signal: NodeJS.Signals) => void): void {
  stopListening();
  registry.proc = proc;
  registry.say = say;
  registry.holding = false;
  if (registry.pending.size > 0) listen();
}

/**
 * From now until the process ends, SIGINT, SIGTERM and SIGHUP wait for the write in progress.
 * Only once main() has installed the signals: a test that calls a command directly holds nothing.
 */
export function holdSignals(): void {
  if (registry.say === undefined || registry.holding) return;
  registry.holding = true;
  listen();
}

/** Registers `cleanup` until the returned function is called (after a normal close). */
export function cleanUpOnExit(cleanup: Cleanup): () => void {
  registry.pending.add(cleanup);
  listen();
  return () => {
    registry.pending.delete(cleanup);
    if (registry.pending.size === 0 && !registry.holding) stopListening();
  };
}

/**
 * For main() before it exits: a signal held during a write reaches its listener on a later
 * turn of the event loop, and an exit before that turn would drop it (Ctrl-C during the
 * last write would end the run with exit 0).
 */
export function settleSignals(): Promise<void> {
  return registry.holding ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve();
}

function listen(): void {
  if (registry.listening) return;
  registry.listening = true;
  // First in line, so that a listener of someone else's still hears the signal after this one.
  for (const signal of SIGNALS) registry.proc.prependListener(signal, onSignal);
  registry.proc.prependListener('exit', onExit);
}

function stopListening(): void {
  if (!registry.listening) return;
  registry.listening = false;
  for (const signal of SIGNALS) registry.proc.off(signal, onSignal);
  registry.proc.off('exit', onExit);
}

function takePending(): Cleanup[] {
  const cleanups = [...registry.pending];
  registry.pending.clear();
  for (const cleanup of cleanups) {
    try {
      cleanup.now?.();
    } catch {
      // A cleanup that fails must not stop the others.
    }
  }
  return cleanups;
}

function onExit(): void {
  takePending();
}

/**
 * Says so (during a write), undoes everything, then ends the process with the signal it got,
 * as if nobody had been listening (exit status 128 + signal number), unless someone else
 * still listens and will. A second signal meanwhile ends it at once.
 */
function onSignal(signal: NodeJS.Signals): void {
  const { proc, say, holding } = registry;
  stopListening();
  if (holding) {
    try {
      say?.(signal);
    } catch {
      // Nothing can be said; the signal still ends the process.
    }
  }
  const later = takePending().flatMap((cleanup) => (cleanup.later === undefined ? [] : [cleanup.later]));
  const end = (): void => {
    if (proc.listenerCount(signal) === 0) proc.kill(proc.pid, signal);
  };
  if (later.length === 0) return end();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, LATER_MS).unref());
  void Promise.race([Promise.allSettled(later.map((run) => run())), timeout]).then(end);
}
