// `idemsim check FILES...`: the CI gate. Runs each scenario (sized by --precision or
// --until-decided when asked), judges each bound of its `expect:` block on the 95%
// interval (pass, fail or undecided), prints one row per bound, and exits 1 if a bound
// fails or, with --strict, is undecided (2 on bad input, including nothing to check).
import { rareCheckResult } from './run-rare.js';
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command } from 'commander';
import type { CheckRow } from '../model/bounds.js';
import { checkExpect, expectTargets } from '../stats/bounds.js';
import { fails, renderCheckJson, renderCheckTable, type CheckPolicy } from '../report/check/text.js';
import { renderJunit, type JunitGate } from '../report/check/junit.js';
import { failureText } from '../report/diff/cells.js';
import { simulate } from '../sim/simulate.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { writeFileAtomically } from '../io/file.js';
import { readFailure } from '../io/failure.js';
import { probeWritable } from '../io/target.js';
import { ceilingOf, loadScenarios, memoryLimit, withCeiling, withScenarioOptions, type Loaded } from './load.js';
import { memoryGuard } from '../pool/memory-guard.js';
import { VERSION } from './version.js';
import { formatHelp, formatOption } from './options.js';
import {
  DEFAULT_MAX_ACTIONS,
  readSizing,
  runSized,
  sizingCap,
  sizingNote,
  withSizingOptions,
  type SizingFlags,
} from './sizing.js';
import type { Sizing } from '../model/precision.js';
import type { RunResult } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import { quietly, withQuiet } from './progress.js';
import { compareWithBaseline, matchBaseline, readBaseline } from './baseline.js';
import { colorEnabled } from './context.js';
import { renderDiffJson } from '../report/diff/json.js';
import { renderDiffTable } from '../report/diff/table.js';
import { terminalText } from '../report/text.js';

export interface CheckOptions extends SizingFlags {
  sets?: readonly string[];
  strict?: boolean;
  junit?: string;
  /** No progress line and no sizing notes on stderr. */
  quiet?: boolean;
  /** A saved run to compare with (`idemsim diff` inside check), and its gates. */
  baseline?: string;
  failOn?: readonly string[];
  /** `--false-alarm 5%`: the family-wise false-alarm rate of the baseline's gates. */
  falseAlarm?: string;
  format?: string;
  /** Judge the bounds on importance-sampled estimates of the count metrics (run-rare.ts). */
  rare?: boolean;
}

const FORMATS = ['table', 'json'] as const;

export function check(files: readonly string[], options: CheckOptions, ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const format = formatOption(options.format, FORMATS);
    if (files.length === 0) throw new InputError('check: name at least one scenario file with an expect: block');
    if (options.junit !== undefined) checkJunitTarget(options.junit, ctx.cwd);
    const memory = memoryLimit(options.maxMemory, sizingCap(options));
    const guarded = withCeiling(ctx, memory);
    const loaded = loadScenarios(files, options.sets ?? [], ctx.cwd, (line) => ctx.err.write(`${line}\n`), memory);
    const empty = loaded.filter((l) => Object.keys(l.scenario.expect).length === 0);
    if (empty.length > 0) {
      throw new InputError(
        empty.map(
          (l) =>
            `${l.file ?? 'the defaults'}: has no expect: block, so there is nothing to check; add bounds, e.g. expect: { duplicatesPerThousand: { max: 1 } }`,
        ),
      );
    }
    const policy: CheckPolicy = { strict: options.strict === true };
    // Flags are read once, before anything runs; each scenario decides its own bounds.
    const sizingFor = readSizing(options);
    const sizedResult = sizedResultFor(guarded, options.quiet);
    if (options.baseline === undefined && ((options.failOn ?? []).length > 0 || options.falseAlarm !== undefined)) {
      const flag = (options.failOn ?? []).length > 0 ? '--fail-on gates' : '--false-alarm judges the gates of';
      throw new InputError(`${flag} a comparison: add --baseline FILE (a saved run to compare with)`);
    }
    const baseline =
      options.baseline === undefined
        ? null
        : readBaseline(options.baseline, options.failOn ?? [], ctx.cwd, options.falseAlarm);
    if (baseline !== null)
      matchBaseline(
        baseline,
        loaded.map((l) => l.scenario.name),
      );
    const groups = loaded.map((l: Loaded) => {
      const sizing = sizingFor(expectTargets(l.scenario.expect));
      // Wall time for the JUnit file's time= attributes; only the CLI has a clock.
      const started = performance.now();
      const result =
        options.rare === true
          ? rareCheckResult(
              l.scenario,
              l.file === undefined ? l.scenario.name : { file: l.file, cwd: ctx.cwd },
              expectTargets(l.scenario.expect),
              options.untilDecided === true,
              sizingCap(options) ?? DEFAULT_MAX_ACTIONS,
            )
          : sizing === null
            ? simulate(l.scenario, { onLive: memoryGuard(ceilingOf(memory)) })
            : sizedResult(l.scenario, sizing);
      const seconds = (performance.now() - started) / 1000;
      return { scenario: l.scenario.name, file: l.file ?? '', rows: checkExpect(l.scenario, result), result, seconds };
    });
    const rows: CheckRow[] = groups.flatMap((g) => g.rows);
    const compared =
      baseline === null
        ? null
        : compareWithBaseline(
            baseline,
            groups.map((g) => ({ name: g.scenario, result: g.result })),
            files,
            options.sets ?? [],
          );
    if (format === 'json') {
      const doc = JSON.parse(renderCheckJson(rows, policy, VERSION)) as Record<string, unknown>;
      if (compared !== null) {
        // One verdict for CI: the bounds and the baseline's gates together.
        doc['passed'] = doc['passed'] === true && compared.report.passed;
        doc['baseline'] = JSON.parse(renderDiffJson(compared.report, compared.sides, VERSION));
      }
      ctx.out.write(`${JSON.stringify(doc, null, 2)}\n`);
    } else {
      ctx.out.write(renderCheckTable(rows, policy));
      if (compared !== null) {
        ctx.out.write(`\nAgainst the baseline ${terminalText(baseline?.file ?? '')}:\n`);
        ctx.out.write(renderDiffTable(compared.report, compared.sides, { color: colorEnabled(ctx) }));
      }
    }
    if (options.junit !== undefined) {
      const gates: JunitGate[] = (compared?.report.scenarios ?? []).flatMap((scenario) =>
        scenario.gates.map((gate) => ({
          scenario: scenario.name,
          name: gate.failOn.text,
          verdict: gate.verdict,
          message:
            gate.verdict === 'untestable'
              ? `${gate.failOn.metric} has no interval in ${scenario.name}: the gate cannot be judged there`
              : gate.verdict === 'undecided'
                ? `undecided, more actions would tell: ${failureText(scenario, gate)}`
                : failureText(scenario, gate),
        })),
      );
      writeFileAtomically(resolve(ctx.cwd, options.junit), options.junit, renderJunit(groups, policy, gates), true);
    }
    const gateFailed = compared !== null && !compared.report.passed;
    return rows.some((r) => fails(r, policy)) || gateFailed ? ExitCode.checkFailed : ExitCode.ok;
  });
}

