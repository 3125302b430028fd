// `idemsim run` with retry layers (MODEL.md E), in-process: the layers' attempts multiply in
// the JSON and the table, a refused layer is one line and exit 2, and a warning leaves the
// run going.
import { describe, expect, it } from 'vitest';
import { inProcess } from './in-process.js';
import { ERROR_LINE, lines } from './sinks.js';

/** An openai client (3 attempts) under a langgraph layer (3 attempts), every request refused. */
const NINE = [
  '--set',
  'client.layers=[{preset: langgraph}]',
  '--set',
  'client.preset=openai',
  '--set',
  'service.errorRate=1',
  '--set',
  'network.replyLoss=0',
  '--set',
  'actions=300',
];

describe('idemsim run with retry layers', () => {
  it('--format json reports 9 attempts per call, mean and max', async () => {
    const { status, stdout, stderr } = await inProcess(['run', ...NINE, '--format', 'json']);
    expect(status, stderr).toBe(0);
    const doc = JSON.parse(stdout) as {
      runs: { metrics: { attempts: number; toolCalls: number; attemptsPerCall: unknown } }[];
    };
    const metrics = doc.runs[0]?.metrics;
    expect(metrics?.attemptsPerCall).toEqual({ mean: 9, max: 9 });
    expect(metrics?.attempts).toBe(9 * (metrics?.toolCalls ?? NaN));
  });

  it('the table shows attempts / call and, under it, the most in one call, in the run section below attempts / action', async () => {
    const { status, stdout } = await inProcess(['run', ...NINE]);
    expect(status).toBe(0);
    const rows = stdout.split('\n');
    const perAction = rows.findIndex((row) => row.startsWith('  attempts / action'));
    const perCall = rows.findIndex((row) => row.startsWith('  attempts / call'));
    expect(perAction).toBeGreaterThan(0);
    expect(perCall).toBeGreaterThan(perAction);
    expect(rows[perCall]).toMatch(/ 9\b/);
    expect(rows[perCall + 1]).toMatch(/^ {4}most in one call +9$/);
  });

  it('a run without layers shows no attempts per call, in the table or the JSON', async () => {
    const table = await inProcess(['run', '--set', 'actions=200']);
    expect(table.stdout).not.toContain('attempts / call');
    const json = await inProcess(['run', '--set', 'actions=200', '--format', 'json']);
    expect(json.stdout).not.toContain('attemptsPerCall');
  });

  it('refuses a client preset in a layer with one line placed in the --set, exit 2', async () => {
    const { status, stdout, stderr } = await inProcess(['run', '--set', 'client.layers=[{preset: envoy}]']);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    const printed = lines(stderr);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(ERROR_LINE);
    expect(printed[0]).toMatch(
      /^--set client\.layers=\[\{preset: envoy\}\]:1:25: client\.layers\[0\]\.preset: envoy is a client/,
    );
  });

  it('warns of newCall under scope none on stderr and runs, exit 0', async () => {
    const { status, stdout, stderr } = await inProcess([
      'run',
      '--set',
      'client.layers=[{retries: 1, newCall: true}]',
      '--set',
      'actions=100',
    ]);
    expect(status).toBe(0);
    expect(stdout).toContain('attempts / call');
    expect(lines(stderr)).toEqual([
      expect.stringMatching(
        /^--set client\.layers=\[\{retries: 1, newCall: true\}\]:1:\d+: warning: client\.layers\[0\]\.newCall: /,
      ),
    ]);
  });
});
