// The built binary as a process a test can signal, race and wait for, and the report
// folders it leaves, for out-signals.test.ts and out-concurrent.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from './binary.js';

export interface Ended {
  status: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

export interface Running {
  child: ChildProcess;
  ended: Promise<Ended>;
}

/** The exit status a shell shows for a process ended by `signal`. */
export const SHELL_STATUS: Record<string, number> = { SIGHUP: 129, SIGINT: 130, SIGKILL: 137, SIGTERM: 143 };

/** Starts idemsim; `env` adds to the test's environment. */
export function start(args: readonly string[], cwd: string, env: Record<string, string> = {}): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = new Promise<Ended>((resolve) =>
    child.on('close', (status, signal) => resolve({ status, signal, stderr })),
  );
  return { child, ended };
}

export async function runToEnd(args: readonly string[], cwd: string): Promise<Ended> {
  return start(args, cwd).ended;
}

/** Whether the process ended by `signal`, or exited as a shell reports that (128 + its number). */
export function endedBy(end: Ended, signal: NodeJS.Signals): boolean {
  return end.signal === signal || end.status === SHELL_STATUS[signal];
}

/** Polls until `ready` holds (every 10 ms; a bound, not a timing, so a broken test cannot hang). */
export async function until(ready: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 6000; i++) {
    if (ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}

/** A folder's files, by name, as hex; undefined when it is missing. */
export function folder(dir: string): Record<string, string> | undefined {
  if (!existsSync(dir)) return undefined;
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name)).toString('hex')]),
  );
}

/** What lies beside DIR (named NAME in `parent`): temporary folders, old copies, the lock. */
export function beside(parent: string, name: string): string[] {
  return readdirSync(parent).filter((entry) => entry.startsWith(`${name}.`));
}

/** The test hook of src/cli/out.ts: the write waits after moving the previous report aside until `release` exists. */
export const pauseMidSwap = (release: string): Record<string, string> => ({ IDEMSIM_TEST_PAUSE_MID_SWAP: release });
