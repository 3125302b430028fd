// `idemsim merge PARTS...`: puts back together what shards of a sweep (`sweep --shard I/N`)
// or replicas of a run (`run --replicas N --replica I`) printed, on one machine or many.
// A merged sweep prints exactly what the one-process sweep prints.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { MergeError, mergeSweepParts, type MergedSweep } from '../report/parts/merge-sweep.js';
import { parsePart, type Part } from '../report/parts/read.js';
import { renderSweepCsv, renderSweepJson, renderSweepTable } from '../report/sweep/text.js';
import { embeddedScenario, scenarioToYaml } from '../scenario/index.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { cannotRead, readFailure } from './messages.js';
import { formatHelp, formatOption } from './options.js';
import { checkOut, writeFolder } from './out.js';
import { VERSION } from './version.js';

export interface MergeOptions {
  format?: string;
  /** Also write the report folder the one-process command writes (sweeps). */
  out?: string;
}

const FORMATS = ['table', 'json', 'csv'] as const;

export async function merge(files: readonly string[], options: MergeOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    const format = formatOption(options.format, FORMATS);
    if (options.out !== undefined) checkOut(options.out, ctx.cwd);
    const parts = files.map((file) => ({ file, part: readPart(file, ctx.cwd) }));
    const sweeps = parts.flatMap(({ file, part }) => (part.kind === 'sweep' ? [{ file, part: part.part }] : []));
    const merged = atMerge(() => mergeSweepParts(sweeps));
    const { sweep } = merged;
    ctx.out.write(
      format === 'json'
        ? renderSweepJson(sweep, merged.idemsim)
        : format === 'csv'
          ? renderSweepCsv(sweep)
          : renderSweepTable(sweep),
    );
    if (options.out !== undefined) await writeSweepFolder(merged, options.out, ctx);
    return ExitCode.ok;
  });
}

/** The folder `sweep --out` writes; its scenario.yaml's sweep: block sweeps again the same way. */
async function writeSweepFolder(merged: MergedSweep, out: string, ctx: CommandContext): Promise<void> {
  const { sweep, dims, base } = merged;
  const ran = { ...base, sweep: { vary: dims, metrics: sweep.metrics } };
  const { sweepReportFiles } = await import('../report/sweep/folder.js');
  const files = await sweepReportFiles(sweep, ran, merged.idemsim, { png: false, scenarioYaml: scenarioToYaml });
  writeFolder(files, out, ctx);
}

function readPart(file: string, cwd: string): Part {
  let source: string;
  try {
    source = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new InputError(cannotRead(file, readFailure(error)));
  }
  const outcome = parsePart(source, file, embeddedScenario);
  if (!outcome.ok) throw new InputError(outcome.problem);
  if (outcome.part.part.idemsim !== VERSION) {
    throw new InputError(
      `${file}: made by idemsim ${outcome.part.part.idemsim}; this is ${VERSION}, and a merge reads parts of its own version (rerun the part with this one)`,
    );
  }
  return outcome.part;
}

function atMerge<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof MergeError) throw new InputError(error.message);
    throw error;
  }
}

const EXAMPLES = `
Examples:
  $ npx idemsim sweep scenarios/refunds-2-call-key.yaml --vary client.timeout=400ms..3s:200ms --shard 1/2 > part-1.json
  $ npx idemsim sweep scenarios/refunds-2-call-key.yaml --vary client.timeout=400ms..3s:200ms --shard 2/2 > part-2.json
  $ npx idemsim merge part-1.json part-2.json --format json
      exactly what the same sweep prints in one process
  $ npx idemsim merge part-*.json --out reports/timeouts
      the table, and the report folder \`sweep --out\` writes

Every shard of the sweep must be there, once, all made by this idemsim version from
the same sweep (file, --set, --vary and --metric alike). Kubernetes and GitHub Actions
examples: docs/guide/scale.md.
Exit codes: 0 ok, 2 bad input (unreadable or mismatched parts, unusable --out), 70 internal error.`;

export function mergeCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('merge')
    .summary('combine the parts of a sharded sweep or a replicated run into one result')
    .description(
      'Combine the parts that `idemsim sweep --shard I/N` or `idemsim run --replicas N --replica I` printed (on any machines) into the result of the whole sweep or run.',
    )
    .argument('<PARTS...>', 'part files (JSON), in any order')
    .option('--format <format>', formatHelp(FORMATS))
    .option('--out <DIR>', 'also write the report folder (default: output only)')
    .addHelpText('after', EXAMPLES)
    .action(async (files: string[], options: MergeOptions) => {
      done(await merge(files, options, ctx));
    });
}
