// `idemsim merge PARTS...`: puts back together what shards of a sweep (`sweep --shard I/N`)
// or replicas of a run (`run --replicas N --replica I`) printed, on one machine or many.
// A merged sweep prints exactly what the one-process sweep prints.
import { resolve } from 'node:path';
import { Command } from 'commander';
import { mergeReplicaParts } from '../report/parts/merge-replicas.js';
import { MergeError, mergeSweepParts, type MergedSweep } from '../report/parts/merge-sweep.js';
import { render } from '../report/run/render.js';
import { tallyShape } from '../sim/tally-state.js';
import { colorEnabled, type CommandContext } from './context.js';
import { pooledRun } from './replicas.js';
import { parsePart, type Part } from '../saved/part.js';
import { renderSweepCsv, renderSweepJson, renderSweepTable } from '../report/sweep/text.js';
import { embeddedScenario, scenarioToYaml } from '../scenario/index.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { shortened } from './short-errors.js';
import { formatHelp, formatOption } from './options.js';
import { checkOut, writeFolder } from './out.js';
import { MAX_JSON_BYTES, readBoundedOrFail } from './read-bounded.js';
import { VERSION } from './version.js';

export interface MergeOptions {
  format?: string;
  /** Also write the report folder the one-process command writes (sweeps). */
  out?: string;
}

const FORMATS = ['table', 'json', 'csv'] as const;

export async function merge(files: readonly string[], options: MergeOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    try {
      return await mergeParts(files, options, ctx);
    } catch (error) {
      throw shortened(error);
    }
  });
}

async function mergeParts(files: readonly string[], options: MergeOptions, ctx: CommandContext): Promise<number> {
  const format = formatOption(options.format, FORMATS);
  if (options.out !== undefined) checkOut(options.out, ctx.cwd, ctx.err);
  const parts = files.map((file) => ({ file, part: readPart(file, ctx.cwd) }));
  const sweeps = parts.flatMap(({ file, part }) => (part.kind === 'sweep' ? [{ file, part: part.part }] : []));
  const replicas = parts.flatMap(({ file, part }) => (part.kind === 'replica' ? [{ file, part: part.part }] : []));
  if (sweeps.length > 0 && replicas.length > 0) {
    const [sweepFile, replicaFile] = [sweeps[0]?.file, replicas[0]?.file];
    throw new InputError(
      `merge: ${sweepFile} is a sweep's shard and ${replicaFile} a run's replica; merge one kind at a time`,
    );
  }
  if (replicas.length > 0) {
    if (options.out !== undefined) {
      throw new InputError("merge: replicas make no report folder (a report draws one run's traces); drop --out");
    }
    const runs = atMerge(() => mergeReplicaParts(replicas)).map(({ base, replicas: r }) => pooledRun(base, r));
    const version = replicas[0]?.part.idemsim ?? VERSION;
    ctx.out.write(await render(format, runs, { color: colorEnabled(ctx), version }));
    return ExitCode.ok;
  }
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
  const text = readBoundedOrFail(resolve(cwd, file), file, MAX_JSON_BYTES, 'a part');
  const outcome = parsePart(text, file, embeddedScenario, tallyShape());
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
  $ npx idemsim run scenarios/refunds-3-intent-key.yaml --replicas 3 --replica 1 > replica-1.json
  $ npx idemsim run scenarios/refunds-3-intent-key.yaml --replicas 3 --replica 2 > replica-2.json
  $ npx idemsim run scenarios/refunds-3-intent-key.yaml --replicas 3 --replica 3 > replica-3.json
  $ npx idemsim merge replica-*.json
      the three replicas pooled: exactly what \`run --replicas 3\` prints

Every shard of the sweep (or replica of the run) must be there, once, all made by this
idemsim version from the same sweep or scenarios (file, --set, --vary and --metric alike).
Merged replicas pool every count, mean and histogram; each interval is the wider of the
pooled one and Student's t over the replicas' own values. Kubernetes and GitHub Actions
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
