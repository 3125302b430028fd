import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { colorEnabled } from '../../src/cli/context.js';
import { ExitCode, InputError, guard, reportError } from '../../src/cli/errors.js';
import { cannotRead, unknownFormat } from '../../src/cli/messages.js';
import { readFailure } from '../../src/io/failure.js';
import { captured, lines } from './sinks.js';

describe('reportError', () => {
  it('prints each line of an input error and exits 2, without a stack', () => {
    const ctx = captured();
    expect(reportError(new InputError(['a.yaml:1:1: one', 'a.yaml:2:3: two']), ctx.err)).toBe(2);
    expect(ctx.err.text).toBe('a.yaml:1:1: one\na.yaml:2:3: two\n');
  });

  it('prints the stack of an unexpected error and exits 70', () => {
    const ctx = captured();
    expect(reportError(new Error('boom'), ctx.err)).toBe(ExitCode.internal);
    expect(ctx.err.text).toMatch(/^Error: boom\n {4}at /);
  });

  it('maps commander usage errors to exit 2 and help or version to 0, printing nothing more', () => {
    const ctx = captured();
    expect(reportError(new CommanderError(1, 'commander.unknownOption', "error: unknown option '--x'"), ctx.err)).toBe(
      2,
    );
    expect(reportError(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'), ctx.err)).toBe(0);
    expect(ctx.err.text).toBe('');
  });
});

describe('guard', () => {
  it('returns the body’s code, or the code of what it threw', () => {
    const ctx = captured();
    expect(guard(ctx.err, () => 0)).toBe(0);
    expect(
      guard(ctx.err, () => {
        throw new InputError('--format: bad');
      }),
    ).toBe(2);
    expect(lines(ctx.err.text)).toEqual(['--format: bad']);
  });
});

describe('colorEnabled', () => {
  it('colours only a terminal', () => {
    expect(colorEnabled({ isTTY: true, env: {} })).toBe(true);
    expect(colorEnabled({ isTTY: false, env: {} })).toBe(false);
  });
  it('respects a non-empty NO_COLOR', () => {
    expect(colorEnabled({ isTTY: true, env: { NO_COLOR: '1' } })).toBe(false);
    expect(colorEnabled({ isTTY: true, env: { NO_COLOR: '' } })).toBe(true);
  });
});

describe('messages', () => {
  it('names the file and the reason it cannot be read', () => {
    expect(cannotRead('a.yaml', readFailure(Object.assign(new Error('x'), { code: 'ENOENT' })))).toBe(
      'a.yaml: cannot read: no such file',
    );
  });
  it('names every format choice', () => {
    expect(unknownFormat('yaml', ['table', 'json', 'csv'])).toBe(
      "--format: unknown format 'yaml'; choose table, json or csv",
    );
  });
});
