// The commands that read saved files (report, diff, merge) quote what a file holds in their
// messages: a name, a key, a version of any length, and the file's path. Each line of such
// a message is escaped for the terminal and kept to one short line (saved/line.ts).
import { terminalText } from '../report/text.js';
import { shortLines } from '../saved/line.js';
import { KnownError } from './errors.js';

/** `error` with each of its lines short, when it is a message for the user; any other as it is. */
export function shortened(error: unknown): unknown {
  return error instanceof KnownError ? new KnownError(shortLines(error.lines, terminalText), error.exitCode) : error;
}
