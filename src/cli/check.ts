// `idemsim check FILES...`: the CI gate. Runs each scenario, compares its metrics with its
// `expect:` block, prints one row per bound, and exits 1 if any bound fails (2 on bad
// input, including a scenario with nothing to check).
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command } from 'commander';
import { checkExpect, type CheckRow } from '../model/bounds.js';
import { renderCheckJson, renderCheckTable } from '../report/check/text.js';
import { renderJunit } from '../report/check/junit.js';
import { simulate } from '../sim/simulate.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { writeFileAtomically } from './files.js';
import { loadScenarios, withScenarioOptions, type Loaded } from './load.js';
import { VERSION } from './version.js';
import { formatHelp, formatOption } from './options.js';

export interface CheckOptions {
  sets?: readonly string[];
  strict?: boolean;
  junit?: string;
  format?: string;
}

const FORMATS = ['table', 'json'] as const;

export function check(files: readonly string[], options: CheckOptions, ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const format = formatOption(options.format, FORMATS);
    if (files.length === 0) throw new InputError('check: name at least one scenario file with an expect: block');
    if (options.junit !== undefined) checkJunitTarget(options.junit, ctx.cwd);
    const loaded = loadScenarios(files, options.sets ?? [], ctx.cwd);
    const empty = loaded.filter((l) => Object.keys(l.scenario.expect).length === 0);
    if (empty.length > 0) {
      throw new InputError(
        empty.map(
          (l) =>
            `${l.file ?? 'the defaults'}: has no expect: block, so there is nothing to check; add bounds, e.g. expect: { duplicatesPerThousand: { max: 1 } }`,
        ),
      );
    }
    const strict = options.strict === true;
    const groups = loaded.map((l: Loaded) => ({
      scenario: l.scenario.name,
      file: l.file ?? '',
      rows: checkExpect(l.scenario, simulate(l.scenario), strict),
    }));
    const rows: CheckRow[] = groups.flatMap((g) => g.rows);
    ctx.out.write(format === 'json' ? renderCheckJson(rows, strict, VERSION) : renderCheckTable(rows, strict));
    if (options.junit !== undefined) {
      writeFileAtomically(resolve(ctx.cwd, options.junit), options.junit, renderJunit(groups), true);
    }
    return rows.every((r) => r.pass) ? ExitCode.ok : ExitCode.checkFailed;
  });
}

/** A --junit file whose folder is missing fails before the scenarios run, not after. */
function checkJunitTarget(junit: string, cwd: string): void {
  const folder = dirname(resolve(cwd, junit));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new InputError(`--junit ${junit}: its folder ${dirname(junit)} does not exist; create it first`);
  }
}

const EXAMPLES = `
Examples:
  $ idemsim check scenarios/missions/mission-1.yaml
      fails (exit 1): the starting configuration duplicates actions
  $ idemsim check ci/*.yaml --strict --junit idemsim-junit.xml
      every bound must hold for the whole 95% interval; JUnit XML for the CI server

Each bound of a scenario's expect: block is one row:
  expect:
    duplicatesPerThousand: { max: 1 }
    latency.call.p95: { max: 5s }
Exit codes: 0 every bound holds, 1 a bound failed, 2 bad input (no expect: block, unknown
metric, unreadable or invalid file), 70 internal error.`;

export function checkCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  return withScenarioOptions(
    new Command('check')
      .summary('run scenarios and test their expect: bounds, for CI (exit 1 on a failed bound)')
      .description(
        'Simulate each scenario and compare its metrics with the bounds of its expect: block.\nA bound is compared with the point estimate, or with --strict with the whole 95% interval.',
      )
      .argument('<FILES...>', 'scenario files, each with an expect: block'),
    sets,
  )
    .option('--strict', 'a bound holds only if the whole 95% interval lies within it (default: the point estimate)')
    .option('--junit <FILE>', 'also write the results as JUnit XML')
    .option('--format <format>', formatHelp(FORMATS))
    .addHelpText('after', EXAMPLES)
    .action((files: string[], options: Omit<CheckOptions, 'sets'>) => {
      done(check(files, { ...options, sets }, ctx));
    });
}
