// A throwaway redis-server for a run without `--redis URL`: the binary on the PATH, on a
// free loopback port, in a fresh temporary directory, with persistence off and no config
// file. It is stopped and its directory removed when the run ends, fails or is interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { cleanUpOnExit } from '../io/signals.js';
import { noRedisServer, serverFailed } from './redis-messages.js';
import { StoreError } from './store.js';

export interface TemporaryRedisOptions {
  /** Started with `--requirepass` (for the tests of a refused password). */
  password?: string;
  /** How long to wait for the server to answer PING. */
  startTimeoutMs?: number;
}

export interface TemporaryRedis {
  readonly host: string;
  readonly port: number;
  /** redis://127.0.0.1:PORT, with the password when there is one. */
  readonly url: string;
  readonly dir: string;
  readonly pid: number;
  /** Stops the server and removes its directory; safe to call twice. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const PORT_TRIES = 3;
const STOP_GRACE_MS = 2000;
const LOG = 'redis.log';

/** The redis-server binary on the PATH, or undefined. */
export function findRedisServer(path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

/** A port nobody listens on now: Node's pick for port 0 (redis-server cannot report one it picked). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Answers whether something on the port speaks Redis (PONG, or NOAUTH when it wants a password). */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Waits until the server answers PING, or exits (a port taken meanwhile), or the time is up. */
async function ready(child: ChildProcess, port: number, timeoutMs: number): Promise<'up' | 'exited' | 'silent'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(child)) return 'exited';
    if (await pings(port)) return 'up';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return 'silent';
}

function args(port: number, dir: string, password: string | undefined): string[] {
  const base = ['--port', String(port), '--bind', HOST, '--dir', dir, '--save', '', '--appendonly', 'no'];
  // A log in its directory, read only to explain a failed start.
  const quiet = ['--daemonize', 'no', '--logfile', join(dir, LOG), '--loglevel', 'warning'];
  return [...base, ...quiet, ...(password === undefined ? [] : ['--requirepass', password])];
}

/** The end of the server's log, on one line. */
function logTail(dir: string): string {
  try {
    return readFileSync(join(dir, LOG), 'utf8').replace(/\s+/g, ' ').trim().slice(-300);
  } catch {
    return '';
  }
}

/** Starts a temporary redis-server; throws StoreError when there is none on the PATH or it cannot start. */
export async function startTemporaryRedis(options: TemporaryRedisOptions = {}): Promise<TemporaryRedis> {
  const binary = findRedisServer();
  if (binary === undefined) throw new StoreError(noRedisServer());
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-redis-'));
  let child: ChildProcess | undefined;
  const kill = (): void => {
    if (child !== undefined && !exited(child)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const unregister = cleanUpOnExit({ now: kill });
  try {
    for (let attempt = 1; attempt <= PORT_TRIES; attempt++) {
      const port = await freePort();
      // Unreferenced: a run that forgets to stop it still ends, and the exit cleanup kills it.
      const started = spawn(binary, args(port, dir, options.password), { stdio: 'ignore' });
      started.unref();
      child = started;
      const failedToSpawn = new Promise<Error>((resolve) => started.on('error', resolve));
      const timeoutMs = options.startTimeoutMs ?? 5000;
      const state = await Promise.race([ready(started, port, timeoutMs), failedToSpawn]);
      if (state instanceof Error) throw new StoreError(serverFailed(state.message, ''));
      if (state === 'up') return handle(started, port, dir, options.password, unregister);
      if (state === 'silent') {
        throw new StoreError(serverFailed(`no answer on ${HOST}:${port} within ${timeoutMs / 1000} s`, logTail(dir)));
      }
      // It exited: most likely another process took the port between our check and its start.
    }
    throw new StoreError(serverFailed(`it exited ${PORT_TRIES} times`, logTail(dir)));
  } catch (error) {
    kill();
    unregister();
    throw error;
  }
}

function handle(
  child: ChildProcess,
  port: number,
  dir: string,
  password: string | undefined,
  unregister: () => void,
): TemporaryRedis {
  let stopping: Promise<void> | undefined;
  const auth = password === undefined ? '' : `:${encodeURIComponent(password)}@`;
  return {
    host: HOST,
    port,
    url: `redis://${auth}${HOST}:${port}`,
    dir,
    pid: child.pid ?? -1,
    stop() {
      // SIGTERM is Redis's own graceful shutdown; with persistence off it saves nothing, as
      // SHUTDOWN NOSAVE would, and it needs neither a connection nor the password.
      stopping ??= (async () => {
        if (!exited(child)) child.kill('SIGTERM');
        if (!(await waitForExit(child, STOP_GRACE_MS))) {
          child.kill('SIGKILL');
          await waitForExit(child, STOP_GRACE_MS);
        }
        rmSync(dir, { recursive: true, force: true });
        unregister();
      })();
      return stopping;
    },
  };
}

/** Runs `fn` with a temporary redis-server, stopped and removed afterwards, whatever `fn` does. */
export async function withTemporaryRedis<T>(
  fn: (server: TemporaryRedis) => Promise<T>,
  options: TemporaryRedisOptions = {},
): Promise<T> {
  const server = await startTemporaryRedis(options);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}
