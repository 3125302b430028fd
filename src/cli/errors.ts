// How a command ends badly: known errors are a few lines for the user and an exit code;
// anything else is a bug, shown with its stack so it can be reported.
import { CommanderError } from 'commander';
import { FileWriteError } from '../io/file.js';
import { terminalLines, terminalText } from '../report/text.js';
import type { Sink } from './context.js';

export const ExitCode = {
  ok: 0,
  /** A `check` found a metric outside its `expect:` bound. */
  checkFailed: 1,
  /** Bad input: usage, unreadable file, invalid scenario. */
  input: 2,
  /** An unexpected error: a bug in idemsim (BSD sysexits EX_SOFTWARE). */
  internal: 70,
} as const;

/** An error the user can fix; each line is printed as is, without a stack trace. */
export class KnownError extends Error {
  readonly lines: readonly string[];
  readonly exitCode: number;

  constructor(lines: readonly string[], exitCode: number) {
    super(lines.join('\n'));
    this.name = new.target.name;
    this.lines = lines;
    this.exitCode = exitCode;
  }
}

/** Bad input (options, files, scenarios): exit 2. */
export class InputError extends KnownError {
  constructor(lines: string | readonly string[]) {
    super(typeof lines === 'string' ? [lines] : lines, ExitCode.input);
  }
}

/**
 * Prints what the user needs to see about `error` and returns the exit code. A message
 * may quote what the user gave (a file name, a --set, a saved file's text), so every
 * control character in it is shown as an escape, never sent to the terminal.
 */
export function reportError(error: unknown, err: Sink): number {
  if (error instanceof KnownError) {
    for (const line of error.lines) err.write(`${terminalText(line)}\n`);
    return error.exitCode;
  }
  // A file that cannot be written where the user asked (io/file.ts).
  if (error instanceof FileWriteError) {
    err.write(`${terminalText(error.message)}\n`);
    return ExitCode.input;
  }
  // A run stopped by one of its limits (sim/run-limits.ts) or by the memory guard
  // (pool/memory-guard.ts), in this thread or a worker's.
  if (error instanceof Error && (error.name === 'RunLimitError' || error.name === 'MemoryLimitError')) {
    err.write(`idemsim: ${error.message}\n`);
    return ExitCode.input;
  }
  if (error instanceof CommanderError) {
    // Commander has already printed its one-line message (or the help / version).
    return error.exitCode === 0 ? ExitCode.ok : ExitCode.input;
  }
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  err.write(`${terminalLines(text)}\n`);
  return ExitCode.internal;
}

/** Runs a command body, turning whatever it throws into printed lines and an exit code. */
export function guard(err: Sink, body: () => number): number {
  try {
    return body();
  } catch (error) {
    return reportError(error, err);
  }
}

/** `guard` for a command body that awaits (rendering charts, writing a report). */
export async function guardAsync(err: Sink, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    return reportError(error, err);
  }
}
