// Sharded sweeps: shards run as separate processes, each simulating its share of the points,
// and `idemsim merge` puts them back together into exactly what one process prints.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, idemsim, requireBuild } from './binary.js';
import { inProcess } from './in-process.js';

const SWEEP = [
  'sweep',
  '--vary',
  'client.timeout=1s,2s,3s',
  '--vary',
  'client.retries=0,2',
  '--actions',
  '600',
  '--quiet',
];
const SMALL = ['sweep', '--vary', 'client.timeout=1s,2s,3s', '--actions', '300', '--quiet'];
let dir: string;

/** One shard as a process of its own, started at once; resolves with what it printed. */
function shard(args: readonly string[], file: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      writeFileSync(join(dir, file), Buffer.concat(out));
      resolve(code);
    });
  });
}

function oneLineError(outcome: { status: number | null; stderr: string }, pattern: RegExp): void {
  expect(outcome.status).toBe(2);
  expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
  expect(outcome.stderr).toMatch(pattern);
  expect(outcome.stderr).not.toMatch(/\n\s+at /);
}

beforeAll(async () => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'idemsim-merge-'));
  const codes = await Promise.all([1, 2, 3].map((i) => shard([...SWEEP, '--shard', `${i}/3`], `part-${i}.json`)));
  expect(codes).toEqual([0, 0, 0]);
}, 120_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe('three shards run as separate processes, then merged', () => {
  it('each shard simulates only its own points: round robin over the sweep order', () => {
    const points = [1, 2, 3].map((i) => {
      const part = JSON.parse(readFileSync(join(dir, `part-${i}.json`), 'utf8')) as {
        part: { shard: number; of: number; points: number };
        points: { index: number }[];
      };
      expect(part.part).toMatchObject({ shard: i, of: 3, points: 6 });
      return part.points.map((p) => p.index);
    });
    expect(points).toEqual([
      [0, 3],
      [1, 4],
      [2, 5],
    ]);
  });

  it.each(['json', 'table', 'csv'])(
    'merge --format %s prints byte for byte what the one-process sweep prints',
    (format) => {
      const whole = idemsim([...SWEEP, '--format', format], dir);
      const merged = idemsim(['merge', 'part-3.json', 'part-1.json', 'part-2.json', '--format', format], dir);
      expect(whole.status).toBe(0);
      expect(merged.status).toBe(0);
      expect(merged.stdout).toBe(whole.stdout);
    },
  );

  it('a part saved with a byte order mark (as some editors save) merges as without', () => {
    writeFileSync(join(dir, 'bom-2.json'), `\uFEFF${readFileSync(join(dir, 'part-2.json'), 'utf8')}`);
    const plain = idemsim(['merge', 'part-1.json', 'part-2.json', 'part-3.json', '--format', 'json'], dir);
    const marked = idemsim(['merge', 'part-1.json', 'bom-2.json', 'part-3.json', '--format', 'json'], dir);
    expect(marked.stderr).toBe('');
    expect(marked.stdout).toBe(plain.stdout);
  });

  it('merge --out writes the report folder sweep --out writes', () => {
    expect(idemsim([...SWEEP, '--out', 'whole'], dir).status).toBe(0);
    expect(idemsim(['merge', 'part-1.json', 'part-2.json', 'part-3.json', '--out', 'merged'], dir).status).toBe(0);
    const files = readdirSync(join(dir, 'whole')).sort();
    expect(readdirSync(join(dir, 'merged')).sort()).toEqual(files);
    for (const file of files) {
      expect(readFileSync(join(dir, 'merged', file), 'utf8'), file).toBe(
        readFileSync(join(dir, 'whole', file), 'utf8'),
      );
    }
  });

  it('more shards than points: the empty shards still merge', () => {
    const parts = Array.from({ length: 8 }, (_, i) => {
      const outcome = idemsim([...SMALL, '--shard', `${i + 1}/8`], dir);
      expect(outcome.status).toBe(0);
      writeFileSync(join(dir, `small-${i + 1}.json`), outcome.stdout);
      return `small-${i + 1}.json`;
    });
    const merged = idemsim(['merge', ...parts, '--format', 'json'], dir);
    expect(merged.stdout).toBe(idemsim([...SMALL, '--format', 'json'], dir).stdout);
  });
});

