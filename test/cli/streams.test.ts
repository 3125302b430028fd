// Standard streams that cannot take the output: a full device under standard output ends
// every command with one line and exit 2 (no stack trace), a closed pipe quietly with 0,
// and a standard error that cannot be written to never lets a failed run exit 0.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, requireBuild } from './binary.js';

/** idemsim with standard output (and/or error) on /dev/full, a real device that is always full. */
function onFull(args: readonly string[], which: 'out' | 'err'): { status: number | null; stderr: string } {
  const full = openSync('/dev/full', 'w');
  try {
    const stdio = which === 'out' ? ['ignore', full, 'pipe'] : ['ignore', 'pipe', full];
    const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: stdio as never, encoding: 'utf8' });
    return { status: result.status, stderr: result.stderr ?? '' };
  } finally {
    closeSync(full);
  }
}

describe('standard output on a full device', () => {
  beforeAll(() => requireBuild());

  it.each([
    ['run', '--actions', '200'],
    ['run', '--actions', '200', '--format', 'csv'],
    ['sweep', '--vary', 'client.retries=0,1', '--actions', '200', '--format', 'json', '--quiet'],
    ['explain', '--actions', '200'],
    ['schema'],
    ['presets'],
    ['run', '--help'],
    ['--version'],
  ])('%s %s: one line, exit 2', (...args) => {
    const { status, stderr } = onFull(args, 'out');
    expect(status).toBe(2);
    expect(stderr).toBe('idemsim: cannot write to standard output: no space left on the device\n');
  });

  it.each([['run', '--actions', '200'], ['schema'], ['--version']])(
    '%s: standard output open only for reading (`1</dev/null`) is one line, exit 2',
    (...args) => {
      const readOnly = openSync('/dev/null', 'r');
      try {
        const result = spawnSync(process.execPath, [BIN, ...args], {
          cwd: ROOT,
          stdio: ['ignore', readOnly, 'pipe'],
          encoding: 'utf8',
        });
        expect(result.status).toBe(2);
        expect(result.stderr).toBe(
          'idemsim: cannot write to standard output: it is not open for writing (open it with >, or leave it to the terminal)\n',
        );
      } finally {
        closeSync(readOnly);
      }
    },
  );

  it('a closed pipe ends quietly: `idemsim run | head -1`', () => {
    const result = spawnSync(
      'bash',
      ['-c', `set -o pipefail; '${process.execPath}' '${BIN}' run --actions 300000 | head -1`],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('article-defaults');
  });
});

describe('standard error on a full device', () => {
  it('a run that needed to say nothing there still exits 0', () => {
    expect(onFull(['run', '--actions', '200', '--format', 'json'], 'err').status).toBe(0);
  });

  it('a run that failed, and could not say why, exits non-zero', () => {
    expect(onFull(['run', 'nowhere.yaml'], 'err').status).toBe(2);
  });
});
