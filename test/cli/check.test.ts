// `idemsim check` through the real binary: its exit codes are the contract CI relies on.
// Its refusals of files and flags (exit 2) are called in-process, with the same lines.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { idemsim, requireBuild } from './binary.js';
import { inProcess } from './in-process.js';
import { ERROR_LINE, lines } from './sinks.js';

beforeAll(requireBuild);

const dir = mkdtempSync(join(tmpdir(), 'idemsim-check-'));
const write = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('idemsim check (binary)', () => {
  it('exits 0 when every bound holds', () => {
    const r = idemsim(['check', 'test/missions/solution-1.yaml']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('2 passed, 0 failed, 0 undecided');
  });

  it('exits 1 when a bound fails, with one row per bound', () => {
    const r = idemsim(['check', 'scenarios/missions/mission-1.yaml']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/mission-1 .* duplicatesPerThousand .* FAIL/);
    expect(r.stdout).toMatch(/mission-1 .* lostPerThousand .* pass/);
  });

  it('exits 2 for an expect naming an unknown metric, not a silent pass', async () => {
    const file = write('unknown-metric.yaml', 'actions: 500\nexpect:\n  duplicatesPerThousnd: { max: 1 }\n');
    const r = await inProcess(['check', file]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)[0]).toMatch(ERROR_LINE);
    expect(r.stderr).toContain('duplicatesPerThousand');
  });

  it('exits 2 for a file that cannot be read or parsed', async () => {
    expect((await inProcess(['check', join(dir, 'missing.yaml')])).status).toBe(2);
    const r = await inProcess(['check', write('broken.yaml', 'client: [\n')]);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toContain('    at ');
  });

  it('exits 2 for a scenario without an expect block: nothing checked is not a pass', async () => {
    const r = await inProcess(['check', write('no-expect.yaml', 'actions: 500\n')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('has no expect: block');
  });

  it('a bound inside the interval is undecided: reported, and failed only with --strict', () => {
    const run = JSON.parse(idemsim(['run', '--format', 'json']).stdout) as {
      runs: {
        metrics: { duplicatesPerThousand: number };
        intervals: Record<string, { low: number }>;
      }[];
    };
    const value = run.runs[0]?.metrics.duplicatesPerThousand as number;
    const low = run.runs[0]?.intervals['duplicatesPerThousand']?.low as number;
    // A bound between the interval's low end and the point estimate.
    const file = write('straddle.yaml', `expect:\n  duplicatesPerThousand: { min: ${(low + value) / 2} }\n`);
    const lax = idemsim(['check', file]);
    expect(lax.status).toBe(0);
    expect(lax.stdout).toMatch(/duplicatesPerThousand .* undecided/);
    expect(lax.stdout).toContain('0 passed, 0 failed, 1 undecided');
    const strict = idemsim(['check', file, '--strict']);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toMatch(/undecided at 4,000 actions: needs about [\d,]+/);
  });

  describe('a scenario that cannot duplicate, checked against 0.1 per thousand', () => {
    // No retries, re-plans or replays: every action calls once, so the true rate is 0.
    const zero = write(
      'zero.yaml',
      [
        'actions: 100',
        'client: { retries: 0 }',
        'agent:',
        '  replan: { probability: 0 }',
        '  crash: { probability: 0 }',
        'expect:',
        '  duplicatesPerThousand: { max: 0.1 }',
        '',
      ].join('\n'),
    );

    it('does not pass at 100 actions: nothing counted is [0, 36.9] per thousand, not 0', () => {
      const r = idemsim(['check', zero, '--strict']);
      expect(r.status).toBe(1);
      expect(r.stdout).toMatch(/│ 0 +│ \[0, 36\.9\] │/);
      expect(r.stdout).toContain('undecided at 100 actions: needs about 36,889');
    });

    it('with --until-decided simulates until the bound is decided, and says so', () => {
      const r = idemsim(['check', zero, '--strict', '--until-decided']);
      expect(r.status).toBe(0);
      expect(r.stderr).toMatch(/^\S+: [\d,]+ actions \(2 runs\), every bound decided\n$/);
      const actions = Number((/: ([\d,]+) actions/.exec(r.stderr)?.[1] ?? '').replace(/,/g, ''));
      // Decided means 3.69 / actions * 1000 <= 0.1.
      expect(actions).toBeGreaterThanOrEqual(36_889);
      expect(r.stdout).toContain('1 passed, 0 failed, 0 undecided');
    });

    it('stops at --max-actions and says how many would be needed', () => {
      const r = idemsim(['check', zero, '--strict', '--until-decided', '--max-actions', '5000', '--format', 'json']);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('5,000 actions (2 runs), stopped by --max-actions; needs about 36,889');
      const doc = JSON.parse(r.stdout) as { checks: { verdict: string; actions: number; neededActions: number }[] };
      expect(doc.checks[0]).toMatchObject({ verdict: 'undecided', actions: 5000, neededActions: 36_889 });
    });

    it('refuses a --max-actions that is not a count, before simulating', async () => {
      const r = await inProcess(['check', zero, '--until-decided', '--max-actions', 'lots']);
      expect(r.status).toBe(2);
      expect(lines(r.stderr)).toHaveLength(1);
      expect(r.stderr).toContain('--max-actions lots');
    });
  });

  it('writes JUnit XML that parses, counts the failures, names each bound with its unit and times each scenario', () => {
    const junit = join(dir, 'results.xml');
    const r = idemsim([
      'check',
      'scenarios/missions/mission-4.yaml',
      'test/missions/solution-4.yaml',
      '--junit',
      junit,
    ]);
    expect(r.status).toBe(1);
    const text = readFileSync(junit, 'utf8');
    expect(XMLValidator.validate(text)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
    }).parse(text) as {
      testsuites: {
        tests: string;
        failures: string;
        time: string;
        testsuite: { name: string; failures: string; time: string; testcase: { name: string; time: string }[] }[];
      };
    };
    expect(doc.testsuites.tests).toBe('6');
    expect(doc.testsuites.failures).toBe('2');
    expect(doc.testsuites.testsuite.map((s) => [s.name, s.failures])).toEqual([
      ['mission-4', '2'],
      ['solution-4', '0'],
    ]);
    expect(doc.testsuites.testsuite[0]?.testcase.map((c) => c.name)).toEqual([
      'unknownPerThousand <= 25',
      'attemptsPerAction <= 1.2',
      'latency.call.p95 <= 4.5 s',
    ]);
    const seconds = (t: string | undefined): number => Number(t);
    expect(seconds(doc.testsuites.time)).toBeGreaterThan(0);
    for (const suite of doc.testsuites.testsuite) {
      expect(suite.time).toMatch(/^\d+\.\d{3}$/);
      expect(seconds(suite.time)).toBeGreaterThan(0);
      for (const c of suite.testcase) expect(c.time).toMatch(/^\d+\.\d{3}$/);
    }
  });

  it('prints JSON for machines with --format json', () => {
    const r = idemsim(['check', 'test/missions/solution-2.yaml', '--format', 'json']);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      passed: boolean;
      failed: number;
      checks: { metric: string; verdict: string }[];
    };
    expect(doc.passed).toBe(true);
    expect(doc.checks.map((c) => c.verdict)).toEqual(['pass', 'pass']);
    expect(doc.checks.map((c) => c.metric)).toEqual(['duplicatesPerThousand', 'lostPerThousand']);
  });

  it('refuses a --junit file in a missing folder before simulating', async () => {
    const r = await inProcess(['check', 'test/missions/solution-1.yaml', '--junit', join(dir, 'no-such-dir', 'r.xml')]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('does not exist');
  });
});
