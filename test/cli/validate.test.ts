// `idemsim validate FILES...` called in-process: every issue of every file at once, one
// FILE:LINE:COL line each, exit 2; otherwise "FILE: ok" lines and exit 0. No simulation.
import { mkdtempSync, mkdirSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ExitCode } from '../../src/cli/errors.js';
import { cli } from '../../src/cli/main.js';
import { tooBig, validateFiles } from '../../src/cli/validate.js';
import { simulate } from '../../src/sim/simulate.js';
import { ERROR_LINE, captured, lines } from './sinks.js';

// The simulator is replaced by one that fails if called: validating never simulates.
vi.mock('../../src/sim/simulate.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/sim/simulate.js')>()),
  simulate: vi.fn(() => {
    throw new Error('the simulator was called');
  }),
}));

beforeEach(() => {
  vi.mocked(simulate).mockClear();
});

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-validate-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('idemsim validate', () => {
  it('prints one "FILE: ok" line per valid file and exits 0', () => {
    const ctx = captured({ cwd: workspace({ 'a.yaml': 'actions: 100\n', 'b.yaml': 'keys: { scope: intent }\n' }) });
    expect(validateFiles(['a.yaml', 'b.yaml'], ctx)).toBe(0);
    expect(lines(ctx.out.text)).toEqual(['a.yaml: ok', 'b.yaml: ok']);
    expect(ctx.err.text).toBe('');
  });

  it('reports every issue of every file at once, in file order, as FILE:LINE:COL lines, exit 2', () => {
    const cwd = workspace({
      'good.yaml': 'actions: 100\n',
      'two.yaml': 'client:\n  timeout: 5 fortnights\n  retries: -1\n',
      'one.yaml': 'servce: {}\n',
    });
    const ctx = captured({ cwd });
    expect(validateFiles(['two.yaml', 'good.yaml', 'one.yaml'], ctx)).toBe(2);
    const printed = lines(ctx.err.text);
    expect(printed.map((line) => line.split(': ')[0])).toEqual(['two.yaml:2:12', 'two.yaml:3:12', 'one.yaml:1:1']);
    expect(printed[0]).toContain('unknown unit "fortnights"');
    expect(printed[2]).toContain('did you mean "service"?');
    for (const line of printed) expect(line).toMatch(ERROR_LINE);
    expect(ctx.out.text).toBe('');
  });

  it('warns about a field that has no effect, at its line and column, and still passes: exit 0', () => {
    const cwd = workspace({
      'tx.yaml': 'keys:\n  transactional: true\n  lease: 30s\n',
      'renew.yaml': 'keys: { leaseRenewal: true }\n',
      'plain.yaml': 'keys: { lease: 90s, leaseRenewal: true }\n',
    });
    const ctx = captured({ cwd });
    expect(validateFiles(['tx.yaml', 'renew.yaml', 'plain.yaml'], ctx)).toBe(0);
    expect(lines(ctx.err.text)).toEqual([
      'tx.yaml:3:3: warning: keys.lease: a crashed transaction holds no row: lease has no effect with transactional: true; remove lease, or set transactional: false',
      'renew.yaml:1:9: warning: keys.leaseRenewal: renewal without a lease does nothing (keys.lease is none); give keys.lease a duration such as 90s, or remove leaseRenewal',
    ]);
    for (const line of lines(ctx.err.text)) expect(line).toMatch(ERROR_LINE);
    expect(lines(ctx.out.text)).toEqual(['tx.yaml: ok', 'renew.yaml: ok', 'plain.yaml: ok']);
  });

  it('prints the warnings of valid files beside the errors of invalid ones: exit 2', () => {
    const cwd = workspace({
      'tx.yaml': 'keys: { transactional: true, leaseRenewal: true }\n',
      'bad.yaml': 'incidents: [{ at: 1m, for: 1m }]\n',
    });
    const ctx = captured({ cwd });
    expect(validateFiles(['tx.yaml', 'bad.yaml'], ctx)).toBe(2);
    const printed = lines(ctx.err.text);
    expect(printed[0]).toMatch(/^tx\.yaml:1:30: warning: keys\.leaseRenewal: a crashed transaction holds no row/);
    expect(printed[1]).toBe(
      'bad.yaml:1:13: incidents[0]: names no effect, so it changes nothing; add latencyFactor, errorRate, requestLoss or replyLoss, or remove it',
    );
    expect(ctx.out.text).toBe('');
  });

  it('reports unreadable files alongside invalid ones', () => {
    const cwd = workspace({ 'bad.yaml': 'actions: 0\n' });
    mkdirSync(join(cwd, 'dir'));
    const ctx = captured({ cwd });
    expect(validateFiles(['missing.yaml', 'bad.yaml', 'dir'], ctx)).toBe(2);
    const printed = lines(ctx.err.text);
    expect(printed[0]).toBe('missing.yaml: cannot read: no such file');
    expect(printed[1]).toMatch(/^bad\.yaml:1:10: actions: must be between 1 and 100000000/);
    expect(printed[2]).toBe('dir: cannot read: is a directory');
  });

  it('refuses a file over the size limit by its size, without reading it', () => {
    const cwd = workspace({});
    writeFileSync(join(cwd, 'huge.yaml'), '');
    truncateSync(join(cwd, 'huge.yaml'), 5_000_000_000); // sparse: nothing is written
    const ctx = captured({ cwd });
    expect(validateFiles(['huge.yaml'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual([tooBig('huge.yaml', 5_000_000_000)]);
    expect(ctx.err.text).toContain('more than the limit of 4000000 bytes');
  });

  it.runIf(process.platform === 'linux')('reads a device that never ends only up to the limit', () => {
    const ctx = captured();
    expect(validateFiles(['/dev/zero'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual([tooBig('/dev/zero')]);
  });

  it('needs at least one file: a usage error, exit 2', async () => {
    const ctx = captured();
    expect(await cli(['validate'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual(["error: missing required argument 'FILES'"]);
  });

  it('runs from the command line, and simulates nothing', async () => {
    const ctx = captured({ cwd: workspace({ 'big.yaml': 'actions: 100000000\n' }) });
    expect(await cli(['validate', 'big.yaml'], ctx)).toBe(0);
    expect(lines(ctx.out.text)).toEqual(['big.yaml: ok']);
    expect(simulate).not.toHaveBeenCalled();
  });

  it('(control for the test above) run, on the same command line, does reach the replaced simulator', async () => {
    const ctx = captured({ cwd: workspace({ 'small.yaml': 'actions: 10\n' }) });
    expect(await cli(['run', 'small.yaml'], ctx)).toBe(ExitCode.internal);
    expect(ctx.err.text).toContain('the simulator was called');
    expect(simulate).toHaveBeenCalledTimes(1);
  });

  it('validates every committed scenario', async () => {
    const files = readdirSync(join(ROOT, 'scenarios'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
    expect(files).toContain('scenarios/missions/mission-1.yaml');
    const ctx = captured({ cwd: ROOT });
    expect(await cli(['validate', ...files], ctx)).toBe(0);
    expect(lines(ctx.out.text)).toEqual(files.map((f) => `${f}: ok`));
  });
});
