// Text that a scenario carries into every output (its name, description and a string
// seed) holds no control character and has a length limit: otherwise it reaches a
// terminal raw, breaks the XML of a JUnit file or an SVG, or makes a 50 MB table.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultsWithSets, loadScenario } from '../../src/scenario/index.js';
import { CONTROL } from '../../src/scenario/kinds.js';

const controls = fc.constantFrom(
  ...[0, 7, 8, 11, 12, 13, 27, 31, 127, 0x85, 0x9f, 0x2028, 0x2029, 0xfffe, 0xffff].map((c) => String.fromCharCode(c)),
);
const plain = fc.string({ maxLength: 20 }).filter((s) => !CONTROL.test(s));

function codesOf(yaml: string): string[] {
  const outcome = loadScenario(yaml, 'x.yaml');
  return outcome.ok ? [] : outcome.issues.map((i) => i.code);
}

describe('text fields', () => {
  it('refuse a control character anywhere in a name or a string seed, naming it', () => {
    fc.assert(
      fc.property(plain, controls, plain, fc.constantFrom('name', 'seed'), (before, bad, after, field) => {
        const outcome = defaultsWithSets([`${field}=${JSON.stringify(before + bad + after)}`]);
        expect(outcome.ok).toBe(false);
        if (outcome.ok) return;
        expect(outcome.issues.map((i) => i.code)).toContain('control-character');
        const message = outcome.issues.map((i) => i.message).join('\n');
        expect(message).toContain(`U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
        // The message itself carries no control character to the terminal.
        // eslint-disable-next-line no-control-regex
        expect(message).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      }),
      { seed: 16, numRuns: 300 },
    );
  });

  it('let a description break lines and hold tabs, but no other control character', () => {
    expect(codesOf('name: a\ndescription: |\n  one\n  two\tcolumns\n')).toEqual([]);
    expect(codesOf('name: a\ndescription: "ring \\a bell"\n')).toContain('control-character');
  });

  it('limit lengths: a name to 200 characters, a description to 5,000', () => {
    expect(codesOf(`name: ${'n'.repeat(200)}\n`)).toEqual([]);
    expect(codesOf(`name: ${'n'.repeat(201)}\n`)).toEqual(['too-long']);
    expect(codesOf(`name: a\ndescription: ${'d'.repeat(5000)}\n`)).toEqual([]);
    expect(codesOf(`name: a\ndescription: ${'d'.repeat(5001)}\n`)).toEqual(['too-long']);
  });

  it('repeat a --set argument in messages with its control characters escaped and cut short', () => {
    const outcome = defaultsWithSets([`name=a\u0007${'x'.repeat(300)}`]);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const file = outcome.issues[0]?.file ?? '';
    expect(file.startsWith('--set name=a\\u0007xxx')).toBe(true);
    expect(file.length).toBeLessThanOrEqual('--set '.length + 80);
  });
});
