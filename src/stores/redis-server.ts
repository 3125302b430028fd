// A throwaway redis-server for a run without `--redis URL`: the binary on the PATH, on a
// free port of 127.0.0.1 only (and a unix socket in its directory), in a fresh temporary
// directory, with persistence off and a password of its own. It is stopped and its
// directory removed when the run ends, fails or is interrupted, and by its watchdog
// (redis-watchdog.ts) when idemsim is killed outright.
import { randomBytes } from 'node:crypto';
import { accessSync, constants, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { cleanUpOnExit } from '../io/signals.js';
import { noRedisServer, serverFailed } from './redis-messages.js';
import { StoreError } from './store.js';
import { FILES, canWatch, startDirect, startWatched, type Watched } from './redis-watchdog.js';

export interface TemporaryRedisOptions {
  /** The password it requires (default: 32 random hex digits, new for each server). */
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
  /** The redis-server's own pid. */
  readonly pid: number;
  /** Stops the server and removes its directory; safe to call twice. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const PORT_TRIES = 3;
/** How long a stop may take: Redis's SIGTERM, then SIGKILL after two seconds, then the folder. */
const STOP_MS = 5000;
/** The longest unix socket path every system takes (sun_path is 104 bytes on macOS, 108 on Linux). */
const SOCKET_PATH_MAX = 100;

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

/** Waits until the server answers PING, or exits (a port taken meanwhile), or the time is up. */
async function ready(server: Watched, port: number, timeoutMs: number): Promise<'up' | 'exited' | 'silent'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited()) return 'exited';
    if (await pings(port)) return 'up';
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return 'silent';
}

/** The server's arguments but for its directory's (the watchdog adds those: redis-watchdog.ts). */
function args(port: number): string[] {
  const base = ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no'];
  // Its log, in its directory, is read only to explain a failed start.
  return [...base, '--daemonize', 'no', '--loglevel', 'warning'];
}

/** The end of the server's log, on one line. */
function logTail(dir: string): string {
  try {
    return readFileSync(join(dir, FILES.log), 'utf8').replace(/\s+/g, ' ').trim().slice(-300);
  } catch {
    return '';
  }
}

/** Stops the server and removes its directory (the watchdog does; this makes sure). */
async function discard(server: Watched): Promise<void> {
  if (!(await server.stop(STOP_MS))) server.killNow();
  rmSync(server.dir, { recursive: true, force: true });
}

/** Starts a temporary redis-server; throws StoreError when there is none on the PATH or it cannot start. */
export async function startTemporaryRedis(options: TemporaryRedisOptions = {}): Promise<TemporaryRedis> {
  const binary = findRedisServer();
  if (binary === undefined) throw new StoreError(noRedisServer());
  const password = options.password ?? randomBytes(16).toString('hex');
  const timeoutMs = options.startTimeoutMs ?? 5000;
  const prefix = join(tmpdir(), 'idemsim-redis-');
  // The directory's name is the prefix and six characters: room for the socket's path?
  const socket = join(`${prefix}XXXXXX`, FILES.socket).length <= SOCKET_PATH_MAX;
  let tail = '';
  for (let attempt = 1; attempt <= PORT_TRIES; attempt++) {
    const port = await freePort();
    let server: Watched | undefined;
    const unregister = cleanUpOnExit({
      now: () => {
        server?.killNow();
        if (server !== undefined) rmSync(server.dir, { recursive: true, force: true });
      },
    });
    try {
      const start = { binary, args: args(port), prefix, socket, password };
      server = await (canWatch() ? startWatched(start) : startDirect(start));
      const state = await ready(server, port, timeoutMs);
      if (state === 'up') return handle(server, port, password, unregister);
      tail = logTail(server.dir);
      if (state === 'silent')
        throw new StoreError(serverFailed(`no answer on ${HOST}:${port} within ${timeoutMs / 1000} s`, tail));
      // It exited: most likely another process took the port between our check and its start.
      await discard(server);
      unregister();
    } catch (error) {
      if (server !== undefined) await discard(server);
      unregister();
      throw error instanceof StoreError ? error : new StoreError(serverFailed(String((error as Error).message), ''));
    }
  }
  throw new StoreError(serverFailed(`it exited ${PORT_TRIES} times`, tail));
}

function handle(server: Watched, port: number, password: string, unregister: () => void): TemporaryRedis {
  let stopping: Promise<void> | undefined;
  return {
    host: HOST,
    port,
    url: `redis://:${encodeURIComponent(password)}@${HOST}:${port}`,
    dir: server.dir,
    pid: server.pid,
    stop() {
      // SIGTERM is Redis's own graceful shutdown; with persistence off it saves nothing, as
      // SHUTDOWN NOSAVE would, and it needs neither a connection nor the password.
      stopping ??= (async () => {
        await discard(server);
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
