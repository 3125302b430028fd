// `idemsim store measure` and `idemsim store replay` against real stores: a temporary
// redis-server started from the PATH and PGlite (Postgres in WebAssembly), as a user's
// fresh machine would run them. The replay must agree with the simulator answer by answer.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { loadScenario } from '../../src/scenario/index.js';
import { recordBytesMeasuredIn } from '../../src/scenario/measured.js';
import { captured, lines } from './sinks.js';

async function idemsim(args: readonly string[], cwd = process.cwd()) {
  const ctx = captured({ cwd });
  const code = await cli(['store', ...args], ctx);
  return { code, out: ctx.out.text, err: ctx.err.text };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

describe('idemsim store measure', () => {
  it('prints bytes per record for Redis and Postgres, each more than the record holds, and the line to paste', async () => {
    const r = await idemsim(['measure', '--records', '2000', '--body-size', '256B']);
    expect(r.code, r.err).toBe(0);
    const figures = [...r.out.matchAll(/bytes per record\s+([\d,]+) B/g)].map((m) =>
      Number((m[1] as string).replace(/,/g, '')),
    );
    expect(figures).toHaveLength(2);
    // A record holds at least its key, its 64-hex fingerprint and its 256-byte body.
    for (const bytes of figures) expect(bytes).toBeGreaterThan(256 + 64 + 20);
    expect(r.out).toContain('redis');
    expect(r.out).toContain('postgres');
    expect(r.out).toMatch(/recordBytes: \d+ {3}# measured in redis/);
    expect(r.out).toMatch(/recordBytes: \d+ {3}# measured in postgres/);
  });

  it('--write sets keys.recordBytes in the file, keeping its comments, and the file still loads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-store-'));
    const file = join(dir, 'refunds.yaml');
    writeFileSync(
      file,
      '# refunds behind an intent key\nkeys:\n  scope: intent # one key per action\n  recordBytes: 200\n',
    );
    const r = await idemsim(
      ['measure', 'refunds.yaml', '--only', 'postgres', '--records', '1000', '--write', 'postgres'],
      dir,
    );
    expect(r.code, r.err).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('# refunds behind an intent key');
    expect(text).toContain('scope: intent # one key per action');
    const written = Number(/recordBytes: (\d+)/.exec(text)?.[1]);
    expect(r.out).toContain(`recordBytes: ${written}   # measured in postgres`);
    const loaded = loadScenario(text, 'refunds.yaml');
    expect(loaded.ok && loaded.scenario.keys.recordBytes).toBe(written);
    // The file says where the size was measured, and recommend reads it back to say so.
    expect(text).toContain(`recordBytes: ${written} # measured in postgres by idemsim store measure`);
    expect(recordBytesMeasuredIn(text)).toBe('postgres');
  });

  it('refuses a Redis it cannot reach, a bad Postgres URL and bad options in one line, exit 2', async () => {
    const port = await closedPort();
    for (const args of [
      ['measure', '--only', 'redis', '--redis', `redis://127.0.0.1:${port}`],
      ['measure', '--only', 'postgres', '--postgres', 'not a url'],
      ['measure', '--records', '0'],
      ['measure', '--body-size', 'big'],
      ['measure', '--write', 'redis'],
    ]) {
      const r = await idemsim(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(lines(r.err), args.join(' ')).toHaveLength(1);
      // It names what was wrong (the URL or the option) and says what to do.
      expect(r.err, args.join(' ')).toMatch(/redis:\/\/127\.0\.0\.1|not a url|--records|--body-size|--write/);
      expect(r.err, args.join(' ')).toMatch(/give|start|write|name/);
      expect(r.err).not.toContain('    at ');
      expect(r.out, args.join(' ')).toBe('');
    }
  });
});

describe('idemsim store replay', () => {
  it('answers every lookup of the intent-key scenario as the simulator did, on both stores', async () => {
    const r = await idemsim(['replay', 'scenarios/refunds-3-intent-key.yaml', '--actions', '4000', '--quiet']);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out.match(/every answer equal/g)).toHaveLength(2);
    // Per answer, the simulator's count equals the store's.
    for (const line of lines(r.out).filter((l) => /^ {2}(claimed|409|422|stored 200) /.test(l))) {
      const [sim, store] = (line.match(/[\d,]+/g) ?? []).slice(-2);
      expect(store, line).toBe(sim);
    }
  });

  it('agrees where keys expire mid-run and arguments change: claims again, 422s, 409s', async () => {
    const r = await idemsim([
      'replay',
      'scenarios/refunds-3-intent-key.yaml',
      '--actions',
      '3000',
      '--set',
      'keys.retention=30s',
      '--set',
      'agent.replan.argsChange=0.3',
      '--quiet',
    ]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out.match(/every answer equal/g)).toHaveLength(2);
    expect(r.out).toMatch(/ {2}422 +[1-9]/);
  });

  it('with read-then-write claims, real concurrent clients race where the model says, and never with the atomic claim', async () => {
    // Hedges 20 ms after the first attempt, inside a 50 ms window: every hedge races its claim.
    const r = await idemsim([
      'replay',
      'scenarios/refunds-2-call-key.yaml',
      '--actions',
      '600',
      '--set',
      'keys.claim=read-then-write',
      '--set',
      'keys.raceWindow=50ms',
      '--set',
      'client.retries=0',
      '--set',
      'client.hedge={after: 20ms, max: 1}',
      '--quiet',
    ]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out.match(/every answer equal/g)).toHaveLength(2);
    const modelled = Number(
      /the simulator let ([\d,]+) lookups run inside the race window/.exec(r.out)?.[1]?.replace(/,/g, ''),
    );
    expect(modelled).toBeGreaterThan(300);
    for (const kind of ['redis', 'postgres']) {
      const raced = new RegExp(
        `${kind} with read-then-write: both clients claimed \\(a duplicate execution\\) in ([\\d,]+) of ([\\d,]+) pairs`,
      ).exec(r.out);
      const atomic = new RegExp(`${kind} with the atomic claim: both clients claimed in ([\\d,]+) of`).exec(r.out);
      // Two clients that read at the same moment usually both read nothing and both claim;
      // the network may order one's write before the other's read, so not every pair must.
      const tried = Number(raced?.[2]?.replace(/,/g, ''));
      expect(tried, kind).toBe(Math.min(modelled, 1000));
      expect(Number(raced?.[1]?.replace(/,/g, '')), kind).toBeGreaterThan(tried / 2);
      // The atomic claim never lets two claims through.
      expect(atomic?.[1], kind).toBe('0');
    }
  });

  it('refuses what it cannot replay in one line, exit 2', async () => {
    for (const args of [
      ['replay', 'scenarios/refunds-1-no-key.yaml'],
      ['replay', 'scenarios/refunds-3-intent-key.yaml', '--set', 'keys.lease=30s'],
    ]) {
      const r = await idemsim(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(lines(r.err)).toHaveLength(1);
    }
  });
});
