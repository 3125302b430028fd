// The article's handler against a real Redis: the user's server (`--redis URL`), or a
// temporary redis-server of our own. Every key it writes lies under a prefix it names for
// the run, `idemsim:<16 hex>:`, and closing deletes that prefix, so a run on the user's
// server leaves nothing behind and touches nothing else.
import { randomBytes } from 'node:crypto';
import { cleanUpOnExit } from '../io/signals.js';
import { Connection, isNoScript, redact, storeError } from './redis-connect.js';
import { measureRecords } from './redis-measure.js';
import * as say from './redis-messages.js';
import { COMMIT_SCRIPT, LOOKUP_SCRIPT } from './redis-record.js';
import { startTemporaryRedis, type TemporaryRedis } from './redis-server.js';
import { raceOnRedis } from './redis-race.js';
import { StoreError, type Answer, type IdempotencyStore, type StoreOp } from './store.js';

export interface RedisOptions {
  /** How long to wait for an answer before giving the server up (tests shorten it). */
  answerMs?: number;
}

/** Operations sent per pipeline: enough to hide the round trip, few enough to bound memory. */
const CHUNK = 1000;
/**
 * A real expiry on every record the handler writes, far beyond any replay: should the
 * process be killed outright, with no chance to clean up, the server still forgets the keys.
 */
const SAFETY_MS = '86400000';
const ANSWERS: ReadonlySet<string> = new Set<Answer>(['claimed', 'conflict', 'mismatch', 'stored']);

interface Scripts {
  lookup: string;
  commit: string;
}

async function loadScripts(link: Connection): Promise<Scripts> {
  const [lookup, commit] = (await link.pipeline([
    ['SCRIPT', 'LOAD', LOOKUP_SCRIPT],
    ['SCRIPT', 'LOAD', COMMIT_SCRIPT],
  ])) as [string, string];
  return { lookup, commit };
}

/** The redis-server's version, from INFO server. */
async function versionOf(link: Connection): Promise<string> {
  const info = await link.call<string>(['INFO', 'server']);
  return /^redis_version:(\S+)/m.exec(info)?.[1] ?? 'unknown';
}

/** The command that carries out `op` for a key under `prefix`. */
function command(op: StoreOp, prefix: string, scripts: Scripts): string[] {
  const key = prefix + op.key;
  switch (op.op) {
    case 'lookup': {
      const check = op.checkFingerprint ? '1' : '0';
      const { fingerprint, t, retention } = op;
      return ['EVALSHA', scripts.lookup, '1', key, fingerprint, String(t), String(t + retention), check, SAFETY_MS];
    }
    case 'commit':
      return ['EVALSHA', scripts.commit, '1', key, String(op.t + op.retention), op.body, SAFETY_MS];
    case 'rollback':
      return ['DEL', key];
  }
}

function answerOf(op: StoreOp, reply: unknown): Answer | null {
  if (op.op !== 'lookup') return null;
  if (typeof reply !== 'string' || !ANSWERS.has(reply)) throw new Error(`the lookup script answered ${String(reply)}`);
  return reply as Answer;
}

type Call = <T>(args: readonly string[]) => Promise<T>;

/** Deletes every key under `prefix`: SCAN finds them a page at a time, UNLINK frees them off the main thread. */
async function deletePrefix(call: Call, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await call<[string, string[]]>(['SCAN', cursor, 'MATCH', `${prefix}*`, 'COUNT', '1000']);
    if (keys.length > 0) await call(['UNLINK', ...keys]);
    cursor = next;
  } while (cursor !== '0');
}

/** Connects to `url`, loads the scripts and reads the version; stops `server` if that fails. */
async function connectTo(url: string, server: TemporaryRedis | undefined, options: RedisOptions) {
  try {
    const link = await Connection.open(url, options.answerMs);
    const [scripts, version] = await Promise.all([loadScripts(link), versionOf(link)]);
    return { link, scripts, version };
  } catch (error) {
    await server?.stop();
    throw storeError(redact(url), error);
  }
}

