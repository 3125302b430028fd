// A throwaway Postgres server for the tests of the --postgres URL path: initdb into a
// temporary directory, pg_ctl start on a free loopback port with password authentication,
// and stop + remove on the way out. As root, it runs as the `postgres` user (initdb
// refuses root). Undefined, with the reason, when no server binaries are installed.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

export interface TestServer {
  /** postgres://idemsim:<password>@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  password: string;
  stop(): void;
}

export const USER = 'idemsim';
const PASSWORD = 'test-secret';

/** The directory holding initdb and pg_ctl: the PATH first, then Debian's versioned folders. */
function binDir(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(delimiter).find((dir) => dir !== '' && existsSync(join(dir, 'initdb')));
  if (onPath !== undefined && existsSync(join(onPath, 'pg_ctl'))) return onPath;
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const versions = readdirSync(debian).filter((v) => existsSync(join(debian, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(debian, versions[0], 'bin');
}

/** Why no server can be started here, or undefined when one can. */
export function unavailable(): string | undefined {
  if (binDir() === undefined) return 'no initdb/pg_ctl (apt-get install postgresql)';
  if (process.getuid?.() === 0 && runAsUid() === undefined)
    return 'running as root and no `postgres` user to run the server';
  return undefined;
}

function runAsUid(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export async function startServer(): Promise<TestServer> {
  const bin = binDir();
  if (bin === undefined) throw new Error('no Postgres server binaries');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? runAsUid() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-pg-'));
  const run = (tool: string, args: string[]): void => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  const data = join(dir, 'data');
  let started = false;
  const stop = (): void => {
    try {
      if (started) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    writeFileSync(join(dir, 'pw'), `${PASSWORD}\n`);
    if (owner !== undefined) {
      chownSync(dir, owner.uid, owner.gid);
      chownSync(join(dir, 'pw'), owner.uid, owner.gid);
    }
    run('initdb', [
      '-D',
      data,
      '-U',
      USER,
      '--auth=scram-sha-256',
      `--pwfile=${join(dir, 'pw')}`,
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
      try {
        run('pg_ctl', ['-D', data, '-w', '-t', '30', '-l', join(dir, 'log'), '-o', options, 'start']);
      } catch (error) {
        if (attempt < 3) continue; // the port was taken between the probe and the start
        throw error;
      }
      started = true;
      return { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, port, password: PASSWORD, stop };
    }
  } catch (error) {
    stop();
    throw error;
  }
}

/** A server and a client connected to it as its owner, for a describe's tests. */
export interface AdminServer {
  server: TestServer;
  admin: pg.Client;
}

/** Inside a describe: a server started before its tests, with its owner's client; both stopped after. */
export function serverWithAdmin(before: () => void = () => undefined): AdminServer {
  const held = {} as AdminServer;
  beforeAll(async () => {
    before();
    held.server = await startServer();
    held.admin = new pg.Client({ connectionString: held.server.url });
    await held.admin.connect();
  });
  afterAll(async () => {
    await (held.admin as pg.Client | undefined)?.end();
    (held.server as TestServer | undefined)?.stop();
  });
  return held;
}
