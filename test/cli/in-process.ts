// idemsim's commands called in this process, as bin/idemsim.js calls them, for the tests
// that check only how a flag or a file is refused: the same exit code and lines, without
// starting Node for each. binary.ts keeps the tests of the real process's contract.
import { cli } from '../../src/cli/main.js';
import { ROOT, type Outcome } from './binary.js';
import { captured } from './sinks.js';

/** Runs idemsim with `args` in `cwd`, colour off as in a pipe, and captures its output. */
export async function inProcess(args: readonly string[], cwd: string = ROOT): Promise<Outcome> {
  const ctx = captured({ cwd });
  const status = await cli(args, ctx);
  return { status, stdout: ctx.out.text, stderr: ctx.err.text };
}
