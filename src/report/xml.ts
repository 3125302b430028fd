// Text bound for XML: the JUnit file, every SVG chart and the HTML pages that inline them.
// Escaping makes markup of nothing a user wrote; the characters XML 1.0 has no place for
// (C0 controls but tab, line feed and carriage return; U+FFFE and U+FFFF; half a surrogate
// pair) are replaced by U+FFFD, since no escape may name them either: with them the
// document is not XML at all, and parsers, CI servers and resvg refuse it.

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NOT_XML = new RegExp(`${FORBIDDEN.source}|${LONE_SURROGATE.source}`, 'g');

/** U+FFFD, the replacement character: what a reader shows for a character that could not be kept. */
export const REPLACEMENT = '\ufffd';

/** Every character XML 1.0 does not allow replaced by U+FFFD; nothing escaped. */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML, REPLACEMENT);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // In an attribute value a parser would read these as spaces: kept as references instead.
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * Text for XML element content and quoted attribute values: & < > " ' escaped, a tab or
 * line break as a character reference, forbidden characters replaced.
 */
export function xmlText(text: string): string {
  return xmlChars(text).replace(/[&<>"'\t\n\r]/g, (c) => ENTITIES[c] ?? c);
}