/**
 * Opens the store on the user's server at `url`, or on a temporary redis-server when `url`
 * is undefined. Throws StoreError (one line) when neither can be had.
 */
export async function openRedis(url: string | undefined, options: RedisOptions = {}): Promise<IdempotencyStore> {
  const server = url === undefined ? await startTemporaryRedis() : undefined;
  const connected = await connectTo(server?.url ?? (url as string), server, options);
  const { link, version } = connected;
  let scripts = connected.scripts;
  const prefix = `idemsim:${randomBytes(8).toString('hex')}:`;
  // The second client of a race, opened on first need.
  let second: Connection | undefined;
  // On the user's server an interrupted run still deletes its keys; ours simply stops. Both
  // connections are sealed first: the run, still going, sends no key after the SCAN began,
  // and every write already sent lands before it.
  const unregister =
    server === undefined
      ? cleanUpOnExit({
          later: async () => {
            await Promise.all([link.seal(), second?.seal()]);
            await deletePrefix((args) => link.unsealed(args), prefix);
          },
        })
      : () => undefined;

  const send = async (op: StoreOp): Promise<Answer | null> => {
    try {
      return answerOf(op, await link.call(command(op, prefix, scripts)));
    } catch (error) {
      if (!isNoScript(error)) throw error;
      // The server lost the scripts (SCRIPT FLUSH, a restart) and ran nothing: load them, retry.
      scripts = await loadScripts(link);
      return answerOf(op, await link.call(command(op, prefix, scripts)));
    }
  };

  let closing: Promise<void> | undefined;
  return {
    description:
      server === undefined
        ? `redis ${version} at ${link.shown}, keys under ${prefix}`
        : `redis ${version} (a temporary redis-server on ${server.host}:${server.port})`,

    async lookup(key, fingerprint, t, retention, checkFingerprint) {
      return (await send({ op: 'lookup', key, fingerprint, t, retention, checkFingerprint })) as Answer;
    },
    async commit(key, t, retention, body) {
      await send({ op: 'commit', key, t, retention, body });
    },
    async rollBack(key) {
      await send({ op: 'rollback', key });
    },

    // A pipeline answers what one call at a time would (see Connection.pipeline). A script
    // lost in the middle of one cannot be retried without reordering: the batch fails.
    async batch(ops) {
      const answers: (Answer | null)[] = [];
      for (let start = 0; start < ops.length; start += CHUNK) {
        const chunk = ops.slice(start, start + CHUNK);
        const replies = await link.pipeline(chunk.map((op) => command(op, prefix, scripts))).catch((error: unknown) => {
          throw isNoScript(error) ? new StoreError(say.scriptsFlushed(link.shown)) : error;
        });
        chunk.forEach((op, i) => answers.push(answerOf(op, replies[i])));
      }
      return answers;
    },

    async race(a, b, claim) {
      second ??= await Connection.open(server?.url ?? (url as string), options.answerMs).catch((error: unknown) => {
        throw storeError(link.shown, error);
      });
      return raceOnRedis(
        { links: [link, second], prefix, lookupScript: scripts.lookup, safetyMs: SAFETY_MS },
        a,
        b,
        claim,
      );
    },

    // On our own server the records carry the handler's keys exactly; on the user's they
    // must go under the prefix, which makes each key longer, and the details say so.
    async measure(count, make, ttlSeconds) {
      if (server !== undefined)
        return measureRecords({ client: link, keyOf: (key) => key, caveats: [] }, count, make, ttlSeconds);
      const caveats = [
        `keys carry this run's prefix ${prefix} (${prefix.length} characters more than the handler's)`,
        'used_memory is the whole server: whatever other clients wrote meanwhile counts too',
      ];
      return measureRecords({ client: link, keyOf: (key) => prefix + key, caveats }, count, make, ttlSeconds);
    },

    close() {
      closing ??= (async () => {
        try {
          if (server === undefined && link.isOpen) await deletePrefix((args) => link.call(args), prefix);
        } finally {
          unregister();
          await second?.close();
          await link.close();
          await server?.stop();
        }
      })();
      return closing;
    },
  };
}
