// Every command teaches itself: its --help ends with real examples, and `idemsim schema`
// prints the committed schema file byte for byte.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured } from './sinks.js';

async function help(args: readonly string[]): Promise<string> {
  const ctx = captured();
  expect(await cli([...args, '--help'], ctx)).toBe(0);
  return ctx.out.text;
}

/** The command names listed by `idemsim --help`. */
async function commands(): Promise<string[]> {
  const text = await help([]);
  const section = text.split('Commands:\n')[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z-]+)\b/gm)].map((m) => m[1] as string).filter((name) => name !== 'help');
}

describe('--help', () => {
  it('lists validate, init and schema beside run', async () => {
    expect(await commands()).toEqual(expect.arrayContaining(['run', 'validate', 'init', 'schema']));
  });

  it('of every command shows one or more examples of that command', async () => {
    for (const name of await commands()) {
      const text = await help([name]);
      const examples = text.split('Examples:\n')[1] ?? '';
      expect(examples, `idemsim ${name} --help`).toMatch(new RegExp(`^ {2}\\$ (npx )?idemsim ${name}\\b`, 'm'));
    }
  });
});

describe('idemsim schema', () => {
  it('prints the committed schema/scenario.schema.json, byte for byte', async () => {
    const ctx = captured();
    expect(await cli(['schema'], ctx)).toBe(0);
    expect(ctx.out.text).toBe(readFileSync(new URL('../../schema/scenario.schema.json', import.meta.url), 'utf8'));
    expect(ctx.err.text).toBe('');
  });
});
