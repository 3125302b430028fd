// A server that does not speak the protocol on the Redis or Postgres port: garbage at once,
// an endless stream, a huge length prefix, a valid start and then garbage, valid replies
// nobody asked for. `store measure` must end within seconds, in one line naming host:port,
// exit 2, in bounded memory: the real binary as a child, its peak memory read by the kernel.
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from '../cli/binary.js';
import { linesOf, measuredRun } from './measured-run.js';

/** Far under the 1.5 GB the brief allows; the runs measured about 65 MB. */
const PEAK_MB = 400;

type Behaviour = (socket: Socket) => void;

/** Writes `chunk()` for as long as the other end reads. */
const endless =
  (chunk: () => Buffer): Behaviour =>
  (socket) => {
    const pump = (): void => {
      while (socket.writable && socket.write(chunk())) {
        // Until the socket's buffer is full.
      }
    };
    socket.on('drain', pump);
    pump();
  };

/** Once the client has spoken, `then` answers. */
const onFirstData =
  (then: Behaviour): Behaviour =>
  (socket) =>
    socket.once('data', () => then(socket));

const A = Buffer.alloc(64 * 1024, 'A');

/** A Postgres message: type, length (with itself), body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type);
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const AUTH_OK = message('R', Buffer.alloc(4));

const CASES: Record<'redis' | 'postgres', Record<string, Behaviour>> = {
  redis: {
    'random bytes': (socket) => socket.write(randomBytes(4096)),
    'an endless stream': endless(() => A),
    'an endless stream of random bytes': endless(() => randomBytes(64 * 1024)),
    'a huge length prefix, then bytes': onFirstData((socket) => {
      socket.write('$2000000000\r\n');
      endless(() => A)(socket);
    }),
    'a valid reply, then garbage': onFirstData((socket) =>
      socket.write(`+PONG\r\n${randomBytes(1000).toString('binary')}`),
    ),
    'valid replies nobody asked for, forever': onFirstData(endless(() => Buffer.from('+OK\r\n'.repeat(10_000)))),
    'one array that never ends': onFirstData((socket) => {
      socket.write('*1000000\r\n');
      endless(() => Buffer.from(`$1000\r\n${'x'.repeat(1000)}\r\n`.repeat(50)))(socket);
    }),
  },
  postgres: {
    'random bytes': (socket) => socket.write(randomBytes(4096)),
    'an endless stream': endless(() => A),
    'an endless stream of random bytes': endless(() => randomBytes(64 * 1024)),
    'a huge length prefix, then bytes': onFirstData((socket) => {
      socket.write(message('R', Buffer.alloc(0)).subarray(0, 1));
      const length = Buffer.alloc(4);
      length.writeUInt32BE(0x7ffffff0);
      socket.write(length);
      endless(() => A)(socket);
    }),
    'a valid message, then garbage': onFirstData((socket) => socket.write(Buffer.concat([AUTH_OK, randomBytes(2000)]))),
    'valid notices, forever': onFirstData((socket) => {
      socket.write(AUTH_OK);
      const notice = message('N', Buffer.from(`M${'n'.repeat(1000)}\0\0`));
      endless(() => Buffer.concat(Array.from({ length: 60 }, () => notice)))(socket);
    }),
    // pg-protocol reads a notice's fields until their closing NUL, past the message: without
    // one it loops forever, so this one must never reach it.
    'a notice without its closing NUL': onFirstData((socket) => {
      socket.write(Buffer.concat([AUTH_OK, message('N', Buffer.alloc(1000, 'n'))]));
    }),
  },
};

const PROTOCOL = { redis: 'Redis', postgres: 'PostgreSQL' } as const;

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

async function listen(behaviour: Behaviour): Promise<number> {
  const sockets = new Set<Socket>();
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    behaviour(socket);
  });
  // Closing the server also ends the connections it still has.
  const close = server.close.bind(server);
  server.close = (done) => {
    for (const socket of sockets) socket.destroy();
    return close(done);
  };
  await new Promise<void>((resolve) => (server as Server).listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

beforeAll(() => requireBuild());

for (const kind of ['redis', 'postgres'] as const) {
  describe(`a ${kind} port that answers garbage`, () => {
    it.each(Object.keys(CASES[kind]))(
      '%s: one line naming host:port, exit 2, within 20 s and bounded memory',
      async (name) => {
        const port = await listen(CASES[kind][name] as Behaviour);
        const url = kind === 'redis' ? `redis://127.0.0.1:${port}` : `postgres://u:p@127.0.0.1:${port}/db`;
        const run = await measuredRun(['store', 'measure', '--only', kind, `--${kind}`, url]);
        expect(run.signal, `killed after 20 s: ${run.stderr}`).toBeNull();
        expect(run.code, run.stderr).toBe(2);
        expect(linesOf(run.stderr), run.stderr).toHaveLength(1);
        expect(run.stderr).toContain(`127.0.0.1:${port} does not speak the ${PROTOCOL[kind]} protocol`);
        expect(run.stderr).not.toContain('    at ');
        expect(run.stdout).toBe('');
        expect(run.peakMB, `peak ${run.peakMB} MB`).toBeLessThan(PEAK_MB);
      },
    );
  });
}

describe('store replay meets the same refusal', () => {
  it.each(['redis', 'postgres'] as const)('%s: garbage at once, one line, exit 2', async (kind) => {
    const port = await listen((socket) => socket.write(randomBytes(4096)));
    const url = kind === 'redis' ? `redis://127.0.0.1:${port}` : `postgres://u:p@127.0.0.1:${port}/db`;
    const file = 'scenarios/refunds-3-intent-key.yaml';
    const run = await measuredRun(['store', 'replay', file, '--actions', '1000', '--only', kind, `--${kind}`, url]);
    expect(run.code, run.stderr).toBe(2);
    expect(linesOf(run.stderr), run.stderr).toHaveLength(1);
    expect(run.stderr).toContain(`127.0.0.1:${port} does not speak the ${PROTOCOL[kind]} protocol`);
    expect(run.peakMB, `peak ${run.peakMB} MB`).toBeLessThan(PEAK_MB);
  });
});
