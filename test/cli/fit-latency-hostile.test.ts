// fit-latency against hostile input: files near the size cap, cells that are huge, hold
// control characters or numerals that overflow, and latencies no scenario could hold. Each
// ends in a fit or in one short line on stderr and exit 2; never a stack, never Infinity.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitLatencyFixture } from './fit-latency-fixture.js';
import { BIN, idemsim, requireBuild } from './binary.js';
import { lines } from './sinks.js';

const { dir, write, run } = fitLatencyFixture('idemsim-fit-hostile-');

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
/** Non-finite numbers or a negative zero, in a table or JSON. */
const NOT_PRINTABLE = /Infinity|NaN|-0(\.0+)?(?![.\d])/;

/** What every refusal looks like: exit 2, one line of at most 300 characters, nothing raw, no stack. */
function expectOneLine(r: { code: number | null; out: string; err: string }): void {
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
  expect(r.err.endsWith('\n')).toBe(true);
  expect(lines(r.err)).toHaveLength(1);
  expect(r.err.length).toBeLessThanOrEqual(300);
  expect(r.err.slice(0, -1)).not.toMatch(RAW_CONTROL);
  expect(r.err).not.toContain('    at ');
}

describe('a latency CSV near the 64 MiB cap', () => {
  beforeAll(requireBuild);

  it('66 MB of two-character rows is refused by its line count, in one line, within 1 GB', () => {
    const file = write('tiny-rows.csv', '1\n'.repeat(33_000_000));
    // GNU time writes its report (-o) apart from the command's own stderr.
    const timed = existsSync('/usr/bin/time');
    const report = join(dir, 'time.txt');
    const r = timed
      ? spawnSync('/usr/bin/time', ['-v', '-o', report, process.execPath, BIN, 'fit-latency', '--from', file], {
          cwd: dir,
          encoding: 'utf8',
        })
      : undefined;
    const { status, stdout, stderr } = r ?? idemsim(['fit-latency', '--from', file], dir);
    expectOneLine({ code: status, out: stdout, err: stderr });
    expect(stderr).toBe(
      'tiny-rows.csv:10000001:1: more than 10,000,000 lines, the most a latency CSV may have; fit a random sample of its rows (e.g. shuf -n 1000000)\n',
    );
    if (timed) {
      const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(report, 'utf8'))?.[1];
      expect(Number(peak)).toBeLessThan(1024 * 1024);
    }
  });
});

describe('a bad cell is shown short and escaped', () => {
  it('a 10 MB cell is cut to 40 characters', async () => {
    const r = await run(['--from', write('huge.csv', `ms\n350\n${'9'.repeat(5_000_000)}x${'9'.repeat(5_000_000)}\n`)]);
    expectOneLine(r);
    expect(r.err).toBe(
      `huge.csv:3:1: "${'9'.repeat(40)}..." is 10,000,001 characters, too long for a latency (at most 100); write e.g. 350, 350ms or 1.2s\n`,
    );
  });

  it('control characters, line separators and direction overrides are escaped', async () => {
    const r = await run(['--from', write('ctl.csv', 'ms\n350\n"1\u0007\u001b[2J\r\n\u2028\u202e"\n')]);
    expectOneLine(r);
    expect(r.err).toContain('\\u0007\\u001b[2J\\r\\n\\u2028\\u202e');
  });

  it('so is a percentile flag', async () => {
    expectOneLine(await run(['--p50', `300ms\n${'x'.repeat(100_000)}`, '--p99', '1s']));
    expectOneLine(await run(['--p50', '1.2s', '--p99', `\u001b[31m300ms`]));
  });
});

describe('each number that is no latency has its own reason', () => {
  const REASONS: [string, string][] = [
    ['1e400', 'is too large to be a number; the largest latency is 1e9ms'],
    ['1e400ms', 'is too large to be a number'],
    ['1e-400', 'is too small to be a number (it rounds to 0)'],
    ['-1e-400', 'is negative'],
    ['-5', 'is negative'],
    ['-0', 'is zero'],
    ['0ms', 'is zero'],
    ['NaN', 'is not a finite latency'],
    ['-Infinity', 'is not a finite latency'],
    ['5e-324', 'is below the smallest latency, 1e-6ms (1 ns)'],
    ['1e-7', 'is below the smallest latency'],
    ['2e9', 'is above the largest latency, 1e9ms (about 11.6 days)'],
    ['1e9s', 'is above the largest latency'],
  ];

  it.each(REASONS)('a CSV cell %s %s', async (cell, reason) => {
    const r = await run(['--from', write('reason.csv', `ms\n350\n${cell}\n`)]);
    expectOneLine(r);
    expect(r.err.startsWith(`reason.csv:3:1: ${JSON.stringify(cell)} `)).toBe(true);
    expect(r.err).toContain(reason);
  });

  it.each(REASONS)('a percentile %s %s', async (value, reason) => {
    const r = await run(['--p50', '300ms', '--p99', value]);
    expectOneLine(r);
    expect(r.err).toMatch(/^--p99: /);
    expect(r.err).toContain(reason);
  });

  it('the bounds themselves are latencies', async () => {
    const r = await run(['--from', write('bounds.csv', '1e-6\n1e-6ms\n1e6s\n1e9\n')]);
    expect(r.code).toBe(2); // a fit this wide (sigma 17) is refused; the cells are not
    expect(r.err).toMatch(/^bounds\.csv: the fitted sigma is 17\.269\d*, more than 10/);
  });
});

