// A child Node process running a module body against the built dist/stores/ (written
// DIST/ in the body): what it prints first (one JSON line) once ready, and how it ended.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../cli/binary.js';

export function child(body: string): {
  ready: Promise<Record<string, unknown>>;
  ended: Promise<{ code: number | null; signal: string | null; stderr: string }>;
  pid: number;
} {
  const dist = pathToFileURL(join(ROOT, 'dist/stores/')).href;
  const proc = spawn(process.execPath, ['--input-type=module', '-e', body.replaceAll('DIST/', dist)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const ended = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    proc.stdout.on('data', (data: Buffer) => {
      stdout += data.toString();
      if (stdout.includes('\n')) resolve(JSON.parse(stdout.split('\n')[0] as string) as Record<string, unknown>);
    });
    void ended.then(({ stderr: said }) => reject(new Error(`the child ended before it was ready: ${said}`)));
  });
  return { ready, ended, pid: proc.pid as number };
}