/** One scenario sized, its note on stderr (unless --quiet). */
function sizedResultFor(
  ctx: CommandContext,
  quiet: boolean | undefined,
): (scenario: Scenario, sizing: Sizing) => RunResult {
  const io = quietly(ctx, quiet);
  return (scenario, sizing) => {
    const sized = runSized(scenario, sizing, io);
    io.err.write(`${sizingNote(scenario.name, sized.sizing)}\n`);
    return sized.result;
  };
}

/** A --junit file whose folder is missing fails before the scenarios run, not after. */
function checkJunitTarget(junit: string, cwd: string): void {
  const folder = dirname(resolve(cwd, junit));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new InputError(`--junit ${junit}: its folder ${dirname(junit)} does not exist; create it first`);
  }
  try {
    probeWritable(resolve(cwd, junit));
  } catch (error) {
    throw new InputError(terminalText(`--junit ${junit}: cannot write: ${readFailure(error)}`));
  }
}

const EXAMPLES = `
Examples:
  $ npx idemsim check scenarios/missions/mission-1.yaml
      fails (exit 1): the starting configuration duplicates actions
  $ npx idemsim check scenarios/missions/*.yaml --strict --until-decided --junit idemsim-junit.xml
      simulate each scenario until every bound is decided (or 10,000,000 actions),
      fail undecided ones, and write JUnit XML for the CI server

Each bound of a scenario's expect: block is one row:
  expect:
    duplicatesPerThousand: { max: 1 }
    latency.call.p95: { max: 5s }
A bound is judged on the metric's 95% interval: pass when the whole interval meets it,
FAIL when none of it does, undecided when it straddles the limit: the run is too short
to tell (nothing counted in 100 actions is not "0 per thousand"; it is [0, 36.9]).
Undecided bounds are reported with the actions that would decide them and do not fail
the check, unless --strict. Counts and maxima (what the run saw) are judged as they are.
With --baseline, each scenario is also compared with the saved run of the same name, as
\`idemsim diff BASELINE FILES\` would (see its --help and docs/ci.md).
Exit codes: 0 every bound holds (or is undecided, without --strict), 1 a bound failed
or a --fail-on gate tripped,
2 bad input (no expect: block, unknown metric, unreadable or invalid file), 70 internal error.`;

export function checkCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const precision: string[] = [];
  const command = withScenarioOptions(
    new Command('check')
      .summary('run scenarios and test their expect: bounds, for CI (exit 1 on a failed bound)')
      .description(
        "Simulate each scenario and judge each bound of its expect: block on the metric's 95% interval:\npass, fail, or undecided when the interval straddles the limit.",
      )
      .argument('<FILES...>', 'scenario files, each with an expect: block'),
    sets,
  )
    .option('--strict', 'undecided bounds fail too (default: reported, not failed)')
    .option('--junit <FILE>', 'also write the results as JUnit XML (undecided bounds as skipped tests)')
    .option(
      '--baseline <FILE>',
      'also compare each scenario with a saved run (run --format json, or a report folder), as idemsim diff does',
    )
    .option(
      '--fail-on <METRIC=+X>',
      'with --baseline: fail when METRIC got worse by more than X, judged on the interval of the change; repeatable',
      (value: string, list: string[] = []) => [...list, value],
    )
    .option(
      '--false-alarm <rate>',
      'with --fail-on: the chance that a comparison with no real change fails any gate, all together (default: 5%)',
    )
    .option('--format <format>', formatHelp(FORMATS))
    .option(
      '--rare',
      'judge bounds on count metrics (duplicates, lost, unknown, false failures) on importance-sampled intervals: for limits of one in a million or a billion',
    );
  withSizingOptions(command, precision, true);
  withQuiet(command);
  return command
    .addHelpText('after', EXAMPLES)
    .action((files: string[], options: Omit<CheckOptions, 'sets' | 'precision'>) => {
      done(check(files, { ...options, sets, precision }, ctx));
    });
}
