// The real binary, as a user runs it: `node bin/idemsim.js` on the dist/ that
// global-setup.ts builds once per test run.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/idemsim.js', import.meta.url));

export interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs idemsim with `args` in `cwd`, colour settings cleared, and captures its output. */
export function idemsim(args: readonly string[], cwd: string = ROOT): Outcome {
  const env = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined };
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** For a beforeAll: fails the file with the build's output when dist/ could not be built. */
export function requireBuild(): void {
  const buildError = inject('buildError');
  if (buildError !== '') throw new Error(buildError);
}
