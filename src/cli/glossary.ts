// `idemsim glossary`, also reached as `idemsim help metrics` (main.ts): what every row of the
// run table counts, under its label and its metric's name, and the other terms the output
// uses (src/report/run/glossary.ts).
import { Command } from 'commander';
import { renderGlossary } from '../report/run/glossary.js';
import { colorEnabled, type CommandContext } from './context.js';
import { ExitCode, guard } from './errors.js';

export function glossary(ctx: CommandContext): number {
  return guard(ctx.err, () => {
    ctx.out.write(renderGlossary({ color: colorEnabled(ctx) }));
    return ExitCode.ok;
  });
}

const EXAMPLES = `
Examples:
  $ npx idemsim glossary
      every row of the run table, its metric's name and what it counts
  $ npx idemsim help metrics
      the same
  $ npx idemsim glossary | grep -A 3 'dedup hit rate'
      one row's definition`;

export function glossaryCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('glossary')
    .summary('what every row of the output counts (also: help metrics)')
    .description(
      `Print what every row of \`idemsim run\`'s table counts, grouped as the table
groups them and labelled as it prints them, beside the metric's name in JSON,
CSV, expect: and --target; then the other terms the output uses: the 95%
intervals, "per day", the steady state, percentiles, n/a and the verdicts of
check. \`idemsim help metrics\` prints the same.`,
    )
    .addHelpText('after', EXAMPLES)
    .action(() => {
      done(glossary(ctx));
    });
}
