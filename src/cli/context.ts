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
  /**
   * Whether `err` is a terminal that can redraw a line: progress is drawn there only then
   * (default: false). main.ts leaves it false under TERM=dumb.
   */
  errIsTTY?: boolean;
  /** The terminal's width in columns when `err` is one (read at each redraw: a window can be resized). */
  errColumns?: () => number | undefined;
  /** Milliseconds from an arbitrary origin, for progress and ETA only; tests pass a fake
   * (default: the process clock, read in progress.ts and nowhere else). */
  now?: () => number;
  /**
   * The memory the process may take, bytes (--max-memory, default 1 GB): the memory guard
   * stops a run that passes it (pool/memory-guard.ts). Set by a command once it has read its options.
   */
  memoryCeiling?: number;
}

/**
 * Colour is for a person at a terminal, decided as Node decides it for its own output:
 * `FORCE_COLOR` first (0 or false: never; any other value: always, even into a pipe), then
 * `NO_COLOR` set to a non-empty value (https://no-color.org: an empty one does not count)
 * or `TERM=dumb`: never; otherwise only when `out` is a TTY.
 */
export function colorEnabled(ctx: Pick<CommandContext, 'env' | 'isTTY'>): boolean {
  const force = ctx.env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  const noColor = ctx.env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  return ctx.isTTY && !dumbTerminal(ctx.env);
}

/** `TERM=dumb`: a terminal that cannot take colour or cursor movement (Emacs shells, some CI). */
export function dumbTerminal(env: CommandContext['env']): boolean {
  return env['TERM'] === 'dumb';
}
