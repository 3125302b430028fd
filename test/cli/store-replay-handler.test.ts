// `idemsim store replay --handler`: the handler scenarios through each real library on a
// temporary redis-server, called in this process. Every answer equal exits 0; a library
// that answers otherwise exits 1 and says so; what cannot be replayed is one line, exit 2.
// The replays start a redis-server a file (and, for express-idempotency, an HTTP server and
// 200 race pairs a file): 3 to 9 s a library at 500 actions a file.
import { describe, expect, it } from 'vitest';
import { inProcess } from './in-process.js';
import { ERROR_LINE, lines } from './sinks.js';

const FILES = [
  'scenarios/handlers/in-progress-and-mismatch.yaml',
  'scenarios/handlers/expiry-and-leases.yaml',
  'scenarios/handlers/races.yaml',
];
const IN_PROGRESS = FILES[0] as string;

const replay = (...args: string[]) => inProcess(['store', 'replay', ...args, '--quiet']);

describe('idemsim store replay --handler', () => {
  for (const handler of ['powertools', 'node-idempotency', 'express-idempotency']) {
    it(`${handler}: answers every lookup of the three handler scenarios as the simulator did, exit 0`, async () => {
      const r = await replay(...FILES, '--handler', handler, '--actions', '500');
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.match(new RegExp(`^store replay --handler ${handler}: `, 'gm'))).toHaveLength(3);
      // "every answer equal", or "every other answer equal" beside a named gap (Powertools).
      expect(r.stdout.match(/every( other)? answer equal/g)).toHaveLength(3);
      expect(r.stdout).not.toContain('answered differently');
      // A read-then-write library also gets pairs of requests sent at once, each file.
      const raced = r.stdout.match(/read-then-write for real: 200 pairs/g) ?? [];
      expect(raced).toHaveLength(handler === 'express-idempotency' ? 3 : 0);
    });
  }

  it('exits 1 and names the first lookup when the library answers otherwise: node-idempotency keeps what the run deletes', async () => {
    // node-idempotency's core has no delete: a failed execution stays as its stored 500.
    const r = await replay(
      IN_PROGRESS,
      '--handler',
      'node-idempotency',
      '--set',
      'keys.errors=delete',
      '--actions',
      '500',
    );
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      /[\d,]+ lookups answered differently; the first: operation [\d,]+ at t = \d+ ms on \S+: simulator executed again, library stored \(the stored 500 replayed\)/,
    );
  });

  it('powertools with errors: store agrees: the 500 is returned by the function, and Powertools stores a returned 500', async () => {
    // Powertools deletes the record only when the function throws (a rollback under errors:
    // delete); a returned { statusCode: 500 } is a result like any other.
    const r = await replay(IN_PROGRESS, '--handler', 'powertools', '--set', 'keys.errors=store', '--actions', '500');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/ends sent: [\d,]+ results, [1-9][\d,]* errors \(500s\) kept, 0 records deleted/);
  });

  it('refuses what a library cannot replay in one line, exit 2, before running anything', async () => {
    for (const [args, says] of [
      [['--handler', 'stripe'], /stripe is a hosted API/],
      [['--handler', 'powertools', '--set', 'keys.lease=none'], /--handler powertools needs keys\.lease/],
      [
        ['--handler', 'node-idempotency', '--set', 'keys.retention=1500ms'],
        /keys\.retention must be a whole number of seconds/,
      ],
      [
        ['--handler', 'express-idempotency', '--set', 'keys.transactional=true'],
        /keys\.transactional: .*cannot share a transaction/,
      ],
      [
        ['--handler', 'powertools', '--redis', 'redis://127.0.0.1:1'],
        /temporary redis-server of idemsim's own.*drop --redis/,
      ],
    ] as const) {
      const r = await replay(IN_PROGRESS, ...args);
      const shown = args.join(' ');
      expect(r.status, shown).toBe(2);
      expect(lines(r.stderr), shown).toHaveLength(1);
      expect(r.stderr, shown).toMatch(ERROR_LINE);
      expect(r.stderr, shown).toMatch(says);
      expect(r.stderr, shown).not.toContain('    at ');
      expect(r.stdout, shown).toBe('');
    }
  });

  // Usage errors under `store` (an unknown choice or option, a missing argument) are
  // commander's: each is one line and exit 2, as under every other command.
  it.each([
    [['replay', IN_PROGRESS, '--handler', 'x'], /argument 'x' is invalid/],
    [['replay', IN_PROGRESS, '--only', 'mysql'], /argument 'mysql' is invalid/],
    [['replay', IN_PROGRESS, '--bogus'], /unknown option '--bogus'/],
    [['replay'], /missing required argument/],
    [['measure', '--only', 'mysql'], /argument 'mysql' is invalid/],
  ])('store %j: one line, exit 2', async (args, says) => {
    const r = await inProcess(['store', ...args]);
    expect(r.status).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(says);
    expect(r.stderr).not.toContain('    at ');
  });
});
