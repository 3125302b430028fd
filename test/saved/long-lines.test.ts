// Every line `report` and `diff` print about a saved summary or run is short (issue 35,
// family 5: "one error line reached 69 KB"): long keys, names, versions and values, junk
// nested anywhere and long file paths each give one line of at most 300 characters, after
// the terminal escapes, naming the file and place, with exit 2.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { MAX_LINE } from '../../src/saved/line.js';
import { captured, lines } from '../cli/sinks.js';

type Json = Record<string, unknown>;

const dir = mkdtempSync(join(tmpdir(), 'idemsim-long-lines-'));
let summary: Json;
let saved: Json;

beforeAll(async () => {
  const run = captured({ cwd: dir });
  expect(await cli(['run', '--actions', '200', '--format', 'json', '--out', 'report'], run)).toBe(0);
  saved = JSON.parse(run.out.text) as Json;
  writeFileSync(join(dir, 'saved.json'), run.out.text);
  summary = JSON.parse(readFileSync(join(dir, 'report', 'summary.json'), 'utf8')) as Json;
}, 60_000);

function firstRun(document: Json): Json {
  return (document['runs'] as Json[])[0] as Json;
}

/** `edit` applied to a copy of `document`, written to `name`. */
function edited(document: Json, name: string, edit: (document: Json, run: Json) => void): string {
  const copy = structuredClone(document);
  edit(copy, firstRun(copy));
  writeFileSync(join(dir, name), JSON.stringify(copy, null, 2));
  return name;
}

async function refused(args: readonly string[]): Promise<string> {
  const ctx = captured({ cwd: dir });
  expect(await cli(args, ctx), args.join(' ').slice(0, 200)).toBe(2);
  expect(ctx.out.text).toBe('');
  expect(lines(ctx.err.text)).toHaveLength(1);
  const line = ctx.err.text.trimEnd();
  expect(line.length).toBeLessThanOrEqual(MAX_LINE);
  expect(line.includes('\u001b') || line.includes('\u202e')).toBe(false);
  return line;
}

const edits: [string, (document: Json, run: Json) => void, RegExp][] = [
  [
    'a 70,000-character key among the metrics',
    (_, run) => ((run['metrics'] as Json)['k'.repeat(70_000)] = 1),
    /^FILE:\d+:\d+: runs\[0\]\.metrics\.k+ … k+: not a metric of this idemsim \(docs\/reference\/metrics\.md lists them\)$/,
  ],
  [
    'a 70,000-character metric value',
    (_, run) => ((run['metrics'] as Json)['duplicatesPerThousand'] = 'x'.repeat(70_000)),
    /^FILE:\d+:\d+: runs\[0\]\.metrics\.duplicatesPerThousand: expected a number; found "x{36}\.\.\.$/,
  ],
  [
    'junk nested in a metric',
    (_, run) => ((run['metrics'] as Json)['duplicatesPerThousand'] = [[[{ a: [[[1]]] }]]]),
    /runs\[0\]\.metrics\.duplicatesPerThousand: expected a number; found a list$/,
  ],
  [
    'a 70,000-character version',
    (document) => (document['idemsim'] = '1'.repeat(70_000)),
    /^FILE:\d+:\d+: idemsim: 70000 characters; idemsim writes at most 100 there \(was the file edited\?\)$/,
  ],
  [
    'a 70,000-character scenario name',
    (_, run) => ((run['scenario'] as Json)['name'] = 'n'.repeat(70_000)),
    /^FILE:\d+:\d+: runs\[0\]\.scenario: name: 70000 characters long; at most 200: shorten it$/,
  ],
];

describe('report of an edited summary: one short line', () => {
  it.each(edits)('%s', async (_, edit, message) => {
    const file = edited(summary, 'summary-edited.json', edit);
    const line = await refused(['report', file, '--out', 'again']);
    expect(line).toMatch(new RegExp(message.source.replace('FILE', 'summary-edited\\.json')));
  });

  it('an unknown interval, refused as an unknown metric is', async () => {
    const file = edited(summary, 'summary-interval.json', (_, run) => {
      (run['intervals'] as Json)[`\u202e${'i'.repeat(5000)}`] = { low: 1, high: 2 };
    });
    expect(await refused(['report', file, '--out', 'again'])).toMatch(
      /^summary-interval\.json:\d+:\d+: runs\[0\]\.intervals\.\\u202ei+ … i+: not a metric of this idemsim/,
    );
  });

  it('a summary at a path of 4,000 characters', async () => {
    const line = await refused(['report', `${'b/'.repeat(2000)}summary.json`, '--out', 'again']);
    expect(line).toMatch(/^b\/b\/b\/.* … .*b\/summary\.json: /);
  });
});

describe('diff of an edited saved run: one short line', () => {
  it.each(edits.filter(([what]) => !what.includes('key among')))('%s', async (what, edit, message) => {
    const file = edited(saved, 'saved-edited.json', edit);
    const line = await refused(['diff', 'saved.json', file]);
    const expected = what.includes('scenario name')
      ? /^saved-edited\.json:\d+:\d+: runs\[0\]\.scenario\.name: 70000 characters; idemsim writes at most 200 there \(was the file edited\?\)$/
      : new RegExp(message.source.replace('FILE', 'saved-edited\\.json'));
    expect(line).toMatch(expected);
  });

  it('two runs under one long name: the message quotes it in a short line', async () => {
    const name = `r${'n'.repeat(199)}`;
    const file = edited(saved, 'saved-twice.json', (document, run) => {
      (run['scenario'] as Json)['name'] = name;
      document['runs'] = [run, structuredClone(run)];
    });
    const line = await refused(['diff', file, file]);
    expect(line).toMatch(/^BASE saved-twice\.json: two scenarios are named 'rn+/);
  });

  it('no name in common among many long ones: the names listed in a short line', async () => {
    const many = (prefix: string) => (document: Json, run: Json) => {
      document['runs'] = Array.from({ length: 50 }, (_, i) => {
        const copy = structuredClone(run);
        (copy['scenario'] as Json)['name'] = `${prefix}${i}-${'x'.repeat(150)}`;
        return copy;
      });
    };
    const base = edited(saved, 'saved-base.json', many('base'));
    const fresh = edited(saved, 'saved-new.json', many('new'));
    const line = await refused(['diff', base, fresh]);
    expect(line).toMatch(/^diff: no scenario of NEW \(new0-x+.* … .*\); scenarios are matched by name$/);
  });

  it('a saved run at a path of 4,000 characters', async () => {
    const line = await refused(['diff', `${'c/'.repeat(2000)}saved.json`, 'saved.json']);
    expect(line).toMatch(/^c\/c\/c\/.* … .*c\/saved\.json: /);
  });
});
