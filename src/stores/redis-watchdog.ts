// A temporary redis-server that cannot outlive idemsim, however idemsim ends: it runs under
// a small sh watchdog whose stdin is a pipe from idemsim. The kernel closes that pipe when
// idemsim exits, even by SIGKILL, and the watchdog then stops the server and removes its
// directory. The watchdog makes that directory itself, so none exists without a watchdog to
// remove it. It is in a session of its own: a Ctrl-C in the terminal reaches idemsim alone,
// whose own cleanup stops the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { settledWithin } from '../io/deadline.js';

const SH = '/bin/sh';

/** What the server is given in its directory: config (with the password), log, socket. */
export const FILES = { config: 'redis.conf', log: 'redis.log', socket: 'redis.sock' } as const;

/**
 * $1 a mktemp template, $2 non-empty for a unix socket, $3 the server, then its arguments;
 * the password in $IDEMSIM_REDIS_PASSWORD. It makes the directory (700) and the config
 * (600), starts the server in it, prints the directory and the server's pid, then `exited`
 * once the server has exited. At end of input (idemsim closed the pipe or is gone) the
 * server gets SIGTERM, SIGKILL two seconds later if still there; the directory is removed
 * once the server has exited and the input has ended. The killer is killed once the server
 * has exited, so that a pid used again is never hit.
 */
const SCRIPT = `
template=$1
socket=$2
bin=$3
shift 3
trap '' INT HUP QUIT PIPE
umask 077
dir=$(mktemp -d "$template") || exit 1
printf 'requirepass "%s"\\n' "$IDEMSIM_REDIS_PASSWORD" > "$dir/${FILES.config}"
if [ -n "$socket" ]; then set -- --unixsocket "$dir/${FILES.socket}" --unixsocketperm 700 "$@"; fi
exec 3<&0 </dev/null
"$bin" "$dir/${FILES.config}" --dir "$dir" --logfile "$dir/${FILES.log}" "$@" 3<&- >/dev/null 2>&1 &
pid=$!
echo "$dir"
echo "$pid"
( read -r _ <&3; kill -TERM "$pid" 2>/dev/null; sleep 2; kill -KILL "$pid" 2>/dev/null ) &
killer=$!
wait "$pid"
kill "$killer" 2>/dev/null
echo exited
read -r _ <&3
rm -rf "$dir"
`;

export interface Watched {
  /** The server's own pid. */
  readonly pid: number;
  /** Its directory: config, log and socket. */
  readonly dir: string;
  /** Whether the server has exited. */
  exited(): boolean;
  /** Closes the pipe: the watchdog stops the server and removes the directory. Resolves when it has (true), or after `ms`. */
  stop(ms: number): Promise<boolean>;
  /** For the process's last moment: the server killed at once, the pipe closed. */
  killNow(): void;
}

export interface ServerStart {
  binary: string;
  /** The server's arguments, but for its directory's. */
  args: readonly string[];
  /** mkdtemp's prefix: the directory is this and six more characters. */
  prefix: string;
  socket: boolean;
  password: string;
}

/** Whether this system has the sh the watchdog needs (every Unix). */
export function canWatch(): boolean {
  return process.platform !== 'win32' && existsSync(SH);
}

/** A password the config file's quotes hold as it is. */
function checked(password: string): string {
  if (!/^[\w.~+=-]+$/.test(password)) throw new Error('the password must be letters, digits or ._~+=-');
  return password;
}

/** Starts the server under the watchdog; rejects when it cannot be spawned or ends before it starts. */
export function startWatched(start: ServerStart): Promise<Watched> {
  const argv = ['-c', SCRIPT, 'idemsim-redis-watchdog', `${start.prefix}XXXXXX`, start.socket ? 'socket' : ''];
  const child = spawn(SH, [...argv, start.binary, ...start.args], {
    stdio: ['pipe', 'pipe', 'ignore'],
    detached: true,
    // Not on the command line, where `ps` would show it to every user.
    env: { ...process.env, IDEMSIM_REDIS_PASSWORD: checked(start.password) },
  });
  // Once started, neither the watchdog nor its pipes keep idemsim running; until then, the
  // wait for its first lines does.
  const unref = (): void => {
    child.unref();
    for (const stream of [child.stdin, child.stdout]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
  };
  return new Promise((resolve, reject) => {
    let text = '';
    let started = false;
    let serverExited = false;
    const gone = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('error', (error) => {
      unref();
      reject(error);
    });
    child.once('exit', () => {
      serverExited = true;
      if (!started) reject(new Error('the watchdog ended before it started the server'));
    });
    child.stdout?.on('data', (data: Buffer) => {
      text += data.toString();
      const [dir, pid] = text.split('\n');
      if (!started && pid !== undefined && text.split('\n').length > 2) {
        started = true;
        unref();
        resolve(watched(child, Number(pid), dir as string, () => serverExited, gone));
      }
      if (/\nexited\n/.test(text)) serverExited = true;
    });
  });
}

function watched(child: ChildProcess, pid: number, dir: string, exited: () => boolean, gone: Promise<void>): Watched {
  return {
    pid,
    dir,
    exited,
    async stop(ms) {
      child.stdin?.end();
      return settledWithin(gone, ms);
    },
    killNow() {
      if (!exited()) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      child.stdin?.destroy();
    },
  };
}

/**
 * Where there is no sh (Windows), the server is started directly in a directory made here:
 * idemsim's exit cleanup stops it, which a SIGKILL skips.
 */
export function startDirect(start: ServerStart): Promise<Watched> {
  const dir = mkdtempSync(start.prefix);
  writeFileSync(join(dir, FILES.config), `requirepass "${checked(start.password)}"\n`, { mode: 0o600 });
  const local = start.socket ? ['--unixsocket', join(dir, FILES.socket), '--unixsocketperm', '700'] : [];
  const args = [join(dir, FILES.config), '--dir', dir, '--logfile', join(dir, FILES.log), ...local, ...start.args];
  const child = spawn(start.binary, args, { stdio: 'ignore' });
  child.unref();
  const exited = (): boolean => child.exitCode !== null || child.signalCode !== null;
  const exit = new Promise<void>((done) => child.once('exit', () => done()));
  const waitFor = (ms: number): Promise<boolean> => settledWithin(exit, ms);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () =>
      resolve({
        pid: child.pid ?? -1,
        dir,
        exited,
        async stop(ms) {
          if (!exited()) child.kill('SIGTERM');
          if (await waitFor(ms / 2)) return true;
          child.kill('SIGKILL');
          return waitFor(ms / 2);
        },
        killNow() {
          if (!exited()) child.kill('SIGKILL');
        },
      }),
    );
  });
}
