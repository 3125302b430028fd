// What must be undone however the process ends: a temporary server to stop, a directory to
// remove, keys written to the user's Redis, a table made on the user's Postgres. Signals and
// exit are process-wide, so the registry is too; a store registers on open and unregisters
// once it has closed.

/** One thing to undo: `now` runs synchronously (it may be all there is time for), `later` may await. */
export interface Cleanup {
  /** Runs on exit and on SIGINT/SIGTERM/SIGHUP, before `later`: must not throw, must not wait. */
  now?: () => void;
  /** Runs on SIGINT/SIGTERM/SIGHUP only, after every `now`, for at most LATER_MS. */
  later?: () => Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How long an interrupted process waits for the `later` cleanups before it ends anyway. */
const LATER_MS = 3000;

const pending = new Set<Cleanup>();

function runNow(cleanups: readonly Cleanup[]): void {
  for (const cleanup of cleanups) {
    try {
      cleanup.now?.();
    } catch {
      // A cleanup that fails must not stop the others.
    }
  }
}

function onExit(): void {
  const cleanups = [...pending];
  pending.clear();
  runNow(cleanups);
}

/**
 * Undoes everything, then ends the process with the signal it got, as if nobody had been
 * listening (exit status 128 + signal number). A second signal meanwhile ends it at once.
 */
function onSignal(signal: NodeJS.Signals): void {
  const cleanups = [...pending];
  pending.clear();
  uninstall();
  runNow(cleanups);
  const later = cleanups.flatMap((cleanup) => (cleanup.later === undefined ? [] : [cleanup.later]));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, LATER_MS).unref());
  void Promise.race([Promise.allSettled(later.map((run) => run())), timeout]).then(() => {
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  });
}

function install(): void {
  process.on('exit', onExit);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  process.off('exit', onExit);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

/** Registers `cleanup` until the returned function is called (after a normal close). */
export function cleanUpOnExit(cleanup: Cleanup): () => void {
  if (pending.size === 0) install();
  pending.add(cleanup);
  return () => {
    pending.delete(cleanup);
    if (pending.size === 0) uninstall();
  };
}
