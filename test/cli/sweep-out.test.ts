// `idemsim sweep --out DIR` and the file's `sweep:` block, called in process (one job, so
// no worker threads and no build needed).
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweep, type SweepOptions } from '../../src/cli/sweep.js';
import { captured, lines } from './sinks.js';

function workspace(): string {
  return mkdtempSync(join(tmpdir(), 'idemsim-sweep-'));
}

async function idemsimSweep(cwd: string, file: string | undefined, options: SweepOptions) {
  const ctx = captured({ cwd });
  const code = await sweep(file, { jobs: '1', ...options }, ctx);
  return { code, out: ctx.out.text, err: ctx.err.text };
}

const BLOCK = [
  'name: timeouts',
  'actions: 300',
  'sweep:',
  '  vary:',
  '    client.timeout: 400ms..1.2s:400ms',
  '    keys.scope: [none, call]',
  '  metrics: [duplicatesPerThousand, lostPerThousand]',
  '',
].join('\n');

describe('idemsim sweep --out', () => {
  it('writes index.html, summary.json/csv, scenario.yaml and a spec and SVG per chart', async () => {
    const cwd = workspace();
    const r = await idemsimSweep(cwd, undefined, {
      vary: ['client.timeout=400ms..1.2s:400ms'],
      metric: 'duplicatesPerThousand,latency.call.p95',
      sets: ['actions=300'],
      out: 'r',
      format: 'json',
    });
    expect(r.code).toBe(0);
    expect(lines(r.err)).toEqual([`report written to ${join('r', 'index.html')}`]);
    const names = readdirSync(join(cwd, 'r')).sort();
    expect(names).toEqual(
      [
        'index.html',
        'scenario.yaml',
        'summary.csv',
        'summary.json',
        'sweep-duplicates-per-thousand.svg',
        'sweep-duplicates-per-thousand.vl.json',
        'sweep-latency-call-p95.svg',
        'sweep-latency-call-p95.vl.json',
      ].sort(),
    );
    expect(readFileSync(join(cwd, 'r', 'summary.json'), 'utf8')).toBe(r.out);
    const html = readFileSync(join(cwd, 'r', 'index.html'), 'utf8');
    // Self-contained: nothing fetched, no URL at all, every chart inline.
    expect(html).not.toMatch(/https?:|\/\/|<script|<link|<img|\ssrc=/i);
    expect(html.match(/<svg/g)).toHaveLength(2);
    expect(html).toContain('<th scope="col">client.timeout</th>');
    for (const label of ['400ms', '800ms', '1.2s']) expect(html).toContain(`<th scope="row">${label}</th>`);
    // scenario.yaml carries the sweep that ran: sweeping it again gives the same document.
    const again = await idemsimSweep(join(cwd, 'r'), 'scenario.yaml', { format: 'json' });
    expect(again.code).toBe(0);
    expect(again.out.replace(/"name": "[^"]*"/, '')).toBe(r.out.replace(/"name": "[^"]*"/, ''));
  });

  it('draws no charts beyond two dimensions and says so in the page', async () => {
    const cwd = workspace();
    const r = await idemsimSweep(cwd, undefined, {
      vary: ['client.retries=0,1', 'keys.scope=none,call', 'client.timeout=1s,2s'],
      metric: 'duplicatesPerThousand',
      sets: ['actions=100'],
      out: 'r',
    });
    expect(r.code).toBe(0);
    expect(readdirSync(join(cwd, 'r')).sort()).toEqual(['index.html', 'scenario.yaml', 'summary.csv', 'summary.json']);
    expect(readFileSync(join(cwd, 'r', 'index.html'), 'utf8')).toContain('No charts: this sweep varies 3 fields');
  });

  it('refuses an unusable --out before simulating', async () => {
    const cwd = workspace();
    writeFileSync(join(cwd, 'taken'), 'x');
    const r = await idemsimSweep(cwd, undefined, { vary: ['client.retries=0,1'], out: 'taken' });
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(lines(r.err)).toHaveLength(1);
    expect(r.err).toContain('taken');
  });
});

describe('the sweep: block', () => {
  it('without flags gives the same output as the equivalent flags', async () => {
    const cwd = workspace();
    writeFileSync(join(cwd, 'timeouts.yaml'), BLOCK);
    writeFileSync(join(cwd, 'plain.yaml'), 'name: timeouts\nactions: 300\n');
    for (const format of ['json', 'csv', 'table']) {
      const block = await idemsimSweep(cwd, 'timeouts.yaml', { format });
      const flags = await idemsimSweep(cwd, 'plain.yaml', {
        format,
        vary: ['client.timeout=400ms..1.2s:400ms', 'keys.scope=none,call'],
        metric: 'duplicatesPerThousand,lostPerThousand',
      });
      expect(block.code).toBe(0);
      expect(block.out).toBe(flags.out);
    }
  });

  it('--vary replaces the dimensions and --metric the metrics of the block', async () => {
    const cwd = workspace();
    writeFileSync(join(cwd, 'timeouts.yaml'), BLOCK);
    const r = await idemsimSweep(cwd, 'timeouts.yaml', { format: 'csv', vary: ['client.retries=0,2'] });
    expect(r.out.split('\n')[0]).toBe('client.retries,metric,value,ci_low,ci_high');
    expect(r.out.split('\n')).toHaveLength(1 + 2 * 2 + 1);
    const m = await idemsimSweep(cwd, 'timeouts.yaml', { format: 'csv', metric: 'attempts' });
    expect(m.out.split('\n')[0]).toBe('client.timeout,keys.scope,metric,value,ci_low,ci_high');
    expect(
      m.out
        .split('\n')
        .slice(1, -1)
        .every((line) => line.split(',')[2] === 'attempts'),
    ).toBe(true);
  });

  it('reports a bad block at its line and column, exit 2', async () => {
    const cwd = workspace();
    writeFileSync(join(cwd, 'bad.yaml'), 'sweep:\n  vary:\n    client.timout: 1s,2s\n  metrics: [lostActons]\n');
    const r = await idemsimSweep(cwd, 'bad.yaml', {});
    expect(r.code).toBe(2);
    expect(lines(r.err)).toEqual([
      'bad.yaml:3:5: sweep cannot vary "client.timout"; did you mean "client.timeout"?',
      'bad.yaml:4:13: unknown metric "lostActons" in sweep.metrics; did you mean "lostActions"?',
    ]);
  });

  it('asks for --vary or a block when there is neither', async () => {
    const r = await idemsimSweep(workspace(), undefined, {});
    expect(r.code).toBe(2);
    expect(r.err).toContain('--vary');
    expect(r.err).toContain('sweep: block');
  });
});
