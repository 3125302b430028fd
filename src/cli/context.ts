// What a command may touch of the outside world, passed in so that tests can call
// commands directly with captured sinks instead of the real process.

/** Anything with a `write(text)`: process.stdout, a stream, or a test's string buffer. */
export interface Sink {
  write(text: string): unknown;
}

export interface CommandContext {
  out: Sink;
  err: Sink;
  /** Directory relative file names are resolved against. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether `out` is a terminal (a person is reading). */
  isTTY: boolean;
  /** Whether `err` is a terminal: progress is drawn there only then (default: false). */
  errIsTTY?: boolean;
  /** Milliseconds from an arbitrary origin, for progress and ETA only; tests pass a fake
   * (default: the process clock, read in progress.ts and nowhere else). */
  now?: () => number;
}

/**
 * Colour is for a person at a terminal: only when `out` is a TTY and `NO_COLOR` is not
 * set to a non-empty value (https://no-color.org: an empty NO_COLOR does not count).
 */
export function colorEnabled(ctx: Pick<CommandContext, 'env' | 'isTTY'>): boolean {
  const noColor = ctx.env['NO_COLOR'];
  return ctx.isTTY && (noColor === undefined || noColor === '');
}
