// The real binary run as a child, with its own peak memory read from the kernel while it
// runs (VmHWM in /proc/PID/status, the resident high-water mark, polled: it only rises, so
// the last reading is the peak up to a few milliseconds before the end).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BIN, ROOT } from '../cli/binary.js';

export interface MeasuredRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The child's peak resident memory, in MB. */
  peakMB: number;
  ms: number;
}

function highWater(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? undefined : Number(match[1]) / 1024;
  } catch {
    return undefined;
  }
}

/** Runs `idemsim args`; kills it (and says so in `signal`) after `limitMs`. */
export function measuredRun(
  args: readonly string[],
  options: { limitMs?: number; env?: NodeJS.ProcessEnv; onStart?: (pid: number) => void } = {},
): Promise<MeasuredRun> {
  const started = Date.now();
  const env = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env };
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid as number;
  options.onStart?.(pid);
  let stdout = '';
  let stderr = '';
  let peakMB = 0;
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const poll = setInterval(() => {
    peakMB = Math.max(peakMB, highWater(pid) ?? 0);
  }, 20);
  const limit = setTimeout(() => child.kill('SIGKILL'), options.limitMs ?? 20_000);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearInterval(poll);
      clearTimeout(limit);
      resolve({ code, signal, stdout, stderr, peakMB: Math.round(peakMB), ms: Date.now() - started });
    });
  });
}

/** The lines of `text`, without the empty last one. */
export function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}
