// Colour and cursor control follow the terminal conventions: NO_COLOR, FORCE_COLOR and
// TERM=dumb, decided as Node decides them, checked on a real pseudo-terminal (script(1)).
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { colorEnabled } from '../../src/cli/context.js';
import { BIN, ROOT, requireBuild } from './binary.js';

describe('colorEnabled', () => {
  it('FORCE_COLOR decides first, then a non-empty NO_COLOR or TERM=dumb turn colour off, then the terminal', () => {
    const maybe = (values: string[]): fc.Arbitrary<string | undefined> =>
      fc.option(fc.constantFrom(...values), { nil: undefined });
    fc.assert(
      fc.property(
        fc.boolean(),
        maybe(['0', '1', '2', '3', 'false', 'true', '']),
        maybe(['', '1', 'yes']),
        maybe(['dumb', 'xterm-256color', '']),
        (isTTY, force, noColor, term) => {
          const env = { FORCE_COLOR: force, NO_COLOR: noColor, TERM: term };
          const expected =
            force !== undefined
              ? force !== '0' && force !== 'false'
              : !(noColor !== undefined && noColor !== '') && term !== 'dumb' && isTTY;
          expect(colorEnabled({ isTTY, env })).toBe(expected);
        },
      ),
      { seed: 16, numRuns: 400 },
    );
  });
});

/** idemsim on a pseudo-terminal with `env`, its whole output as the terminal got it. */
function onTerminal(args: readonly string[], env: Record<string, string | undefined>): string {
  const command = [process.execPath, BIN, ...args].map((word) => `'${word}'`).join(' ');
  const clean = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, TERM: 'xterm-256color', ...env };
  const result = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: clean, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

// Long enough (LONG_RUN_ACTIONS) for the progress line to be drawn at once.
const RUN = ['run', '--actions', '300000'];
const ESC = '\u001b';

describe('on a terminal', () => {
  beforeAll(() => requireBuild());

  it('colours the table and draws a progress line by default', () => {
    const output = onTerminal(RUN, {});
    expect(output).toContain(`${ESC}[1m`);
    expect(output).toContain(`${ESC}[K`);
  });

  it.each([
    ['NO_COLOR=1', { NO_COLOR: '1' }],
    ['FORCE_COLOR=0', { FORCE_COLOR: '0' }],
    ['TERM=dumb', { TERM: 'dumb' }],
  ])('%s: no colour', (_, env) => {
    expect(onTerminal(RUN, env)).not.toMatch(new RegExp(`${ESC}\\[[0-9;]*m`));
  });

  it('TERM=dumb: no cursor control either, so no progress line', () => {
    expect(onTerminal(RUN, { TERM: 'dumb' })).not.toContain(ESC);
  });
});
