// Text someone else wrote, at its worst: terminal escapes (colour, window title, clear
// screen, cursor moves), the bell, C0 and C1 controls, DEL, the characters XML forbids
// (U+FFFE, U+FFFF, half a surrogate pair), markup that would close a chart and open a
// script, CDATA ends, quotes, and very long runs. For the sink tests of xml-safety and
// terminal-text.
import fc from 'fast-check';

export const HOSTILE_PIECES: readonly string[] = [
  '\u001b[31m',
  '\u001b[0m',
  '\u001b]0;owned\u0007',
  '\u001b[2J\u001b[H',
  '\u001b[1A\u001b[K',
  '\u009b31m',
  '\u0007',
  '\u0000',
  '\b',
  '\r',
  '\n',
  '\t',
  '\u000b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udfff',
  ']]>',
  '<![CDATA[',
  '</svg><script>alert(1)</script>',
  '</text></g></svg>',
  '"',
  "'",
  '&',
  '&amp;',
  '<',
  '>',
  '-->',
];

const codeUnit = (min: number, max: number): fc.Arbitrary<string> =>
  fc.integer({ min, max }).map((c) => String.fromCharCode(c));

/** A hostile string: pieces of the list above, any C0 or C1 control, any surrogate, plain text between. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .array(
        fc.oneof(
          fc.constantFrom(...HOSTILE_PIECES),
          codeUnit(0, 0x9f),
          codeUnit(0xd800, 0xdfff),
          fc.string({ maxLength: 6 }),
        ),
        { minLength: 1, maxLength: 10 },
      )
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.constantFrom('\u001b[31m'.repeat(800), `${'x'.repeat(5000)}\u0007`) },
);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** The first control character other than a line feed, as U+XXXX, or undefined. */
export function controlIn(text: string): string | undefined {
  const bad = CONTROL.exec(text);
  return bad === null ? undefined : `U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${bad.index}`;
}

/**
 * The colour codes chalk writes at level 1 for bold, dim and red (and their ends): the only
 * escapes idemsim's own output may hold.
 */
// eslint-disable-next-line no-control-regex
const OUR_COLOURS = /\u001b\[(?:1|2|22|31|39)m/g;

/** `text` without idemsim's own colour codes. */
export function withoutOurColours(text: string): string {
  return text.replace(OUR_COLOURS, '');
}
