// Plain-text pieces every report's text output shares: the borderless table, what the
// brackets mean, word wrap, and CSV fields (RFC 4180 quoting, full-precision numbers).

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

/** A CSV field: quoted when it holds a comma, quote or line break, quotes doubled (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A number at full precision (the shortest round-trip form); empty when absent or not finite. */
export function csvNumber(x: number | undefined): string {
  return x === undefined || !Number.isFinite(x) ? '' : String(x);
}
