// node-idempotency: its core (`Idempotency`) on its Redis storage adapter, driven as its
// HTTP integrations drive it: `onRequest` before the handler (a cached response, an
// `IdempotencyError`, or nothing: go ahead), `onResponse` after it with the response to
// keep. A failed execution is stored as its error and status, as the NestJS interceptor
// does: the core has no way to delete a record.
import { Idempotency, IdempotencyError, IdempotencyErrorCodes } from '@node-idempotency/core';
import { RedisStorageAdapter } from '@node-idempotency/storage-adapter-redis';
import { type HandlerLibrary, type LibraryReply, type LibrarySettings, deferred, resultBody } from './library.js';

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: { version: number };
}

/** The core's own key function, which its types keep private. */
interface KeyFunctions {
  getInternalRequest(req: Request): Request;
  getIdempotencyCacheKey(req: Request): string;
}

export async function openNodeIdempotency(settings: LibrarySettings, version: string): Promise<HandlerLibrary> {
  const storage = new RedisStorageAdapter({ url: settings.redisUrl });
  await storage.connect();
  const core = new Idempotency(storage, {
    cacheKeyPrefix: `${settings.prefix}node-idempotency`,
    cacheTTLMS: settings.retentionSeconds * 1000,
  });
  const keys = core as unknown as KeyFunctions;
  const requestOf = (key: string, payload: number): Request => ({
    method: 'POST',
    path: '/refund',
    headers: { 'idempotency-key': key },
    body: { version: payload },
  });
  return {
    description: `@node-idempotency/core ${version} with @node-idempotency/storage-adapter-redis`,
    redisKeys(key) {
      return [keys.getIdempotencyCacheKey(keys.getInternalRequest(requestOf(key, 0)))];
    },
    async request(key, payload): Promise<LibraryReply> {
      const req = requestOf(key, payload);
      try {
        const cached = await core.onRequest(req);
        if (cached !== undefined)
          return { answer: 'stored', said: `the stored ${String(cached.additional?.statusCode)} replayed` };
      } catch (error) {
        if (!(error instanceof IdempotencyError)) throw error;
        if (error.code === IdempotencyErrorCodes.REQUEST_IN_PROGRESS)
          return { answer: 'conflict', said: 'REQUEST_IN_PROGRESS (409)' };
        if (error.code === IdempotencyErrorCodes.IDEMPOTENCY_FINGERPRINT_MISSMATCH)
          return { answer: 'mismatch', said: 'IDEMPOTENCY_FINGERPRINT_MISSMATCH (422)' };
        throw error;
      }
      const written = deferred<void>();
      const respond = (error: boolean): void => {
        const response = error
          ? { error: resultBody(true), additional: { statusCode: 500 } }
          : { body: resultBody(false), additional: { statusCode: 200 } };
        core.onResponse(req, response).then(written.resolve, written.reject);
      };
      return {
        answer: 'executed',
        execution: { finish: respond, fail: () => respond(true), written: written.promise },
      };
    },
    async close() {
      await storage.disconnect();
    },
  };
}
