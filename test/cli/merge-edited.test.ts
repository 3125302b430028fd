// Parts edited by hand (issue 35, family 5): a metric renamed, added, of a wrong type or
// listed but unknown, metric lists that differ between parts, texts of any length and junk
// nested anywhere. Each is refused by the reader every saved file goes through, in one line
// of at most 300 characters naming the file, line and column, with exit 2: never a stack
// (a RangeError from the table, exit 70, as before).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { MAX_LINE } from '../../src/saved/line.js';
import { captured, lines } from './sinks.js';

type Json = Record<string, unknown>;

const dir = mkdtempSync(join(tmpdir(), 'idemsim-merge-edited-'));
let parts: [Json, Json];

async function made(args: readonly string[]): Promise<Json> {
  const ctx = captured({ cwd: dir });
  expect(await cli(args, ctx)).toBe(0);
  return JSON.parse(ctx.out.text) as Json;
}

async function merged(
  edited: readonly Json[],
  args: readonly string[] = [],
): Promise<{ code: number; out: string; err: string }> {
  const names = edited.map((part, i) => {
    writeFileSync(join(dir, `part-${i + 1}.json`), JSON.stringify(part, null, 2));
    return `part-${i + 1}.json`;
  });
  const ctx = captured({ cwd: dir });
  return { code: await cli(['merge', ...names, ...args], ctx), out: ctx.out.text, err: ctx.err.text };
}

/** Both parts, each changed by `edit` (given the part and its first point). */
function editBoth(edit: (part: Json, point: Json) => void): Json[] {
  return parts.map((original) => {
    const part = structuredClone(original);
    edit(part, (part['points'] as Json[])[0] as Json);
    return part;
  });
}

const sweep = (part: Json): Json => part['sweep'] as Json;
const metricsOf = (point: Json): Json => point['metrics'] as Json;
const intervalsOf = (point: Json): Json => point['intervals'] as Json;

beforeAll(async () => {
  const shard = (i: number): string[] => [
    'sweep',
    '--vary',
    'client.retries=0,1',
    '--actions',
    '300',
    '--shard',
    `${i}/2`,
  ];
  parts = [await made(shard(1)), await made(shard(2))];
}, 60_000);

