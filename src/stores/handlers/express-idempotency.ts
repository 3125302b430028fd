// express-idempotency with its Redis adapter, as a service runs it: an Express app on a
// real HTTP server on 127.0.0.1, `express.json()` and the middleware in front of a route
// that returns on `isHit(req)` (its README's duty) and otherwise executes. Each request is
// a real POST with an `Idempotency-Key` header. The middleware writes the result after the
// reply has gone out (fire and forget): the adapter it is handed keeps each write it starts
// until it lands, so an execution counts as written once its reply has come back and every
// write started (the result stored, or a non-2xx deleted) has landed.
import { once } from 'node:events';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Response } from 'express';
import { getSharedIdempotencyService, idempotency } from 'express-idempotency';
import RedisAdapterModule from 'express-idempotency-redis-adapter';
import { type HandlerLibrary, type LibraryReply, type LibrarySettings, deferred, resultBody } from './library.js';

interface Adapter {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  findByIdempotencyKey(key: string): Promise<unknown>;
  create(resource: unknown): Promise<void>;
  update(resource: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}
type AdapterClass = new (options: { connectionConfig: { url: string }; ttl: number }) => Adapter;

export async function openExpressIdempotency(
  settings: LibrarySettings,
  version: string,
  expressVersion: string,
): Promise<HandlerLibrary> {
  const module = RedisAdapterModule as unknown as { default?: AdapterClass };
  const RedisAdapter = (module.default ?? (RedisAdapterModule as unknown as AdapterClass)) as AdapterClass;
  const adapter = new RedisAdapter({ connectionConfig: { url: settings.redisUrl }, ttl: settings.retentionSeconds });
  await adapter.connect();

  // The route reports each execution to the request that is waiting for it.
  let onExecute: ((res: Response) => void) | null = null;
  const app = express();
  app.set('env', 'test'); // Express' error handler then prints no stack for a 409 or a 417
  app.use(express.json());
  // The adapter handed to the middleware is the library's own, each write it makes also kept
  // in `writing` until it lands, so nothing is cut off when the replay closes.
  const writing = new Set<Promise<void>>();
  const track = (write: Promise<void>): Promise<void> => {
    writing.add(write);
    return write.finally(() => writing.delete(write));
  };
  const dataAdapter = {
    findByIdempotencyKey: (key: string) => adapter.findByIdempotencyKey(key),
    create: (resource: unknown) => track(adapter.create(resource)),
    update: (resource: unknown) => track(adapter.update(resource)),
    delete: (key: string) => track(adapter.delete(key)),
  };
  app.use(idempotency({ dataAdapter: dataAdapter as never }));
  // Race pairs: executions per key, each answered at once.
  const raced = new Map<string, number>();
  app.post('/refund', (req, res) => {
    if (getSharedIdempotencyService().isHit(req)) return;
    if (onExecute !== null) return onExecute(res);
    const key = req.get('idempotency-key') as string;
    raced.set(key, (raced.get(key) ?? 0) + 1);
    res.status(200).json(resultBody(false));
  });
  const server: Server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true });

  /** A POST of the refund, on the replay's kept-alive connections or on `client`'s. */
  const send = (key: string, payload: number, client: Agent = agent): Promise<number> =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ version: payload });
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/refund',
          method: 'POST',
          agent: client,
          headers: {
            'content-type': 'application/json',
            'idempotency-key': key,
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  /**
   * Resolves once every write the middleware has started has landed. It starts the result's
   * write in the same turn as the reply (res.send's hook), so after the reply it is among them.
   */
  const landed = async (): Promise<void> => {
    await Promise.allSettled([...writing]);
  };

  return {
    description: `express-idempotency ${version} with express-idempotency-redis-adapter, express ${expressVersion} on 127.0.0.1:${port}`,
    redisKeys: (key) => [key],
    async request(key, payload): Promise<LibraryReply> {
      const ran = deferred<LibraryReply>();
      // The client's reply: for an execution it comes once the route answers.
      const replied = deferred<number>();
      onExecute = (res) => {
        const written = deferred<void>();
        const end = (status: number): void => {
          res.status(status).json(resultBody(status !== 200));
          replied.promise.then(landed).then(written.resolve, written.reject);
        };
        ran.resolve({
          answer: 'executed',
          execution: { finish: (error) => end(error ? 500 : 200), fail: () => end(500), written: written.promise },
        });
      };
      send(key, payload).then(replied.resolve, replied.reject);
      replied.promise.then(
        (code) => ran.resolve(replyOf(code)),
        (error: unknown) => ran.reject(error),
      );
      const reply = await ran.promise;
      onExecute = null;
      return reply;
    },
    async race(pairs) {
      // Two clients, each with one kept-alive connection, opened before the pairs: each pair
      // is one request from each, written in the same turn of the event loop.
      const clients = [new Agent({ keepAlive: true, maxSockets: 1 }), new Agent({ keepAlive: true, maxSockets: 1 })];
      try {
        await Promise.all(clients.map((client, i) => send(`${settings.prefix}warm:${i}`, 0, client)));
        let both = 0;
        for (let i = 0; i < pairs; i++) {
          const key = `${settings.prefix}race:${i}`;
          await Promise.all(clients.map((client) => send(key, 0, client)));
          // Each execution's result is written after its reply: wait for the writes to land.
          await landed();
          if ((raced.get(key) ?? 0) >= 2) both++;
        }
        return { tried: pairs, both };
      } finally {
        for (const client of clients) client.destroy();
      }
    },
    async close() {
      await landed();
      agent.destroy();
      server.close();
      await adapter.disconnect().catch(() => undefined);
    },
  };
}

/** The library's answer to a request it did not let through, by status. */
function replyOf(status: number): LibraryReply {
  if (status === 409) return { answer: 'conflict', said: '409' };
  if (status === 417) return { answer: 'mismatch', said: '417' };
  return { answer: 'stored', said: `the stored ${status} replayed` };
}