describe('sized shards', () => {
  it('a sweep sized by --precision merges to what the sized sweep prints', () => {
    const sized = [...SMALL, '--precision', 'duplicatesPerThousand=40%', '--max-actions', '20000'];
    const parts = [1, 2].map((i) => {
      const outcome = idemsim([...sized, '--shard', `${i}/2`], dir);
      expect(outcome.status, outcome.stderr).toBe(0);
      writeFileSync(join(dir, `sized-${i}.json`), outcome.stdout);
      return `sized-${i}.json`;
    });
    const whole = idemsim([...sized, '--format', 'json'], dir);
    expect(idemsim(['merge', ...parts, '--format', 'json'], dir).stdout).toBe(whole.stdout);
  });
});

describe('merge refuses what does not make one sweep, in one line with exit 2', () => {
  it('a missing shard', async () => {
    oneLineError(await inProcess(['merge', 'part-1.json', 'part-3.json'], dir), /shard 2\/3 missing/);
  });

  it('a shard named twice', async () => {
    oneLineError(
      await inProcess(['merge', 'part-1.json', 'part-2.json', 'part-2.json', 'part-3.json'], dir),
      /shard 2\/3 again/,
    );
  });

  it('a shard of another sweep', async () => {
    const other = idemsim([...SWEEP.slice(0, -3), '--actions', '700', '--quiet', '--shard', '2/3'], dir);
    writeFileSync(join(dir, 'other-2.json'), other.stdout);
    oneLineError(await inProcess(['merge', 'part-1.json', 'other-2.json', 'part-3.json'], dir), /another sweep/);
  });

  it('a whole sweep instead of a part', async () => {
    writeFileSync(join(dir, 'whole.json'), idemsim([...SWEEP, '--format', 'json'], dir).stdout);
    oneLineError(await inProcess(['merge', 'whole.json'], dir), /whole\.json:1:1: part: missing: a whole sweep/);
  });

  it('a part from another idemsim version', async () => {
    const text = readFileSync(join(dir, 'part-1.json'), 'utf8').replace(/"idemsim": "[^"]+"/, '"idemsim": "0.0.1"');
    writeFileSync(join(dir, 'old-1.json'), text);
    oneLineError(
      await inProcess(['merge', 'old-1.json', 'part-2.json', 'part-3.json'], dir),
      /old-1\.json: made by idemsim 0\.0\.1/,
    );
  });

  it('a point moved to a shard it does not belong to', async () => {
    const doc = JSON.parse(readFileSync(join(dir, 'part-1.json'), 'utf8')) as { points: { index: number }[] };
    (doc.points[0] as { index: number }).index = 1;
    const text = JSON.stringify(doc, null, 2);
    writeFileSync(join(dir, 'moved-1.json'), text);
    // The place is the moved point's index: the first "index" in the file.
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('"index": 1'));
    const column = (lines[line] as string).indexOf('1') + 1;
    oneLineError(
      await inProcess(['merge', 'moved-1.json', 'part-2.json', 'part-3.json'], dir),
      new RegExp(`^moved-1\\.json:${line + 1}:${column}: points\\[0\\]\\.index: point 1 is not one of shard 1/3's`),
    );
  });

  it('a file that is not JSON, or is missing', async () => {
    writeFileSync(join(dir, 'junk.json'), 'shard: 1\n');
    oneLineError(await inProcess(['merge', 'junk.json'], dir), /junk\.json:1:1: not JSON \(Unexpected token 's'\)/);
    // A part cut short (a shard killed while writing): the place is where the text ends.
    const part = readFileSync(join(dir, 'part-2.json'), 'utf8');
    const cut = part.slice(0, part.indexOf('"metrics"'));
    writeFileSync(join(dir, 'cut-2.json'), cut);
    const lastLine = cut.split('\n').length;
    const lastColumn = cut.length - cut.lastIndexOf('\n');
    oneLineError(
      await inProcess(['merge', 'part-1.json', 'cut-2.json', 'part-3.json'], dir),
      new RegExp(
        `^cut-2\\.json:${lastLine}:${lastColumn}: not JSON \\(Expected double-quoted property name\\); a part is what`,
      ),
    );
    oneLineError(await inProcess(['merge', 'nowhere.json'], dir), /nowhere\.json: cannot read/);
  });
});

describe('sweep --shard checks its value before simulating', () => {
  it.each(['0/3', '4/3', '3', 'a/b', '1/0', '1/100000'])('refuses --shard %s', async (value) => {
    oneLineError(await inProcess([...SWEEP, '--shard', value], dir), /--shard: expected I\/N/);
  });

  it('refuses --out and a non-JSON --format beside --shard', async () => {
    oneLineError(await inProcess([...SWEEP, '--shard', '1/2', '--out', 'x'], dir), /--shard writes no report folder/);
    oneLineError(await inProcess([...SWEEP, '--shard', '1/2', '--format', 'csv'], dir), /drop --format csv/);
  });
});
