// The bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069) reorder
// what a reader sees: a file "evil\u202Egnp.yaml" shows as "evillmay.png"-like nonsense, a
// name "evil\u202Egnp.exe" as "evilexe.png". Like the other controls they reach no terminal
// and no page raw: shown as their escapes, refused in a scenario's text and a saved file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { escapeHtml } from '../../src/report/page.js';
import { terminalLines, terminalText } from '../../src/report/text.js';
import { loadScenario } from '../../src/scenario/index.js';
import { captured } from './sinks.js';

const BIDI = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) =>
  String.fromCharCode(c),
);
const RAW = /[\u202a-\u202e\u2066-\u2069]/;
const escaped = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

describe.each(BIDI.map((c) => [escaped(c), c]))('%s', (shown, c) => {
  it('is shown as its escape on a terminal and in a page', () => {
    expect(terminalText(`evil${c}gnp.exe`)).toBe(`evil${shown}gnp.exe`);
    expect(terminalLines(`a\nevil${c}gnp`)).toBe(`a\nevil${shown}gnp`);
    expect(escapeHtml(`<b>evil${c}gnp.exe</b>`)).toBe(`&lt;b&gt;evil${shown}gnp.exe&lt;/b&gt;`);
  });

  it("is refused in a scenario's name and description, naming the character", () => {
    for (const field of ['name', 'description']) {
      const outcome = loadScenario(`${field}: "evil${c}gnp"\n`, 'x.yaml');
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) {
        expect(outcome.issues[0]?.message).toContain(
          `bidirectional control character (U+${c.charCodeAt(0).toString(16).toUpperCase()})`,
        );
      }
    }
  });
});

describe('a file whose name holds an override', () => {
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-bidi-'));
  const file = 'evil\u202egnp.yaml';
  writeFileSync(join(dir, file), 'actions: 200\n');

  it('runs, its default name and every line of output showing the escape', async () => {
    const ctx = captured({ cwd: dir });
    expect(await cli(['run', file], ctx)).toBe(0);
    expect(ctx.out.text).toContain('evil\\u202egnp');
    expect(ctx.out.text).not.toMatch(RAW);
    const json = captured({ cwd: dir });
    expect(await cli(['run', file, '--format', 'json'], json)).toBe(0);
    expect((JSON.parse(json.out.text) as { runs: { scenario: { name: string } }[] }).runs[0]?.scenario.name).toBe(
      'evil\\u202egnp',
    );
  });

  it('is named escaped where it cannot be read; a --set holding one is shown escaped too', async () => {
    for (const args of [
      ['run', 'missing\u202egnp.yaml'],
      ['run', file, '--set', 'keys.scope=\u202enone'],
      ['run', file, '--set', 'name=evil\u202egnp'],
    ]) {
      const ctx = captured({ cwd: dir });
      expect(await cli(args, ctx)).toBe(2);
      expect(ctx.err.text).not.toMatch(RAW);
      expect(ctx.err.text).toContain('\\u202e');
    }
  });
});
