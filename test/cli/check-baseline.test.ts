// `check --baseline FILE --fail-on ...`: idemsim diff inside check, read before simulating.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured, lines } from './sinks.js';

const dir = mkdtempSync(join(tmpdir(), 'idemsim-baseline-'));
const scenario = 'test/missions/solution-1.yaml';
const baseline = join(dir, 'base.json');

beforeAll(async () => {
  const ctx = captured();
  expect(await cli(['run', scenario, '--actions', '4000', '--format', 'json'], ctx)).toBe(0);
  writeFileSync(baseline, ctx.out.text);
});

async function check(...flags: string[]): Promise<{ code: number; out: string; err: string }> {
  const ctx = captured();
  const code = await cli(['check', scenario, '--actions', '4000', '--baseline', baseline, ...flags], ctx);
  return { code, out: ctx.out.text, err: ctx.err.text };
}

describe('check --baseline', () => {
  it('passes the same scenario at another seed, and prints the comparison after the bounds', async () => {
    const r = await check('--seed', '2', '--fail-on', 'unknownPerThousand=+1');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Against the baseline');
    expect(r.out).toMatch(/pass: no gate failed in 1 scenario/);
  });

  it('fails (exit 1) when retries 3 -> 0 raises the unknown outcomes beyond the gate', async () => {
    const r = await check('--set', 'client.retries=0', '--fail-on', 'unknownPerThousand=+1');
    expect(r.code).toBe(1);
    expect(r.out).toContain('unknownPerThousand=+1 in solution-1');
  });

  it('a tripped gate fails the JSON verdict too', async () => {
    // A 500 ms timeout: the key still stops duplicates (no bound fails), but the load rises.
    const r = await check('--set', 'client.timeout=500ms', '--fail-on', 'attemptsPerAction=+0.05', '--format', 'json');
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.out) as { passed: boolean; failed: number; baseline: { passed: boolean } };
    expect(doc.failed).toBe(0);
    expect(doc.baseline.passed).toBe(false);
    expect(doc.passed).toBe(false);
  });

  it('carries the comparison in JSON', async () => {
    const r = await check('--seed', '2', '--fail-on', 'duplicatesPerThousand=+0.1', '--format', 'json');
    const doc = JSON.parse(r.out) as { passed: boolean; baseline: { passed: boolean; scenarios: { name: string }[] } };
    expect(doc.passed).toBe(true);
    expect(doc.baseline.passed).toBe(true);
    expect(doc.baseline.scenarios.map((s) => s.name)).toEqual(['solution-1']);
  });

  it.each([
    [['--fail-on', 'unknownPerThousnd=+1'], "did you mean 'unknownPerThousand'"],
    [['--fail-on', 'unknownPerThousand=1'], ''],
  ])('refuses %j with one line and exit 2', async (flags, words) => {
    const r = await check(...flags);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(lines(r.err)).toHaveLength(1);
    expect(r.err).toContain(words);
  });

  it('refuses --fail-on without --baseline, and a scenario as the baseline', async () => {
    const ctx = captured();
    expect(await cli(['check', scenario, '--fail-on', 'unknownPerThousand=+1'], ctx)).toBe(2);
    expect(ctx.err.text).toContain('add --baseline FILE');
    const other = captured();
    expect(await cli(['check', scenario, '--baseline', scenario], other)).toBe(2);
    expect(other.err.text).toContain('not a scenario');
  });
});

describe('check --baseline --junit', () => {
  it('writes each gate as a testcase of a baseline suite, a tripped one as a failure', async () => {
    const { XMLValidator } = await import('fast-xml-parser');
    const junit = join(dir, 'gates.xml');
    const r = await check('--set', 'client.timeout=500ms', '--fail-on', 'attemptsPerAction=+0.05', '--junit', junit);
    expect(r.code).toBe(1);
    const text = readFileSync(junit, 'utf8');
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).toMatch(/<testsuite name="baseline" tests="1" failures="1" skipped="0"/);
    expect(text).toMatch(/<testcase classname="idemsim.baseline.solution-1" name="attemptsPerAction=\+0.05"/);
    expect(text).toMatch(/<failure message="attemptsPerAction=\+0.05 in solution-1: /);
  });
});
