// Which process made something on a user's server, written so that a later run can tell
// whether that process still runs: its pid, its host, the host's boot and the process's
// start (on Linux), so that a pid used again by another process is not taken for it.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface Owner {
  pid: number;
  host: string;
  /** The host's boot id (Linux): a process of an earlier boot is gone. */
  boot?: string;
  /** The process's start, in clock ticks since boot (Linux): another start is another process. */
  start?: string;
  /** When it was made, ISO 8601. */
  at: string;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const bootId = (): string | undefined => read('/proc/sys/kernel/random/boot_id');

/** Field 22 of /proc/PID/stat, counted after the command name (which may hold spaces). */
function startOf(pid: number): string | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/** This process. */
export function ownerNow(now: Date): Owner {
  const boot = bootId();
  const start = startOf(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    ...(boot === undefined ? {} : { boot }),
    ...(start === undefined ? {} : { start }),
    at: now.toISOString(),
  };
}

const TAG = 'made by idemsim store, removed when that run ends: ';

/** The text a table's comment carries. */
export function ownerComment(owner: Owner): string {
  return TAG + JSON.stringify(owner);
}

/** The owner a comment names, or undefined for none (an older idemsim, or someone else's comment). */
export function parseOwner(comment: string | null | undefined): Owner | undefined {
  if (comment?.startsWith(TAG) !== true) return undefined;
  try {
    const parsed = JSON.parse(comment.slice(TAG.length)) as Partial<Owner>;
    if (!Number.isSafeInteger(parsed.pid) || (parsed.pid as number) <= 0) return undefined;
    if (typeof parsed.host !== 'string' || typeof parsed.at !== 'string') return undefined;
    return parsed as Owner;
  } catch {
    return undefined;
  }
}

/** Whether `owner` still runs: `unknown` when it ran on another host. */
export function ownerState(owner: Owner): 'running' | 'gone' | 'unknown' {
  if (owner.host !== hostname()) return 'unknown';
  const boot = bootId();
  if (owner.boot !== undefined && boot !== undefined && owner.boot !== boot) return 'gone';
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: a process of another user has that pid; it may be the owner.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
  }
  const start = startOf(owner.pid);
  if (owner.start !== undefined && start !== undefined && owner.start !== start) return 'gone';
  return 'running';
}

/** `pid 123 on host h, made 2025-01-01T00:00:00.000Z` */
export function ownerText(owner: Owner): string {
  return `pid ${owner.pid} on ${owner.host}, made ${owner.at}`;
}
