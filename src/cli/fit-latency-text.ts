// Input shown back in one-line errors (fit-latency's, --max-memory's): cut short and with every character
// that could break the line, or hide itself, escaped, whatever the file or flag held.

/** How much of a cell or flag an error shows, in UTF-16 units, before "...". */
export const SHOWN_CHARS = 40;

/**
 * What JSON.stringify leaves raw but a terminal should not get: DEL and the C1 controls,
 * the soft hyphen, zero-width and direction marks and overrides, the line and paragraph
 * separators, word joiners and the byte order mark. (JSON.stringify escapes C0 and lone
 * surrogates itself.)
 */
const HIDDEN = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

const escaped = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` in double quotes, at most `max` characters of it then "...", escaped as JSON and more. */
export function quote(text: string, max = SHOWN_CHARS): string {
  let shown = text;
  if (text.length > max) {
    // Not between the two halves of a surrogate pair: that would print a stray \ud83d.
    const cut = text.charCodeAt(max - 1) >= 0xd800 && text.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
    shown = `${text.slice(0, cut)}...`;
  }
  return JSON.stringify(shown).replace(HIDDEN, escaped);
}

/** A file name as the user wrote it, or quoted when it is long or holds a control character. */
export function shownFile(file: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = file.length <= 200 && !/[\u0000-\u001f]/.test(file) && file.replace(HIDDEN, '') === file;
  return plain ? file : quote(file, 80);
}
