// Opening a store by kind: the user's server when a URL is given, else the embedded one (a
// temporary redis-server from the PATH, PGlite in memory). Closing the store also stops
// and removes whatever was started for it.
import { openPostgres } from './postgres.js';
import { openRedis } from './redis.js';
import type { StoreKind } from './kinds.js';
import type { IdempotencyStore } from './store.js';

export function openStore(kind: StoreKind, url: string | undefined): Promise<IdempotencyStore> {
  return kind === 'redis' ? openRedis(url) : openPostgres(url);
}
