// `idemsim run`: simulate scenarios and print what reached the world. The pipeline reads
// top to bottom: read files, load and validate, simulate, render, write.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { defaultsWithSets, formatIssue, loadScenario, type LoadOutcome } from '../scenario/index.js';
import type { Scenario } from '../scenario/types.js';
import { simulate } from '../sim/simulate.js';
import { OUTPUT_FORMATS, isOutputFormat, render, type OutputFormat } from '../report/render.js';
import { colorEnabled, type CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { cannotRead, readFailure, unknownFormat } from './messages.js';
import { VERSION } from './version.js';

export interface RunOptions {
  /** `path=value` overrides in command-line order (later wins), applied to every scenario. */
  sets?: readonly string[];
  /** table (default), json or csv; anything else is an input error. */
  format?: string;
}

export function run(files: readonly string[], options: RunOptions, ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const format = outputFormat(options.format);
    const scenarios = load(files, options.sets ?? [], ctx.cwd);
    const runs = scenarios.map((scenario) => ({ scenario, result: simulate(scenario) }));
    ctx.out.write(render(format, runs, { color: colorEnabled(ctx), version: VERSION }));
    return ExitCode.ok;
  });
}

function outputFormat(value: string | undefined): OutputFormat {
  const format = value ?? 'table';
  if (!isOutputFormat(format)) throw new InputError(unknownFormat(format, OUTPUT_FORMATS));
  return format;
}

/**
 * Every file read and validated before anything is simulated, so one invocation reports
 * every unreadable file and every issue at once.
 */
function load(files: readonly string[], sets: readonly string[], cwd: string): Scenario[] {
  if (files.length === 0) return [scenarioOf(defaultsWithSets(sets))];
  const problems: string[] = [];
  const scenarios: Scenario[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(resolve(cwd, file), 'utf8');
    } catch (error) {
      problems.push(cannotRead(file, readFailure(error)));
      continue;
    }
    const outcome = loadScenario(text, file, sets);
    if (outcome.ok) scenarios.push(outcome.scenario);
    else problems.push(...outcome.issues.map(formatIssue));
  }
  // A bad --set is reported once, not once per file it was applied to.
  if (problems.length > 0) throw new InputError([...new Set(problems)]);
  return scenarios;
}

function scenarioOf(outcome: LoadOutcome): Scenario {
  if (!outcome.ok) throw new InputError(outcome.issues.map(formatIssue));
  return outcome.scenario;
}

const DESCRIPTION = `Simulate an AI agent's side-effecting tool calls as they are retried by the
transport, re-planned by the model and replayed after worker crashes, and report
what reached the world: how many actions ran twice (duplicates), never (lost) or
left the agent unsure (unknown); what the idempotency-key store deduplicated,
refused (409, 422) and how big it grows; and what it all cost in latency.
With no FILES, runs the built-in defaults, article-defaults (blind retries, no key).`;

const EXAMPLES = `
Examples:
  $ idemsim run
      the built-in defaults: blind retries, no idempotency key, 4,000 actions
  $ idemsim run scenarios/refunds-2-call-key.yaml --set keys.retention=5m
      a scenario with one field overridden
  $ idemsim run a.yaml b.yaml --format csv
      two scenarios, one CSV row per scenario and metric

Durations take a unit (250ms, 1.5s, 2m, 1h, 1d); a bare number is milliseconds.
Exit codes: 0 ok, 2 bad input (usage, unreadable file, invalid scenario), 70 internal error.`;

/** `--seed 7` is `--set seed=7`: both go through the scenario loader's validation. */
export function shorthand(path: string, value: string): string {
  return `${path}=${value}`;
}

export function runCommand(ctx: CommandContext, done: (code: number) => void): Command {
  // One list for --set and its shorthands, so command-line order decides which wins.
  const sets: string[] = [];
  const collect = (path?: string) => (value: string) => {
    sets.push(path === undefined ? value : shorthand(path, value));
    return sets;
  };
  return new Command('run')
    .summary('simulate scenarios: duplicates, losses, key-store size and latency')
    .description(DESCRIPTION)
    .argument('[FILES...]', 'scenario files (YAML); several are compared side by side')
    .option(
      '--set <path=value>',
      'override a scenario field, e.g. keys.scope=intent; repeatable; applies to every file (default: none)',
      collect(),
    )
    .option(
      '--seed <seed>',
      "same as --set seed=<seed> (default: the scenario's seed, 1 if it sets none)",
      collect('seed'),
    )
    .option(
      '--actions <n>',
      "same as --set actions=<n> (default: the scenario's, 4000 if it sets none)",
      collect('actions'),
    )
    .option('--format <format>', `output: ${OUTPUT_FORMATS.join(', ')} (default: table)`)
    .addHelpText('after', EXAMPLES)
    .action((files: string[], options: { format?: string }) => {
      done(run(files, { sets, format: options.format }, ctx));
    });
}
