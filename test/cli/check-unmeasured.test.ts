// `idemsim check` through the real binary on bounds the run cannot measure: a 409 rate
// with no key looked up, a key store that never held a key, a lease metric of a scenario
// without the optional features. Each reads "n/a" and fails, with and without --strict: a CI gate on
// such a bound must not pass on a placeholder zero.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { idemsim, requireBuild } from './binary.js';

beforeAll(requireBuild);

const dir = mkdtempSync(join(tmpdir(), 'idemsim-unmeasured-'));
const file = join(dir, 'no-key.yaml');
writeFileSync(
  file,
  [
    'name: no-key',
    'actions: 2000',
    'keys: { scope: none }',
    'expect:',
    '  conflictRate: { max: 0.01 }',
    '  leaseTakeovers: { max: 0 }',
    '  keyStore.steadyStateKeys: { max: 10 }',
    '',
  ].join('\n'),
);

describe('idemsim check on metrics the run did not measure (binary)', () => {
  it('fails each bound with --strict, exit 1, saying n/a and why instead of comparing', () => {
    const junit = join(dir, 'junit.xml');
    const r = idemsim(['check', file, '--strict', '--junit', junit]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/no-key .* conflictRate .* n\/a .* FAIL/);
    expect(r.stdout).toContain('3 bounds judged on their 95% intervals: 0 passed, 3 failed, 0 undecided');
    expect(r.stdout).toContain('no-key conflictRate: n/a, not measured: no attempt had its key looked up');
    expect(r.stdout).toContain('no-key leaseTakeovers: n/a, not measured: the scenario uses no optional feature (a crash, lease, check, incident, profile or real client)');
    expect(readFileSync(junit, 'utf8')).toContain('<failure message="conflictRate = n/a (not measured:');
  });

  it('fails them without --strict too, and says so in JSON', () => {
    const r = idemsim(['check', file, '--format', 'json']);
    expect(r.status).toBe(1);
    const doc = JSON.parse(r.stdout) as { passed: boolean; checks: { value: unknown; verdict: string }[] };
    expect(doc.passed).toBe(false);
    expect(doc.checks.map((c) => [c.value, c.verdict])).toEqual([
      [null, 'fail'],
      [null, 'fail'],
      [null, 'fail'],
    ]);
  });
});
