// AWS Lambda Powertools idempotency, its Redis persistence layer (`CachePersistenceLayer`
// on an @redis/client), driven through `makeIdempotent` as a Lambda handler would be: each
// request is an invocation with an event `{ key, version }` (the key selected by
// `eventKeyJmesPath`) and a context whose remaining time is the scenario's lease. The
// library reads the time from Date, which the replay sets to the simulated clock.
import { createClient } from '@redis/client';
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { CachePersistenceLayer } from '@aws-lambda-powertools/idempotency/cache';
import {
  type HandlerLibrary,
  type LibraryReply,
  type LibrarySettings,
  ExecutionFailed,
  deferred,
  resultBody,
} from './library.js';

interface Event {
  key: string;
  version: number;
}

/** A Lambda context: the library reads only the remaining time (the in-progress record's lease). */
function lambdaContext(leaseMs: number): Record<string, unknown> {
  return {
    functionName: 'idemsim-replay',
    awsRequestId: 'idemsim',
    getRemainingTimeInMillis: () => leaseMs,
  };
}

/** The persistence layer, with its own key function in reach (the record's Redis key). */
class Layer extends CachePersistenceLayer {
  recordKey(key: string): string {
    return this.getHashedIdempotencyKey({ key });
  }
}

export async function openPowertools(settings: LibrarySettings, version: string): Promise<HandlerLibrary> {
  const client = createClient({ url: settings.redisUrl });
  client.on('error', () => undefined);
  await client.connect();
  const config = new IdempotencyConfig({
    eventKeyJmesPath: 'key',
    expiresAfterSeconds: settings.retentionSeconds,
    ...(settings.fingerprint ? { payloadValidationJmesPath: 'version' } : {}),
  });
  const keyPrefix = `${settings.prefix}powertools`;
  const persistenceStore = new Layer({ client: client as never });
  persistenceStore.configure({ config, keyPrefix });
  // The function the library guards: it reports that it ran, then waits for its end.
  let started: ((held: { finish(error: boolean): void; fail(): void }) => void) | null = null;
  const guarded = makeIdempotent(
    async (_event: Event, _context: unknown) => {
      const end = deferred<boolean>();
      (started as NonNullable<typeof started>)({
        finish: (error) => end.resolve(error),
        fail: () => end.reject(new ExecutionFailed()),
      });
      return resultBody(await end.promise);
    },
    { persistenceStore, config, keyPrefix },
  );
  const context = lambdaContext(settings.leaseMs ?? 0);
  return {
    description: `@aws-lambda-powertools/idempotency ${version}, CachePersistenceLayer on @redis/client`,
    redisKeys(key) {
      const record = persistenceStore.recordKey(key);
      return [record, `${record}:lock`];
    },
    async request(key, version): Promise<LibraryReply> {
      const ran = deferred<LibraryReply>();
      started = (held) => {
        const written = call.then(
          () => undefined,
          () => undefined,
        );
        ran.resolve({ answer: 'executed', execution: { ...held, written } });
      };
      const call = guarded({ key, version }, context as never);
      call.then(
        () => ran.resolve({ answer: 'stored', said: 'the stored result returned' }),
        (error: unknown) => {
          const reply = answerOf(error);
          if (reply === null) ran.reject(error);
          else ran.resolve(reply);
        },
      );
      const reply = await ran.promise;
      started = null;
      return reply;
    },
    async close() {
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}

/** What an exception of the library's says, or null for one it should not have thrown. */
function answerOf(error: unknown): LibraryReply | null {
  if (error instanceof IdempotencyAlreadyInProgressError)
    return { answer: 'conflict', said: 'IdempotencyAlreadyInProgressError' };
  if (error instanceof IdempotencyValidationError) return { answer: 'mismatch', said: 'IdempotencyValidationError' };
  return null;
}
