// Builds dist/ once for the tests that run the real binary (e2e.test.ts). A failed build
// does not stop the other test files: it is handed to e2e.test.ts, which fails with it.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Output of a failed `npm run build`; empty when the build succeeded. */
    buildError: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

export default function setup(project: TestProject): void {
  try {
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'pipe', encoding: 'utf8' });
    project.provide('buildError', '');
  } catch (error) {
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    project.provide('buildError', `npm run build failed: ${message}\n${stdout}${stderr}`);
  }
}
