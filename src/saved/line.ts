// How long one printed line about a saved file may be. A summary, saved run or part can hold
// text of any length (a key, a name, a version edited in), and a file path can be as long as
// the system allows; a message quoting them must still read as one line. A longer line keeps
// its start (the file, line, column and field) and its end (what is wrong and what to do),
// with an ellipsis between.

/** The most characters (UTF-16 units) of one printed line about a saved file. */
export const MAX_LINE = 300;

const ELLIPSIS = ' … ';
/** What a line keeps of its end: the problem and its fix, which the messages put last. */
const TAIL = 110;

/** The escapes of report/text.ts's terminalText (\n, \r, \t, \uXXXX): a cut never splits one. */
const ESCAPE = /\\(?:u[0-9a-fA-F]{4}|[nrt])/g;

/**
 * `line`, already escaped for the terminal (report/text.ts's terminalText: no control or
 * bidirectional character left), at most MAX_LINE characters: a longer one loses its middle
 * to an ellipsis. No escape sequence or surrogate pair is cut in two.
 */
export function shortLine(line: string, max = MAX_LINE): string {
  if (line.length <= max) return line;
  const tail = Math.min(TAIL, Math.floor((max - ELLIPSIS.length) / 2));
  const head = max - ELLIPSIS.length - tail;
  const end = safeCut(line, head, 'back');
  const start = safeCut(line, line.length - tail, 'forward');
  return `${line.slice(0, end)}${ELLIPSIS}${line.slice(start)}`;
}

/** `at`, or the nearest place that way which splits no escape and no surrogate pair. */
function safeCut(line: string, at: number, way: 'back' | 'forward'): number {
  let cut = at;
  for (const match of line.matchAll(ESCAPE)) {
    const from = match.index;
    const to = from + match[0].length;
    if (from >= cut) break;
    if (cut < to) cut = way === 'back' ? from : to;
  }
  const code = line.charCodeAt(cut - 1);
  // A high surrogate before the cut: its low half lies after it.
  if (code >= 0xd800 && code <= 0xdbff) cut += way === 'back' ? -1 : 1;
  return cut;
}

/** Each line made safe for a terminal by `escape` (report/text.ts's terminalText), then shortened. */
export function shortLines(lines: readonly string[], escape: (line: string) => string): string[] {
  return lines.map((line) => shortLine(escape(line)));
}