describe('a fit no scenario accepts is refused, not printed', () => {
  it('a sample whose sigma is above 10', async () => {
    const r = await run(['--from', write('wide.csv', '1e-6\n1e9\n')]);
    expectOneLine(r);
    expect(r.err).toMatch(
      /^wide\.csv: the fitted sigma is 17\.26\d*, more than 10, the most a scenario's service\.latency\.sigma may be/,
    );
  });

  it('percentiles whose sigma is above 10, in either form', async () => {
    for (const args of [
      ['--p50', '1e-6ms', '--p99', '1e9ms'],
      ['--p90', '1ms', '--p99', '1e9ms'],
      ['--p50', '1e-6ms', '--p95', '1ms', '--p999', '1e9ms'],
    ]) {
      const r = await run(args);
      expectOneLine(r);
      expect(r.err, args.join(' ')).toMatch(/^fit-latency: the fitted sigma is \d+(\.\d+)?, more than 10/);
    }
  });

  it('5e-324 and 300: the old sigma 375 is now a cell below the smallest latency', async () => {
    const r = await run(['--from', write('denormal.csv', '5e-324\n300\n')]);
    expectOneLine(r);
    expect(r.err).toMatch(/^denormal\.csv:1:1: "5e-324" is below the smallest latency/);
  });

  it('--p50 1ms --p99 1e9s: the p99 is above the largest latency', async () => {
    const r = await run(['--p50', '1ms', '--p99', '1e9s']);
    expectOneLine(r);
    expect(r.err).toMatch(/^--p99: "1e9s" is above the largest latency/);
  });
});

/** A cell meant to break the reader: quotes, controls, huge numerals, words, unicode. */
const hostileCell = fc.oneof(
  fc.constantFrom('1e400', '-1e400', '1e-400', 'NaN', 'Infinity', '-0', '0', '5e-324', '1.7976931348623157e308'),
  fc.constantFrom('"', '""', '"unclosed', '"a"b', '\u0000', '\u001b[2J', '\r', '\u2028', '\u202e', '\ufeff', '😀'),
  fc
    .tuple(fc.constantFrom('9', '"', ',', '\n', 'é'), fc.integer({ min: 1, max: 200_000 }))
    .map(([c, n]) => c.repeat(n)),
  fc
    .tuple(fc.double({ noNaN: false }), fc.constantFrom('', 'ms', 's', 'm', 'h', 'd', 'µs', 'MS'))
    .map(([x, unit]) => `${x}${unit}`),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.stringMatching(/^[0-9.eE+-]{1,12}(ms|s)?$/),
);

describe('any CSV: a fit or one short line', () => {
  it('exit 0 or 2; stderr one line of at most 300 characters, nothing raw, no stack; stdout finite', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('', 'ms\n', 'tool,latency\r\n', '\ufeff"latency"\n'),
        fc.array(fc.tuple(hostileCell, fc.boolean()), { minLength: 0, maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        async (header, cells, eol) => {
          const twoColumns = header.startsWith('tool');
          const rows = cells.map(([cell, quoted]) => {
            const field = quoted ? `"${cell.replaceAll('"', '""')}"` : cell;
            return twoColumns ? `x,${field}` : field;
          });
          const r = await run(['--from', write('hostile.csv', header + rows.join(eol)), '--format', 'json']);
          expect([0, 2]).toContain(r.code);
          if (r.code === 2) expectOneLine(r);
          else {
            expect(r.err).toBe('');
            expect(r.out).not.toMatch(NOT_PRINTABLE);
            const fit = JSON.parse(r.out) as { median: number; sigma: number };
            expect(fit.median).toBeGreaterThan(0);
            expect(fit.sigma).toBeLessThanOrEqual(10);
          }
        },
      ),
      { seed: 4180, numRuns: 150 },
    );
  });

  it('the table form prints no Infinity, NaN or -0 either', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 1e-6, max: 1e9, noNaN: true }), { minLength: 2, maxLength: 50 }),
        async (xs) => {
          const r = await run(['--from', write('table.csv', xs.join('\n'))]);
          expect([0, 2]).toContain(r.code);
          expect(r.out).not.toMatch(NOT_PRINTABLE);
          if (r.code === 2) expectOneLine(r);
        },
      ),
      { seed: 9, numRuns: 100 },
    );
  });
});
