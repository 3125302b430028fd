// A scratch folder for fit-latency's tests: files written into it, and the command run
// in-process with it as the working directory.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../src/cli/main.js';
import { captured } from './sinks.js';

export interface FitLatencyFixture {
  dir: string;
  /** Writes `text` to NAME in the folder and returns NAME, as a command line names it. */
  write(name: string, text: string): string;
  /** `idemsim fit-latency ARGS` in the folder: its exit code and what it printed. */
  run(args: readonly string[]): Promise<{ code: number; out: string; err: string }>;
}

export function fitLatencyFixture(prefix: string): FitLatencyFixture {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    write(name, text) {
      writeFileSync(join(dir, name), text);
      return name;
    },
    async run(args) {
      const ctx = captured({ cwd: dir });
      const code = await cli(['fit-latency', ...args], ctx);
      return { code, out: ctx.out.text, err: ctx.err.text };
    },
  };
}
