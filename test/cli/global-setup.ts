// Builds dist/ once for the tests that run the real binary, and only when it is stale:
// `npm ci` has just built it (prepare), and a second build would cost CI a minute. A failed
// build does not stop the other test files: it is handed to those that need dist/, which
// fail with it.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { distIsFresh } from './dist-freshness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Output of a failed `npm run build`; empty when the build succeeded or was not needed. */
    buildError: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

export default function setup(project: TestProject): void {
  if (distIsFresh(root)) {
    project.provide('buildError', '');
    return;
  }
  try {
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
    project.provide('buildError', '');
  } catch (error) {
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    project.provide('buildError', `npm run build failed: ${message}\n${stdout}${stderr}`);
  }
}
