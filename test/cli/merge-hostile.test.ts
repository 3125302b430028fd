// Parts edited by hand: merge reads no more shards, replicas or points than the commands
// that make parts could have made (10,000), and lists missing parts in one short line.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured, lines } from './sinks.js';

const dir = mkdtempSync(join(tmpdir(), 'idemsim-merge-hostile-'));

async function made(args: readonly string[], name: string): Promise<Record<string, Record<string, unknown>>> {
  const ctx = captured({ cwd: dir });
  expect(await cli(args, ctx)).toBe(0);
  writeFileSync(join(dir, name), ctx.out.text);
  return JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, Record<string, unknown>>;
}

async function merged(parts: readonly Record<string, unknown>[]): Promise<{ code: number; err: string }> {
  const names = parts.map((part, i) => {
    writeFileSync(join(dir, `edited-${i}.json`), JSON.stringify(part));
    return `edited-${i}.json`;
  });
  const ctx = captured({ cwd: dir });
  return { code: await cli(['merge', ...names], ctx), err: ctx.err.text };
}

describe('merge of hand-edited parts', () => {
  it('refuses any part.of or part.points above 10,000 in one line, whatever the number', async () => {
    const shard = await made(['sweep', '--actions', '100', '--vary', 'seed=1,2', '--shard', '1/2'], 's1.json');
    const replica = await made(['run', '--actions', '100', '--replicas', '2', '--replica', '1'], 'r1.json');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(['sweep', 'of'], ['sweep', 'points'], ['replica', 'of']),
        fc.oneof(fc.integer({ min: 10_001, max: 1e9 }), fc.constant(Number.MAX_SAFE_INTEGER)),
        async ([kind, key], n) => {
          const base = kind === 'sweep' ? shard : replica;
          const part = { ...base, part: { ...base['part'], [key as string]: n } };
          const { code, err } = await merged([part]);
          expect(code).toBe(2);
          expect(lines(err)).toHaveLength(1);
          expect(err).toMatch(new RegExp(`part\\.${key}: ${n} is more than`));
        },
      ),
      { seed: 1605, numRuns: 12 },
    );
  });

  it('lists at most ten missing parts and counts the rest', async () => {
    const replica = await made(['run', '--actions', '100', '--replicas', '2', '--replica', '1'], 'r1.json');
    const { code, err } = await merged([{ ...replica, part: { ...replica['part'], of: 10_000 } }]);
    expect(code).toBe(2);
    expect(lines(err)).toEqual([
      'merge: replica 2/10000, replica 3/10000, replica 4/10000, replica 5/10000, replica 6/10000, replica 7/10000, replica 8/10000, replica 9/10000, replica 10/10000, replica 11/10000 and 9989 more missing; replicas merge from all 10000 parts',
    ]);
  });
});
