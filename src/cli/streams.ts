// The process's standard streams as the sinks a command writes to, with their failures
// made into what a user can act on: a full disk or a broken device under standard output
// ends the run with one line and exit 2 (a closed pipe, `idemsim run | head`, quietly with
// exit 0), and a standard error that cannot be written to makes the exit code non-zero,
// since nothing can be said there.
//
// A standard output closed before the start (`idemsim run >&-`) cannot be told apart: Node
// opens /dev/null read-write on a closed descriptor before any of idemsim runs, exactly as
// a parent discarding the output does (Node's stdio 'ignore', Python's DEVNULL: the same
// device and the same flags in /proc/self/fdinfo). Treating it as an error would fail every
// caller that discards the output on purpose, so it is not (docs/hostile-input.md).
import { terminalLines } from '../report/text.js';
import type { Sink } from './context.js';
import { ExitCode, InputError } from './errors.js';
import { readFailure } from '../io/failure.js';
import { CLEAR_LINE } from './progress.js';

/** The one line for a standard stream that cannot be written to. */
export function cannotWriteStream(name: string, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const reason =
    code === 'ENOSPC'
      ? 'no space left on the device'
      : code === 'EBADF'
        ? 'it is not open for writing (open it with >, or leave it to the terminal)'
        : readFailure(error);
  return `idemsim: cannot write to standard ${name}: ${reason}`;
}

export interface GuardedStreams {
  out: Sink;
  err: Sink;
  /** Whether a write to standard error failed: the run must not then exit 0. */
  errFailed(): boolean;
}

/**
 * Sinks over `out` and `err`. A write to a file (or /dev/full) fails as it is made, so the
 * error is thrown as an input error, which the command's guard prints and turns into exit 2.
 * A pipe fails later, as an 'error' event: `onLateFailure` gets the exit code to end with.
 */
export function guardStreams(
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
  onLateFailure: (code: number) => void,
): GuardedStreams {
  let errFailed = false;
  out.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return onLateFailure(ExitCode.ok);
    try {
      err.write(`${cannotWriteStream('output', error)}\n`);
    } catch {
      errFailed = true;
    }
    onLateFailure(ExitCode.input);
  });
  err.on('error', () => {
    errFailed = true;
  });
  return {
    out: {
      write: (text) => {
        try {
          return out.write(text);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EPIPE') return false;
          throw new InputError(cannotWriteStream('output', error));
        }
      },
    },
    err: {
      write: (text) => {
        try {
          return err.write(text);
        } catch {
          errFailed = true;
          return false;
        }
      },
    },
    errFailed: () => errFailed,
  };
}

/**
 * Standard error as a terminal should get it. What idemsim writes there is for a person
 * and never coloured, yet a message may quote a file name, a flag or a saved file's text:
 * every control character is shown as an escape (terminalLines), line breaks kept. The one
 * exception is the progress line's own redraw, which is drawn only on a terminal that can.
 */
export function terminalErr(err: Sink, progress: boolean): Sink {
  return {
    write: (text) =>
      err.write(
        progress && text.startsWith(CLEAR_LINE)
          ? `${CLEAR_LINE}${terminalLines(text.slice(CLEAR_LINE.length))}`
          : terminalLines(text),
      ),
  };
}
