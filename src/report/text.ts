// Plain-text pieces every report's text output shares: the borderless table, what the
// brackets mean, word wrap, an instant of simulated time as a clock reads it, text from a
// file or the command line made safe for a terminal, and CSV fields (RFC 4180 quoting,
// full-precision numbers).
import { NOT_AVAILABLE, proseDuration } from '../format/format.js';

/** What "[low, high]" means wherever a value is printed with its interval. */
export const INTERVAL_NOTE = '[low, high]: 95% confidence interval';

/** cli-table3 characters for a borderless table with three spaces between columns. */
export const NO_BORDER = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '   ',
};

/**
 * Greedy word wrap with a prefix for the first line and one for the rest; colour codes
 * count towards the width, which only makes lines shorter.
 */
export function wrap(text: string, width: number, first = '', rest = ''): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else {
      line = empty ? line + word : `${line} ${word}`;
    }
    empty = false;
  }
  if (!empty) lines.push(line);
  return lines;
}

/**
 * An instant of simulated time (ms from the start) as a clock reads it, to the second past
 * a minute: 450 -> "450 ms", 3240 -> "3.24 s", 723_400 -> "12 min 3 s", 720_000 -> "12 min",
 * 7_512_000 -> "2 h 5 min". A single unit ("12.06 min") makes a reader do the arithmetic.
 */
export function clockTime(ms: number): string {
  if (!Number.isFinite(ms)) return NOT_AVAILABLE;
  if (Math.abs(ms) < 59_500) return proseDuration(ms);
  const sign = ms < 0 ? '-' : '';
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds < 3600) {
    const s = seconds % 60;
    return `${sign}${Math.floor(seconds / 60)} min${s === 0 ? '' : ` ${s} s`}`;
  }
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const m = minutes % 60;
  return `${sign}${Math.floor(minutes / 60)} h${m === 0 ? '' : ` ${m} min`}`;
}

// eslint-disable-next-line no-control-regex
const TERMINAL_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const TERMINAL_CONTROL_BUT_LINE_FEED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SHOWN: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const shown = (c: string): string => SHOWN[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * One line of text someone else wrote (a file name, a label, a saved summary's text) as a
 * terminal should get it: every control character (C0, DEL, C1, the Unicode line and
 * paragraph separators, and the bidirectional embeddings, overrides and isolates that
 * would show "evil\u202egnp.exe" as "evilexe.png") written as a visible escape, ESC as \u001b and a line break as
 * \n, so that no input can move the cursor, change colours, retitle the window or ring
 * the bell. Colour of our own is added after, to the safe text.
 */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROL, shown);
}

/** The same for text whose line breaks are its own (a paragraph, a stack trace): line feeds kept. */
export function terminalLines(text: string): string {
  return text.replace(TERMINAL_CONTROL_BUT_LINE_FEED, shown);
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return
 * first, OWASP's list) is written with a leading ' that makes it text; a plain number such
 * as -0.5 is left alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * A CSV field: quoted when it holds a comma, quote or line break, quotes doubled (RFC 4180),
 * and kept from being read as a formula.
 */
export function csvField(text: string): string {
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number at full precision (the shortest round-trip form); empty when absent or not finite. */
export function csvNumber(x: number | undefined): string {
  return x === undefined || !Number.isFinite(x) ? '' : String(x);
}
