// Every usage error under `store` is bad input: one line, exit 2, never exit 1 (which under
// `store` means a store answered differently), and nothing on stdout. The family, case by
// case: unknown option, missing option argument, bad choice, missing or unreadable file,
// bad number or size, excess arguments, no or an unknown subcommand; and the size limits
// of `store measure`, refused before anything is written.
import { describe, expect, it } from 'vitest';
import { idemsim } from './binary.js';
import { inProcess } from './in-process.js';

const FILE = 'scenarios/refunds-3-intent-key.yaml';

/** [what, args, a fragment of the line] */
const CASES: readonly (readonly [string, readonly string[], string])[] = [
  ['unknown option on store', ['store', '--bogus'], "unknown option '--bogus'"],
  ['unknown option on measure', ['store', 'measure', '--bogus'], "unknown option '--bogus'"],
  ['unknown option on replay', ['store', 'replay', FILE, '--bogus'], "unknown option '--bogus'"],
  ['missing option argument: --records', ['store', 'measure', '--records'], "'--records <n>' argument missing"],
  ['missing option argument: --redis', ['store', 'measure', '--redis'], "'--redis <url>' argument missing"],
  [
    'missing option argument: --only on replay',
    ['store', 'replay', FILE, '--only'],
    "'--only <store>' argument missing",
  ],
  [
    'missing option argument: --max-write',
    ['store', 'measure', '--max-write'],
    "'--max-write <size>' argument missing",
  ],
  ['bad choice: --only mysql', ['store', 'measure', '--only', 'mysql'], "argument 'mysql' is invalid"],
  ['bad choice: --only on replay', ['store', 'replay', FILE, '--only', 'mysql'], "argument 'mysql' is invalid"],
  ['bad choice: --write mysql', ['store', 'measure', '--write', 'mysql'], "argument 'mysql' is invalid"],
  ['bad choice: --handler', ['store', 'replay', FILE, '--handler', 'nope'], "argument 'nope' is invalid"],
  ['missing file: replay', ['store', 'replay', 'missing.yaml'], 'missing.yaml: cannot read: no such file'],
  ['missing file: measure', ['store', 'measure', 'missing.yaml'], 'missing.yaml: cannot read: no such file'],
  ['unreadable file: a folder', ['store', 'replay', 'scenarios'], 'scenarios: cannot read: is a directory'],
  ['unreadable file: measure a folder', ['store', 'measure', 'scenarios'], 'scenarios: cannot read: is a directory'],
  ['missing file argument', ['store', 'replay'], "missing required argument 'FILE'"],
  ['bad number: --records abc', ['store', 'measure', '--records', 'abc'], '--records abc: write a whole number'],
  ['bad number: --records 0', ['store', 'measure', '--records', '0'], '--records 0: write a whole number'],
  ['bad number: --records 1.5', ['store', 'measure', '--records', '1.5'], '--records 1.5: write a whole number'],
  ['bad number: --records 2000000', ['store', 'measure', '--records', '2000000'], 'from 1 to 1,000,000'],
  ['bad number: --key-length', ['store', 'measure', '--key-length', 'x'], '--key-length x: write a whole number'],
  ['bad size: --body-size big', ['store', 'measure', '--body-size', 'big'], '--body-size big: write a size'],
  ['bad size: --body-size 2MiB', ['store', 'measure', '--body-size', '2MiB'], 'up to 1MiB'],
  ['bad duration: --ttl', ['store', 'measure', '--ttl', 'forever'], '--ttl forever: write a duration'],
  ['bad size: --max-memory', ['store', 'measure', '--max-memory', 'lots'], '--max-memory "lots"'],
  ['bad size: --max-memory on replay', ['store', 'replay', FILE, '--max-memory', '1x'], '--max-memory "1x"'],
  ['bad size: --max-write', ['store', 'measure', '--max-write', 'lots'], '--max-write lots: write a size'],
  ['bad size: --max-write 1kB', ['store', 'measure', '--max-write', '1kB'], 'from 1MB to 1PB'],
  ['bad number: --actions', ['store', 'replay', FILE, '--actions', 'many'], 'actions'],
  ['excess arguments: measure', ['store', 'measure', FILE, FILE], 'too many arguments'],
  ['no subcommand', ['store'], 'store: name what to do'],
  ['unknown subcommand', ['store', 'bogus'], "store: unknown command 'bogus'"],
  ['--write without a file', ['store', 'measure', '--write', 'redis'], '--write: name the scenario file'],
];

describe('usage errors under store: one line, exit 2', () => {
  it.each(CASES)('%s', async (_, args, fragment) => {
    const r = await inProcess(args);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr).toContain(fragment);
    expect(r.stderr).not.toContain('    at ');
    expect(r.stdout).toBe('');
  });

  it('the real process too: exit 2, one line, no stack', () => {
    for (const args of [
      ['store', 'measure', '--only', 'mysql'],
      ['store', 'replay', 'missing.yaml'],
      ['store', 'measure', '--bogus'],
      ['store'],
    ]) {
      const r = idemsim(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
  });
});

describe('store measure refuses, before anything is written, what it estimates is too big', () => {
  it('about a terabyte of records: the estimate, the 1 GB ceiling on what it writes, and the fix', async () => {
    const r = await inProcess(['store', 'measure', '--records', '1000000', '--body-size', '1MB']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(
      /^store measure: 1,000,000 records with a 1\.00 MB body would write about 5\.00 TB on the stores by estimate \(redis 1\.00 TB, postgres 4\.00 TB\), over the 1\.00 GB ceiling on what store measure writes; lower --records or --body-size, or pass --max-write 6TB\n$/,
    );
    expect(r.stdout).toBe('');
  });

  it("more records than PGlite's memory allows under --max-memory: the estimate, the ceiling and the fixes", async () => {
    const r = await inProcess(['store', 'measure', '--records', '400000', '--only', 'postgres']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/would take about [\d.]+ GB of idemsim's own memory by estimate \(PGlite/);
    expect(r.stderr).toContain('over the 1.00 GB ceiling; lower --records or --body-size');
    expect(r.stderr).toContain('with --postgres URL, or pass --max-memory 2GB');
  });

  it('a lower --max-memory refuses what the default allows', async () => {
    const r = await inProcess(['store', 'measure', '--only', 'postgres', '--max-memory', '500MB']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('over the 500 MB ceiling');
  });

  it('--help names the limits and the flags that move them', async () => {
    const r = await inProcess(['store', 'measure', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--max-write <size>');
    expect(r.stdout).toContain('--max-memory <size>');
    expect(r.stdout).toMatch(/Limits, checked before anything is written/);
    expect(r.stdout).toContain('idemsim_keys_*');
  });
});
