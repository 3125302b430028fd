// What the Redis tests share: a real redis-server is required (never skipped: .ci/run
// installs Debian's), a second client to look at the server from outside, and port probes.
import { createConnection, createServer } from 'node:net';
import { createClient } from '@redis/client';
import { findRedisServer } from '../../src/stores/redis-server.js';

/** For a beforeAll: fails the file, loudly, when there is no redis-server to test against. */
export function requireRedisServer(): void {
  if (findRedisServer() === undefined) {
    throw new Error(
      'redis-server is not on the PATH; these tests need a real one (.ci/run installs it: apt-get install redis-server)',
    );
  }
}

const plainClient = (url: string) => createClient({ url, RESP: 2, socket: { reconnectStrategy: false } });
export type Observer = ReturnType<typeof plainClient>;

/** A second client on the server at `url`, independent of the code under test. */
export async function observer(url: string): Promise<Observer> {
  const client = plainClient(url);
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Every key on the server matching `pattern`. */
export async function keysMatching(client: Observer, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await client.sendCommand<[string, string[]]>([
      'SCAN',
      cursor,
      'MATCH',
      pattern,
      'COUNT',
      '1000',
    ]);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Waits up to `ms` for the port to close; answers whether it did. */
export async function closes(port: number, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!(await listening(port))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** A loopback port nothing listens on (Node's pick for port 0, released). */
export function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}
