// `idemsim run --out DIR` and `idemsim report summary.json --out DIR`, called in-process.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { guardAsync } from '../../src/cli/errors.js';
import { publish } from '../../src/cli/publish.js';
import { parseSummary } from '../../src/saved/summary.js';
import { captured, lines } from './sinks.js';
import { embeddedScenario } from '../../src/scenario/index.js';

function workspace(): string {
  return mkdtempSync(join(tmpdir(), 'idemsim-report-'));
}

/** Every file of a folder, by name, as bytes. */
function folder(dir: string): Record<string, Buffer> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name))]),
  );
}

const SMALL = ['--actions', '300'];

describe('idemsim run --out', () => {
  it('prints the table to stdout, writes the folder and says so in one line on stderr', async () => {
    const cwd = workspace();
    const ctx = captured({ cwd });
    expect(await cli(['run', ...SMALL, '--out', 'r1'], ctx)).toBe(0);
    expect(ctx.out.text.split('\n')[1]).toBe('Headline');
    expect(lines(ctx.err.text)).toEqual([`report written to ${join('r1', 'index.html')}`]);
    const names = Object.keys(folder(join(cwd, 'r1')));
    for (const name of ['index.html', 'summary.json', 'summary.csv', 'scenario.yaml']) expect(names).toContain(name);
    expect(names.some((name) => name.endsWith('.vl.json'))).toBe(true);
    expect(names.some((name) => name.endsWith('.png'))).toBe(false);
    expect(readdirSync(cwd)).toEqual(['r1']);
  });

  it('shows the timeout, retries, backoff and retention as text beside the headline, defaults marked', async () => {
    const cwd = workspace();
    writeFileSync(join(cwd, 's.yaml'), 'client:\n  timeout: 2s\n  backoff: { base: 250ms }\nkeys:\n  scope: intent\n');
    const ctx = captured({ cwd });
    expect(await cli(['run', 's.yaml', ...SMALL, '--set', 'keys.retention=15m', '--out', 'r'], ctx)).toBe(0);
    const html = readFileSync(join(cwd, 'r', 'index.html'), 'utf8');
    const settings = html.slice(html.indexOf('<section id="settings">'), html.indexOf('<section id="charts">'));
    expect(settings).toContain('<code>client.timeout</code></th><td>2 s</td>');
    expect(settings).toContain('<code>client.backoff.base</code></th><td>250 ms</td>');
    expect(settings).toContain('<code>keys.retention</code></th><td>15 min</td>');
    expect(settings).toContain('<code>keys.scope</code></th><td>intent</td>');
    expect(settings).toContain(
      '<code>client.retries</code></th><td class="default">3 <span class="tag">default</span>',
    );
    expect(settings).toContain('<code>client.backoff.max</code></th><td class="default">10 s <span class');
    const summary = JSON.parse(readFileSync(join(cwd, 'r', 'summary.json'), 'utf8')) as {
      runs: { defaults: string[] }[];
    };
    const defaults = summary.runs[0]?.defaults ?? [];
    expect(defaults).toContain('client.retries');
    expect(defaults).not.toEqual(expect.arrayContaining(['client.timeout']));
    for (const given of ['client.timeout', 'client.backoff.base', 'keys.scope', 'keys.retention', 'actions', 'name']) {
      expect(defaults, given).not.toContain(given);
    }
  });

  it('counts a field a --precision run sized as set, not as a default', async () => {
    const cwd = workspace();
    const args = ['run', '--precision', 'duplicatesPerThousand=10%', '--max-actions', '30000', '--out', 'r'];
    expect(await cli(args, captured({ cwd }))).toBe(0);
    const summary = JSON.parse(readFileSync(join(cwd, 'r', 'summary.json'), 'utf8')) as {
      runs: { scenario: { actions: number }; defaults: string[] }[];
    };
    expect(summary.runs[0]?.scenario.actions).not.toBe(4000);
    expect(summary.runs[0]?.defaults).not.toContain('actions');
    expect(summary.runs[0]?.defaults).toContain('client.timeout');
  });

  it('keeps --format output on stdout alone', async () => {
    const cwd = workspace();
    const ctx = captured({ cwd });
    expect(await cli(['run', ...SMALL, '--format', 'json', '--out', 'r1'], ctx)).toBe(0);
    expect(() => JSON.parse(ctx.out.text) as unknown).not.toThrow();
  });

  it('traces the first 40 actions by default, or --timeline-actions N', async () => {
    const cwd = workspace();
    await cli(['run', ...SMALL, '--out', 'a'], captured({ cwd }));
    await cli(['run', ...SMALL, '--out', 'b', '--timeline-actions', '7'], captured({ cwd }));
    const trace = (dir: string): number[] => {
      const outcome = parseSummary(readFileSync(join(cwd, dir, 'summary.json'), 'utf8'), dir, embeddedScenario);
      if (!outcome.ok) throw new Error(outcome.problem);
      return outcome.summary.runs[0]?.result.detail.trace.map((t) => t.action) ?? [];
    };
    expect(trace('a')).toEqual([...Array(40).keys()]);
    expect(trace('b')).toEqual([...Array(7).keys()]);
  });

  it('traces the most eventful actions with --timeline eventful', async () => {
    const cwd = workspace();
    await cli(['run', ...SMALL, '--out', 'e', '--timeline', 'eventful', '--timeline-actions', '5'], captured({ cwd }));
    const outcome = parseSummary(readFileSync(join(cwd, 'e', 'summary.json'), 'utf8'), 'e', embeddedScenario);
    const trace = outcome.ok ? outcome.summary.runs[0]?.result.detail.trace : [];
    expect(trace).toHaveLength(5);
    expect(trace?.map((t) => t.action)).not.toEqual([0, 1, 2, 3, 4]);
  });

  it('writes NAME.png per chart with --png', async () => {
    const cwd = workspace();
    expect(await cli(['run', ...SMALL, '--out', 'p', '--png'], captured({ cwd }))).toBe(0);
    const names = Object.keys(folder(join(cwd, 'p')));
    const svgs = names.filter((name) => name.endsWith('.svg'));
    expect(names.filter((name) => name.endsWith('.png'))).toEqual(svgs.map((name) => name.replace(/svg$/, 'png')));
  });

  it('writes one scenario-NAME.yaml per scenario when it runs several', async () => {
    const cwd = workspace();
    writeFileSync(join(cwd, 'a.yaml'), 'name: first\nactions: 200\n');
    writeFileSync(join(cwd, 'b.yaml'), 'name: second\nactions: 200\nkeys:\n  scope: intent\n');
    expect(await cli(['run', 'a.yaml', 'b.yaml', '--out', 'two'], captured({ cwd }))).toBe(0);
    const names = Object.keys(folder(join(cwd, 'two')));
    expect(names.filter((name) => name.endsWith('.yaml'))).toEqual(['scenario-first.yaml', 'scenario-second.yaml']);
  });
});

