// An --out path is shown in one line whatever it holds: a line break in it is written as
// \n in the "report written" line and in every refusal that names the folder.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured, lines } from './sinks.js';

describe('--out with a line break in its path', () => {
  it('says where the report went in one line', async () => {
    const ctx = captured({ cwd: mkdtempSync(join(tmpdir(), 'idemsim-out-text-')) });
    expect(await cli(['run', '--actions', '100', '--format', 'json', '--out', 'new\nline'], ctx)).toBe(0);
    expect(lines(ctx.err.text)).toEqual(['report written to new\\nline/index.html']);
  });

  it('refuses a file there in one line', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-out-text-'));
    writeFileSync(join(cwd, 'a\nb'), 'x');
    const ctx = captured({ cwd });
    expect(await cli(['run', '--actions', '100', '--out', 'a\nb'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toHaveLength(1);
    expect(ctx.err.text).toMatch(/^--out a\\nb: exists and is not a directory/);
  });
});