describe('merge of hand-edited parts: one short line, exit 2', () => {
  it.each<[string, (part: Json, point: Json) => void, RegExp]>([
    [
      'an unknown metric in the sweep list',
      (p) => ((sweep(p)['metrics'] as string[])[2] = 'bogusMetric'),
      /^part-1\.json:\d+:\d+: sweep\.metrics\[2\]: "bogusMetric" is not a metric of this idemsim/,
    ],
    [
      'a group named as a metric',
      (p) => (sweep(p)['metrics'] as string[]).push('latency.call'),
      /^part-1\.json:\d+:\d+: sweep\.metrics\[5\]: "latency\.call" is not a metric/,
    ],
    [
      'no metric listed',
      (p) => (sweep(p)['metrics'] = []),
      /sweep\.metrics: expected at least one metric; found none$/,
    ],
    [
      'a prototype name listed',
      (p) => ((sweep(p)['metrics'] as string[])[0] = '__proto__'),
      /sweep\.metrics\[0\]: "__proto__" is not a metric/,
    ],
    [
      'junk nested in the list',
      (p) => ((sweep(p)['metrics'] as unknown[])[0] = { a: [1, { b: [[[2]]] }] }),
      /sweep\.metrics\[0\]: expected a metric's name; found an object$/,
    ],
    [
      'an unknown metric added to a point',
      (_, point) => (metricsOf(point)['bogus'] = 3),
      /^part-1\.json:\d+:\d+: points\[0\]\.metrics\.bogus: not a metric of this idemsim/,
    ],
    [
      'a metric key renamed',
      (_, point) => {
        const metrics = metricsOf(point);
        metrics['conflictRateX'] = metrics['conflictRate'];
        delete metrics['conflictRate'];
      },
      /points\[0\]\.metrics\.conflictRate: expected a number, "Infinity", "-Infinity" or null; found nothing$/,
    ],
    [
      'a metric of a wrong type',
      (_, point) => (metricsOf(point)['duplicatesPerThousand'] = 'many'),
      /points\[0\]\.metrics\.duplicatesPerThousand: expected a number, .* found "many"$/,
    ],
    [
      'junk nested in a metric',
      (_, point) => (metricsOf(point)['conflictRate'] = { deep: { deeper: [[[[1]]]] } }),
      /points\[0\]\.metrics\.conflictRate: expected a number, .* found an object$/,
    ],
    [
      'a metric group replaced by a number',
      (_, point) => ((metricsOf(point)['latency'] as Json)['call'] = 5),
      /points\[0\]\.metrics\.latency\.call\.p50: expected a number/,
    ],
    [
      'an interval of an unknown metric',
      (_, point) => (intervalsOf(point)['bogus'] = { low: 1, high: 2 }),
      /points\[0\]\.intervals\.bogus: not a metric of this idemsim/,
    ],
    [
      'a negative interval end, by name',
      (_, point) => (intervalsOf(point)['duplicatesPerThousand'] = { low: '-Infinity', high: 2 }),
      /points\[0\]\.intervals\.duplicatesPerThousand\.low: -Infinity is negative/,
    ],
    [
      'interval ends swapped',
      (_, point) => (intervalsOf(point)['duplicatesPerThousand'] = { low: 'Infinity', high: 2 }),
      /points\[0\]\.intervals\.duplicatesPerThousand: its low end Infinity is above its high end 2/,
    ],
    [
      'a 70,000-character metric name',
      (p) => ((sweep(p)['metrics'] as string[])[0] = 'm'.repeat(70_000)),
      /sweep\.metrics\[0\]: "m{30,}\.\.\. is not a metric/,
    ],
    [
      'a 70,000-character key among the metrics',
      (_, point) => (metricsOf(point)['k'.repeat(70_000)] = 1),
      /^part-1\.json:\d+:\d+: points\[0\]\.metrics\.k+ … k+: not a metric of this idemsim \(docs\/reference\/metrics\.md lists them\)$/,
    ],
    [
      'a key of escape sequences and bidirectional marks',
      (_, point) => (metricsOf(point)[`\u202e\u001b[2J${'q'.repeat(1000)}`] = 1),
      /points\[0\]\.metrics\.\\u202e\\u001b\[2Jq+ … q+: not a metric/,
    ],
    [
      'a 70,000-character metric value',
      (_, point) => (metricsOf(point)['conflictRate'] = 'x'.repeat(70_000)),
      /points\[0\]\.metrics\.conflictRate: expected a number, .* found "x{36}\.\.\.$/,
    ],
    [
      'a 70,000-character version',
      (p) => (p['idemsim'] = '9'.repeat(70_000)),
      /idemsim: 70000 characters; idemsim writes at most 100 there/,
    ],
    [
      'a 70,000-character sweep name',
      (p) => (sweep(p)['name'] = 'n'.repeat(70_000)),
      /sweep\.name: 70000 characters; idemsim writes at most 200/,
    ],
    [
      'a 70,000-character label',
      (p) => (((sweep(p)['vary'] as Json[])[0] as Json)['labels'] as string[]).splice(0, 1, 'L'.repeat(70_000)),
      /sweep\.vary\[0\]\.labels\[0\]: 70000 characters; idemsim writes at most 300/,
    ],
  ])('%s', async (_, edit, message) => {
    const { code, out, err } = await merged(editBoth(edit));
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(lines(err)).toHaveLength(1);
    expect(err.trimEnd().length).toBeLessThanOrEqual(MAX_LINE);
    expect(err).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    expect(err.trimEnd()).toMatch(message);
  });

  it('metric lists that differ between parts: a shard of another sweep', async () => {
    const [first, second] = parts.map((p) => structuredClone(p)) as [Json, Json];
    (sweep(first)['metrics'] as string[])[2] = 'lostPerThousand';
    const { code, err } = await merged([first, second]);
    expect(code).toBe(2);
    expect(lines(err)).toEqual([
      "part-2.json: a shard of another sweep than part-1.json's (its dimensions, metrics, scenario or shard count differ); merge the parts of one sweep",
    ]);
  });

  it('a part at a path of 4,000 characters: one line, its start and its end kept', async () => {
    const long = `${'a/'.repeat(2000)}part.json`;
    const ctx = captured({ cwd: dir });
    expect(await cli(['merge', long], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toHaveLength(1);
    const line = ctx.err.text.trimEnd();
    expect(line.length).toBeLessThanOrEqual(MAX_LINE);
    expect(line).toMatch(/^a\/a\/a\/.* … .*a\/part\.json: /);
  });
});

describe('merge of parts as sweep wrote them', () => {
  it('a listed metric no point carries (a client metric without client features) reads n/a, not a crash', async () => {
    const shard = (i: number): string[] => [
      'sweep',
      '--vary',
      'client.retries=0,1',
      '--actions',
      '200',
      '--metric',
      'attemptsPerCall.max,hedges,duplicatesPerThousand',
      '--shard',
      `${i}/2`,
    ];
    const { code, out, err } = await merged([await made(shard(1)), await made(shard(2))]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/│\s+0 │\s+n\/a │\s+n\/a │/);
  });

  it('a queue wait past 2^44 ms reads open-ended after the merge, as in one process', async () => {
    const slow = [
      '--set',
      'service.latency.median=36500d',
      '--set',
      'service.latency.sigma=0',
      '--set',
      'service.concurrency=1',
    ];
    const shard = (i: number): string[] => [
      'sweep',
      '--vary',
      'actions=20,40',
      '--metric',
      'service.queueWait.p95',
      ...slow,
      '--shard',
      `${i}/2`,
    ];
    const first = await made(shard(1));
    const { code, out, err } = await merged([first, await made(shard(2))]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const ctx = captured({ cwd: dir });
    expect(
      await cli(['sweep', '--vary', 'actions=20,40', '--metric', 'service.queueWait.p95', '--jobs', '1', ...slow], ctx),
    ).toBe(0);
    expect(out).toBe(ctx.out.text);
    expect(out).toContain('≥ 2^44 ms [203,613 d, ∞]');
  });
});
