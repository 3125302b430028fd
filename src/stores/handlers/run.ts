// Runs a replay through one real library: a temporary redis-server of our own (the
// libraries write keys without idemsim's prefix, so never the user's server), a control
// connection that keeps Redis on the simulated clock, and Date faked to that clock for the
// library. Everything started is stopped, whatever happens.
import { randomBytes } from 'node:crypto';
import { installedVersion } from '../../io/packages.js';
import { Connection } from '../redis-connect.js';
import { startTemporaryRedis } from '../redis-server.js';
import { SimulatedExpiry } from './expiry.js';
import type { HandlerLibrary, LibrarySettings } from './library.js';
import { type Gap, type HandlerReplayResult, replayThrough } from './replay.js';
import type { KeyOp } from '../../model/keyops.js';
import type { Scope } from '../../model/scenario.js';

export const REPLAYABLE = ['powertools', 'node-idempotency', 'express-idempotency'] as const;
export type ReplayableHandler = (typeof REPLAYABLE)[number];

/** The packages each library needs, first the one whose version names it. */
export const PACKAGES: Readonly<Record<ReplayableHandler, readonly string[]>> = {
  powertools: ['@aws-lambda-powertools/idempotency', '@redis/client'],
  'node-idempotency': ['@node-idempotency/core', '@node-idempotency/storage-adapter-redis'],
  'express-idempotency': ['express-idempotency', 'express-idempotency-redis-adapter', 'express'],
};

/** What each library does that no scenario field expresses (docs/reference/handlers.md). */
const GAPS: Readonly<Record<ReplayableHandler, readonly Gap[]>> = {
  powertools: ['whole-second expiry', 'takeover lock'],
  'node-idempotency': [],
  'express-idempotency': [],
};

/** Where the fake clock starts: a whole second, so whole-second expiries line up with the run's. */
const EPOCH = Date.UTC(2026, 0, 1);

export interface HandlerRun {
  description: string;
  server: string;
  result: HandlerReplayResult;
  /** Pairs sent at once and how many both executed (read-then-write libraries), else null. */
  races: { tried: number; both: number } | null;
}

export interface HandlerRunSettings {
  scope: Scope;
  retention: number;
  lease: number;
  fingerprint: boolean;
  /** Race pairs to send at once, for a library that claims by read-then-write. */
  racePairs: number;
}

/** The packages of `name` that cannot be imported. */
export async function missingPackages(name: ReplayableHandler): Promise<string[]> {
  const missing: string[] = [];
  for (const pkg of PACKAGES[name]) {
    try {
      await import(pkg);
    } catch {
      missing.push(pkg);
    }
  }
  return missing;
}

async function open(name: ReplayableHandler, settings: LibrarySettings): Promise<HandlerLibrary> {
  const version = installedVersion(PACKAGES[name][0] as string) ?? '?';
  if (name === 'powertools') return (await import('./powertools.js')).openPowertools(settings, version);
  if (name === 'node-idempotency')
    return (await import('./node-idempotency.js')).openNodeIdempotency(settings, version);
  const express = installedVersion('express') ?? '?';
  return (await import('./express-idempotency.js')).openExpressIdempotency(settings, version, express);
}

export async function runHandlerReplay(
  name: ReplayableHandler,
  ops: readonly KeyOp[],
  run: HandlerRunSettings,
  onProgress: (done: number) => void,
): Promise<HandlerRun> {
  const server = await startTemporaryRedis();
  try {
    const link = await Connection.open(server.url);
    const prefix = `idemsim:${randomBytes(4).toString('hex')}:`;
    const settings: LibrarySettings = {
      redisUrl: server.url,
      retentionSeconds: run.retention / 1000,
      leaseMs: Number.isFinite(run.lease) ? run.lease : null,
      fingerprint: run.fingerprint,
      prefix,
    };
    const library = await open(name, settings);
    const { install } = await import('@sinonjs/fake-timers');
    const clock = install({ now: EPOCH, toFake: ['Date'] });
    try {
      const result = await replayThrough(
        {
          library,
          expiry: new SimulatedExpiry(link),
          gaps: GAPS[name],
          readThenWrite: library.race !== undefined,
          retention: run.retention,
          setClock: (t) => clock.setSystemTime(EPOCH + t),
          keyText: (key) => `${prefix}idem:${run.scope}:${key}`,
        },
        ops,
        onProgress,
      );
      const races = library.race === undefined || run.racePairs <= 0 ? null : await library.race(run.racePairs);
      return {
        description: library.description,
        server: `redis-server on ${server.host}:${server.port}`,
        result,
        races,
      };
    } finally {
      clock.uninstall();
      await library.close();
      await link.close();
    }
  } finally {
    await server.stop();
  }
}
