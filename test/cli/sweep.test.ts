// `idemsim sweep` through the real binary: worker threads must not change a byte, and
// common random numbers must make a timeout sweep's slow timeouts fall monotonically.
import { beforeAll, describe, expect, it } from 'vitest';
import { idemsim, requireBuild } from './binary.js';
import { inProcess } from './in-process.js';
import { lines } from './sinks.js';

beforeAll(requireBuild);

interface SweepDoc {
  sweep: {
    points: { at: Record<string, number>; metrics: Record<string, number> }[];
  };
}

describe('idemsim sweep (binary)', () => {
  it('prints the same bytes with --jobs 1 and --jobs 2', () => {
    const args = [
      'sweep',
      '--vary',
      'network.replyLoss=0..0.06:0.02',
      '--vary',
      'client.retries=0,3',
      '--actions',
      '3000',
    ];
    for (const format of ['json', 'csv', 'table']) {
      const one = idemsim([...args, '--jobs', '1', '--format', format]);
      const two = idemsim([...args, '--jobs', '2', '--format', format]);
      expect(one.status).toBe(0);
      expect(two.status).toBe(0);
      expect(two.stdout).toBe(one.stdout);
    }
  });

  it('a timeout sweep never raises the share of slow timeouts (common random numbers)', () => {
    const r = idemsim([
      'sweep',
      '--vary',
      'client.timeout=300ms..3s:100ms',
      '--metric',
      'responses.timeout.slow,attempts',
      '--actions',
      '5000',
      '--format',
      'json',
    ]);
    expect(r.status).toBe(0);
    const points = (JSON.parse(r.stdout) as SweepDoc).sweep.points;
    expect(points).toHaveLength(28);
    const shares = points.map(
      (p) => (p.metrics['responses.timeout.slow'] as number) / (p.metrics['attempts'] as number),
    );
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeLessThanOrEqual(shares[i - 1] as number);
  });

  it('orders points with the first --vary outermost', () => {
    const r = idemsim([
      'sweep',
      '--vary',
      'client.retries=0,1',
      '--vary',
      'keys.scope=none,call',
      '--actions',
      '200',
      '--format',
      'json',
    ]);
    const at = (
      JSON.parse(r.stdout) as {
        sweep: { points: { at: Record<string, unknown> }[] };
      }
    ).sweep.points.map((p) => p.at);
    expect(at).toEqual([
      { 'client.retries': 0, 'keys.scope': 'none' },
      { 'client.retries': 0, 'keys.scope': 'call' },
      { 'client.retries': 1, 'keys.scope': 'none' },
      { 'client.retries': 1, 'keys.scope': 'call' },
    ]);
  });

  it.each([
    [['sweep'], 'at least one --vary'],
    [['sweep', '--vary', 'client.timeout=fast'], 'client.timeout'],
    [['sweep', '--vary', 'client.timeout=1s,2s', '--metric', 'duplicatesPerThousnd'], 'unknown metric'],
    [['sweep', '--vary', 'client.timeout=1s,2s', '--jobs', '0'], '--jobs'],
    [['sweep', '--vary', 'client.timeout=1ms..1d:1ms'], 'at most'],
  ])('exits 2 with one line per problem: %j', async (args, part) => {
    const r = await inProcess(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(part);
    expect(r.stderr).not.toContain('    at ');
    for (const line of lines(r.stderr)) expect(line.length).toBeGreaterThan(0);
  });
});
