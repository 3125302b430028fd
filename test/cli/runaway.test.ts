// Nothing a scenario or a flag asks for may run for ever or outgrow the machine: each
// family below is refused in one line with exit 2 before (or, for a retry storm, soon
// after) simulating starts, with the limit it hit and the way out.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { idemsim, requireBuild } from './binary.js';
import { captured, lines } from './sinks.js';

const dir = mkdtempSync(join(tmpdir(), 'idemsim-runaway-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const STORM = file(
  'storm.yaml',
  [
    'actions: 200',
    'client: { retries: 100, backoff: { base: 0ms, max: 0ms } }',
    'network: { replyLoss: 1 }',
    'agent:',
    '  replan: { probability: 1, max: 100 }',
    '  crash: { probability: 1, max: 100 }',
  ].join('\n'),
);
const HUGE_STORE = file(
  'huge-store.yaml',
  'actions: 100000000\narrivals: { rate: 10000 }\nkeys: { scope: intent, retention: 1d }\n',
);

async function refused(args: readonly string[]): Promise<string> {
  const ctx = captured({ cwd: dir });
  const code = await cli(args, ctx);
  const said = lines(ctx.err.text);
  expect({ code, lines: said.length }).toEqual({ code: 2, lines: 1 });
  expect(ctx.out.text).toBe('');
  return said[0] as string;
}

describe('limits decided before the work', () => {
  it.each([
    [
      ['run', '--out', 'r'],
      /^the defaults: drawing its report would need about 235 MB of memory by estimate, over the 150 MB ceiling; pass --max-memory 235MB$/,
    ],
    [
      ['run', '--out', 'r', '--png'],
      /^the defaults: drawing its report .* leave out --png, or pass --max-memory 286MB$/,
    ],
    [
      ['run', '--out', 'r', '--set', 'report.interval=1s', '--actions', '250000'],
      /\(5,001 time-series intervals on its charts\), over the 150 MB ceiling; raise report\.interval, or pass --max-memory 296MB$/,
    ],
    [['sweep', '--vary', 'client.retries=0,1', '--out', 'r'], /^sweep: drawing its report would need about 235 MB/],
    [
      ['recommend', '--target', 'duplicatesPerThousand<=1', '--out', 'r'],
      /^the defaults: drawing its report would need about 235 MB/,
    ],
    [['handlers', '--compare', '--out', 'r'], /^the defaults: drawing its report would need about 235 MB/],
    [['presets', '--compare', '--out', 'r'], /^the defaults: drawing its report would need about 235 MB/],
  ])('a report folder whose drawing would pass the ceiling is refused before the work: %j', async (args, message) => {
    expect(await refused([...args, '--max-memory', '150MB'])).toMatch(message);
  });

  it('client.retries far above 100 with every reply lost: refused by the loader', async () => {
    const path = file('retries.yaml', 'client:\n  retries: 1000000000\nnetwork:\n  replyLoss: 1\n');
    expect(await refused(['run', path])).toBe(
      `${path}:2:12: client.retries: must be between 0 and 100, found 1000000000; write for example 3 (the default)`,
    );
  });

  it.each(['agent.replan.max=101', 'agent.crash.max=1e9', 'client.retries=101'])('--set %s is refused', async (set) => {
    expect(await refused(['run', '--set', set])).toMatch(/must be between 0 and 100/);
  });

  it('a key store that would need 12 GB is refused before anything is simulated, with the flag that allows it', async () => {
    expect(await refused(['run', HUGE_STORE])).toBe(
      `${HUGE_STORE}: a run would need about 12.3 GB of memory by estimate (100,000,000 live key records), over the 1.00 GB ceiling; lower actions, arrivals.rate or keys.retention, or pass --max-memory 13GB`,
    );
  });

  it('the same family through every command that simulates', async () => {
    for (const args of [
      ['check', HUGE_STORE],
      ['explain', HUGE_STORE],
      ['diff', HUGE_STORE, HUGE_STORE],
      ['presets', '--compare', HUGE_STORE],
      ['sweep', HUGE_STORE, '--vary', 'seed=1,2'],
    ]) {
      expect(await refused(args)).toMatch(/a run would need about 12\.3 GB of memory by estimate/);
    }
  });

  it('a sweep names the point that would outgrow the ceiling', async () => {
    const path = file('store.yaml', 'arrivals: { rate: 1000000 }\nkeys: { scope: intent, retention: 1d }\n');
    expect(await refused(['sweep', path, '--vary', 'actions=1000,50000000'])).toMatch(
      /^sweep point 2: a run would need about 11\.9 GB of memory by estimate \(50,000,000 live key records, 1,062,133 actions in flight at once\)/,
    );
  });

  it('a service far slower than its arrivals queues without end: refused for the executions it would hold', async () => {
    const said = await refused([
      'run',
      '--actions',
      '400000',
      '--set',
      'arrivals.rate=1000',
      '--set',
      'service.concurrency=1',
    ]);
    expect(said).toMatch(
      /executions waiting for service\.concurrency, 400,000 actions in flight at once\), over the 1\.00 GB ceiling/,
    );
  });

  it('a ceiling below what any run takes says so, and the size that would do', async () => {
    expect(await refused(['run', '--actions', '100', '--max-memory', '64MB'])).toBe(
      'the defaults: a run would need about 134 MB of memory by estimate, the least any run takes, over the 64.0 MB ceiling; pass --max-memory 135MB',
    );
  });

  it('time series kept by every run of a sweep or of replicas count together', async () => {
    const series = ['--actions', '50', '--set', 'arrivals.rate=0.001', '--set', 'report.interval=1ms'];
    expect(await refused(['sweep', ...series, '--vary', 'seed=1..200:1', '--format', 'json'])).toBe(
      'sweep: its 200 runs would keep about 4.40 GB of time series (up to 100,000 intervals each), 4.53 GB in all by estimate, over the 1.00 GB ceiling; raise report.interval, run fewer, or pass --max-memory 5GB',
    );
    expect(await refused(['run', ...series, '--replicas', '100'])).toMatch(
      /^the defaults: its 100 runs would keep about 2\.20 GB of time series/,
    );
  });

  it('--max-memory raises the ceiling', async () => {
    const ctx = captured({ cwd: dir });
    expect(await cli(['run', HUGE_STORE, '--max-memory', '13GB', '--actions', '100', '--format', 'json'], ctx)).toBe(0);
  });

  it('a bad --max-memory, of any form, is one line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom('12', '4 TB', '-1GB', '0GB', '1e400GB', 'NaNGB', 'GB', '', '1kB', '2PB'),
          fc.string({ maxLength: 60 }).filter((s) => !/^\s*\d/.test(s)),
        ),
        async (size) => {
          expect(await refused(['run', '--max-memory', size, '--actions', '10'])).toMatch(/^--max-memory "/);
        },
      ),
      { seed: 9, numRuns: 40 },
    );
  });

  it("a profile step's rate is 0 (a pause) or at least 0.001 a second", async () => {
    const path = file('profile.yaml', 'arrivals:\n  profile:\n    - { until: 10m, rate: 0.0001 }\n');
    expect(await refused(['run', path])).toBe(
      `${path}:3:27: arrivals.profile[0].rate: must be 0 or at least 0.001, found 0.0001; write for example 50`,
    );
  });
});

describe('limits checked as the run goes', () => {
  it('a retry storm stops at the attempts limit: one line, exit 2', async () => {
    expect(await refused(['run', STORM])).toMatch(
      /^idemsim: scenario "storm": the run stopped when action \d+ sent more than 500 attempts, the limit for one action: /,
    );
  });

  describe('in sweep worker threads', () => {
    beforeAll(requireBuild);

    it('the stop crosses from a worker as the same one line', () => {
      const outcome = idemsim(['sweep', STORM, '--vary', 'seed=1,2,3', '--jobs', '2', '--format', 'json']);
      expect(outcome.status).toBe(2);
      expect(lines(outcome.stderr)).toHaveLength(1);
      expect(outcome.stderr).toMatch(/^idemsim: scenario "storm": the run stopped when action/);
      expect(outcome.stdout).toBe('');
    });
  });
});