describe('idemsim report', () => {
  it('can redraw a report in place from its own summary', async () => {
    const cwd = workspace();
    await cli(['run', ...SMALL, '--out', 'r1'], captured({ cwd }));
    const before = folder(join(cwd, 'r1'));
    expect(await cli(['report', 'r1/summary.json', '--out', 'r1'], captured({ cwd }))).toBe(0);
    expect(folder(join(cwd, 'r1'))).toEqual(before);
  });

  it('reports a missing summary as FILE: cannot read, exit 2', async () => {
    const ctx = captured({ cwd: workspace() });
    expect(await cli(['report', 'nope.json', '--out', 'r'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual(['nope.json: cannot read: no such file']);
  });

  it('reports an invalid summary in one line naming the file, exit 2, and writes nothing', async () => {
    const cwd = workspace();
    writeFileSync(join(cwd, 'table.json'), '{"idemsim":"0.1.0","runs":[]}');
    const ctx = captured({ cwd });
    expect(await cli(['report', 'table.json', '--out', 'r'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toHaveLength(1);
    expect(ctx.err.text).toMatch(/^table\.json:1:1: summaryVersion: missing/);
    expect(readdirSync(cwd)).toEqual(['table.json']);
  });

  it('requires --out', async () => {
    const ctx = captured({ cwd: workspace() });
    expect(await cli(['report', 'summary.json'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual(["error: required option '--out <DIR>' not specified"]);
  });
});

describe('report options: exit 2 in one line, before anything is simulated', () => {
  const refused = async (args: string[], cwd = workspace()): Promise<string[]> => {
    const ctx = captured({ cwd });
    expect(await cli(['run', ...args], ctx)).toBe(2);
    expect(ctx.out.text).toBe('');
    return lines(ctx.err.text);
  };

  it('--png without --out', async () => {
    expect(await refused(['--png'])).toEqual([
      '--png: only with --out DIR (it shapes the report folder, which only --out writes)',
    ]);
  });

  it('--timeline and --timeline-actions without --out', async () => {
    expect(await refused(['--timeline', 'eventful'])).toHaveLength(1);
    expect(await refused(['--timeline-actions', '10'])).toHaveLength(1);
  });

  it.each(['0', '5000', '1001', '-3', '2.5', 'ten', ''])('--timeline-actions %j, naming the limits', async (n) => {
    expect(await refused(['--out', 'r', '--timeline-actions', n])).toEqual([
      `--timeline-actions: must be a whole number from 1 to 1000, found '${n}'`,
    ]);
  });

  it('an unknown --timeline mode', async () => {
    expect(await refused(['--out', 'r', '--timeline', 'busiest'])).toEqual([
      "--timeline: unknown mode 'busiest'; choose first or eventful",
    ]);
  });

  it('--out naming a file', async () => {
    const cwd = workspace();
    writeFileSync(join(cwd, 'notes.txt'), 'keep me');
    expect(await refused(['--out', 'notes.txt'], cwd)).toEqual(['--out notes.txt: exists and is not a directory']);
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('--out under a file, where no directory can be made', async () => {
    const cwd = workspace();
    writeFileSync(join(cwd, 'notes.txt'), 'keep me');
    expect(await refused(['--out', 'notes.txt/report'], cwd)).toEqual([
      '--out notes.txt/report: cannot write: a parent is not a directory',
    ]);
  });

  it('--out naming a directory of other things, which a report would replace', async () => {
    const cwd = workspace();
    mkdirSync(join(cwd, 'src'));
    writeFileSync(join(cwd, 'src', 'main.ts'), 'keep me');
    const [line] = await refused(['--out', 'src'], cwd);
    expect(line).toMatch(/^--out src: is a directory that does not hold an idemsim report/);
    expect(readFileSync(join(cwd, 'src', 'main.ts'), 'utf8')).toBe('keep me');
  });
});

describe('a failed write keeps the previous report', () => {
  it('when writing fails mid-folder: exit 2 in one line, the old report intact, no temp dir', async () => {
    const cwd = workspace();
    await cli(['run', ...SMALL, '--out', 'r1'], captured({ cwd }));
    const before = folder(join(cwd, 'r1'));
    const outcome = parseSummary(before['summary.json']?.toString('utf8') ?? '', 'summary.json', embeddedScenario);
    if (!outcome.ok) throw new Error(outcome.problem);
    let written = 0;
    const io = {
      writeFile: (path: string, content: string | Uint8Array) => {
        if (++written > 3) throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO', syscall: 'write' });
        writeFileSync(path, content);
      },
      rename: () => {
        throw new Error('never reached');
      },
    };
    const ctx = captured({ cwd });
    const code = await guardAsync(ctx.err, async () => {
      await publish(outcome.summary, 'r1', { png: false }, ctx, io);
      return 0;
    });
    expect(code).toBe(2);
    expect(lines(ctx.err.text)).toEqual(['--out r1: cannot write: EIO: i/o error, write']);
    expect(folder(join(cwd, 'r1'))).toEqual(before);
    expect(readdirSync(cwd)).toEqual(['r1']);
  });
});
