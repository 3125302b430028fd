// `idemsim validate FILES...`: load and validate scenario files without simulating them,
// and report every issue of every file at once, one `FILE:LINE:COL: message` line each.
// A warning (a field that loads but has no effect) is printed the same way, marked
// `warning:`, and does not change the exit status.
import { resolve } from 'node:path';
import { Command } from 'commander';
import { LIMITS, formatIssue, formatWarning, loadScenario } from '../scenario/index.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { readBoundedText, tooLarge, type BoundedText } from './read-bounded.js';
import { terminalText } from '../report/text.js';

/** UTF-8 takes at most 4 bytes a character: a larger file is over the character limit. */
const MAX_FILE_BYTES = 4 * LIMITS.maxTextLength;

/**
 * A scenario file's text, or the one line saying why it cannot be had: read only up to
 * the limit (read-bounded.ts), so no input makes idemsim hold more than a few megabytes.
 */
/** `bytes`: the file's size, when known before reading. */
export const tooBig = (file: string, bytes?: number): string => tooLarge(file, MAX_FILE_BYTES, SCENARIO_FILE, bytes);
const SCENARIO_FILE = 'a scenario file';

export function readScenarioFile(cwd: string, file: string): BoundedText {
  return readBoundedText(resolve(cwd, file), file, MAX_FILE_BYTES, SCENARIO_FILE);
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
    for (const file of files) ctx.out.write(`${terminalText(file)}: ok\n`);
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
