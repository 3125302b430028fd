// init writes a scenario file or nothing: never over a device, a FIFO or a socket (even with
// --force), never a file that does not validate, whatever the file is called.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { init } from '../../src/cli/init.js';
import { baseName, loadScenario } from '../../src/scenario/index.js';
import { captured, lines } from './sinks.js';

const fresh = (): string => mkdtempSync(join(tmpdir(), 'idemsim-init-'));

describe('init refuses what is not a file to write', () => {
  it('a FIFO, even with --force, and leaves it as it was', () => {
    const cwd = fresh();
    execFileSync('mkfifo', [join(cwd, 'pipe')]);
    const ctx = captured({ cwd });
    expect(init('pipe', { force: true }, ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual([
      'pipe: not a regular file (a device, a FIFO or a socket); name a new path or a regular file',
    ]);
    expect(readdirSync(cwd)).toEqual(['pipe']);
  });

  it('a device, even with --force', () => {
    const ctx = captured();
    expect(init('/dev/null', { force: true }, ctx)).toBe(2);
    expect(ctx.err.text).toContain('/dev/null: not a regular file');
  });
});

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe('init validates what it writes into the file', () => {
  it('a file name with a line break or control character (the scenario is named after it): one line, exit 2, nothing written', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom('\n', '\r', '\u0007', '\u001b', '\u0000', '\u2028', '\u0085'),
        (stem, bad) => {
          const cwd = fresh();
          const ctx = captured({ cwd });
          const name = `${stem.replace(/[/\\]/g, '')}${bad}x.yaml`;
          expect(init(name, {}, ctx)).toBe(2);
          expect(lines(ctx.err.text)).toHaveLength(1);
          expect(ctx.err.text).toContain('cannot hold a line break or control character');
          expect(readdirSync(cwd)).toEqual([]);
        },
      ),
      { seed: 16, numRuns: 100 },
    );
  });

  it('--schema with a line break cannot add lines to the file', () => {
    const cwd = fresh();
    const ctx = captured({ cwd });
    expect(init('x.yaml', { schema: 'a.json\nactions: 5' }, ctx)).toBe(2);
    expect(existsSync(join(cwd, 'x.yaml'))).toBe(false);
  });

  it('any other file name gives a file that validates, named after it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 24 }), (stem) => {
        const base = stem.replace(/[/\\]/g, '_');
        fc.pre(!CONTROL.test(base) && base !== '.' && base !== '..');
        const cwd = fresh();
        const file = `${base}.yaml`;
        expect(init(file, {}, captured({ cwd }))).toBe(0);
        const outcome = loadScenario(readFileSync(join(cwd, file), 'utf8'), file);
        expect(outcome.ok && outcome.scenario.name).toBe(baseName(file));
      }),
      { seed: 16, numRuns: 150 },
    );
  });
});
