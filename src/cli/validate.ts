// `idemsim validate FILES...`: load and validate scenario files without simulating them,
// and report every issue of every file at once, one `FILE:LINE:COL: message` line each.
// A warning (a field that loads but has no effect) is printed the same way, marked
// `warning:`, and does not change the exit status.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { LIMITS, formatIssue, formatWarning, loadScenario } from '../scenario/index.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { cannotRead, readFailure } from './messages.js';

/** UTF-8 takes at most 4 bytes a character: a larger file is over the character limit. */
const MAX_FILE_BYTES = 4 * LIMITS.maxTextLength;

/** `bytes`: the file's size, when known before reading. */
export const tooBig = (file: string, bytes?: number): string =>
  `${file}: cannot read: ${bytes === undefined ? '' : `${bytes} bytes, `}more than the limit of ${MAX_FILE_BYTES} bytes for a scenario file`;

/** The bytes of an open file, or undefined past MAX_FILE_BYTES (a pipe or a device may not end). */
function readBounded(fd: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  const chunk = Buffer.alloc(64 * 1024);
  let total = 0;
  for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
    total += n;
    if (total > MAX_FILE_BYTES) return undefined;
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

/**
 * A scenario file's text, or the one line saying why it cannot be had. A file over the
 * limit is refused by its size before it is read, and a pipe or device is read only up
 * to the limit, so no input makes idemsim hold more than a few megabytes of text.
 */
export function readScenarioFile(cwd: string, file: string): { text: string } | { problem: string } {
  let fd: number | undefined;
  try {
    fd = openSync(resolve(cwd, file), 'r');
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { problem: cannotRead(file, readFailure({ code: 'EISDIR' })) };
    if (stat.isFile() && stat.size > MAX_FILE_BYTES) return { problem: tooBig(file, stat.size) };
    const bytes = readBounded(fd);
    if (bytes === undefined) return { problem: tooBig(file) };
    return { text: bytes.toString('utf8') };
  } catch (error) {
    return { problem: cannotRead(file, readFailure(error)) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function validateFiles(files: readonly string[], ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const problems: string[] = [];
    for (const file of files) {
      const read = readScenarioFile(ctx.cwd, file);
      if ('problem' in read) {
        problems.push(read.problem);
        continue;
      }
      const outcome = loadScenario(read.text, file);
      if (!outcome.ok) problems.push(...outcome.issues.map(formatIssue));
      else for (const warning of outcome.warnings) ctx.err.write(`${formatWarning(warning)}\n`);
    }
    if (problems.length > 0) throw new InputError(problems);
    for (const file of files) ctx.out.write(`${file}: ok\n`);
    return ExitCode.ok;
  });
}

const EXAMPLES = `
Examples:
  $ npx idemsim validate scenarios/*.yaml
      check every scenario: "FILE: ok" each, or every problem as FILE:LINE:COL
  $ npx idemsim validate scenarios/slow-service.yaml && \\
      npx idemsim run scenarios/slow-service.yaml
      simulate only a file that loads

Exit codes: 0 every file is valid (warnings included), 2 a file is unreadable or invalid.`;

export function validateCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('validate')
    .summary('check scenario files without simulating them')
    .description(
      `Load and validate scenario files without simulating them. Every problem in
every file is reported at once, one FILE:LINE:COL: message line each, on
standard error; when there is none, each file gets a "FILE: ok" line on
standard output. A field that is accepted but has no effect (a lease beside
transactional: true) gets a FILE:LINE:COL: warning: line on standard error.`,
    )
    .argument('<FILES...>', 'scenario files (YAML)')
    .addHelpText('after', EXAMPLES)
    .action((files: string[]) => {
      done(validateFiles(files, ctx));
    });
}
