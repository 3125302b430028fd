// `idemsim help metrics` prints the glossary (commander's own `help` would take `metrics`
// for a command's name), as `idemsim glossary` does; `help COMMAND` is still commander's.
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { renderGlossary } from '../../src/report/run/glossary.js';
import { captured } from './sinks.js';

async function run(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  const ctx = captured({ env });
  const code = await cli(args, ctx);
  return { code, out: ctx.out.text, err: ctx.err.text };
}

describe('idemsim help metrics', () => {
  it('prints the glossary and exits 0', async () => {
    const { code, out, err } = await run(['help', 'metrics']);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toBe(renderGlossary({ color: false }));
    expect(out).toMatch(/\n {2}dedup hit rate +dedupHitRate\n/);
  });

  it('is the glossary command', async () => {
    expect((await run(['glossary'])).out).toBe((await run(['help', 'metrics'])).out);
  });

  it('colours its section titles only where colour is asked for', async () => {
    expect((await run(['help', 'metrics'], { FORCE_COLOR: '1' })).out).toContain('\u001b[1mHeadline');
  });

  it('leaves help COMMAND to commander', async () => {
    const { code, out } = await run(['help', 'run']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Usage: idemsim run \[options\] \[FILES\.\.\.\]/);
  });

  it('is named in the program’s help, beside the help command', async () => {
    const { out } = await run(['--help']);
    expect(out).toMatch(/^ {2}glossary\b/m);
    expect(out).toMatch(/^ {2}help \[command\] +.*help metrics/m);
    expect(out).toContain('npx idemsim help metrics');
  });
});
