// The write step `run --out` shares with `report`: draw the folder for a summary (charts,
// HTML, optionally PNGs) and write it. Loaded only when a report is asked for, since
// drawing brings vega.
import type { FolderOptions } from '../report/folder.js';
import { MAX_CHARTED_RUNS, reportFiles } from '../report/run/folder.js';
import type { Summary } from '../saved/summary.js';
import type { WriteIo } from '../io/folder.js';
import { scenarioToYaml } from '../scenario/index.js';
import { scenarioSettings } from '../scenario/settings.js';
import type { CommandContext } from './context.js';
import { writeFolder } from './out.js';

/** Draws the folder for `summary`, writes it atomically to `out`, and says where on stderr. */
export async function publish(
  summary: Summary,
  out: string,
  options: Pick<FolderOptions, 'png'>,
  ctx: CommandContext,
  io?: WriteIo,
): Promise<void> {
  const files = await reportFiles(summary, { ...options, scenarioYaml: scenarioToYaml, settings: scenarioSettings });
  if (summary.runs.length > MAX_CHARTED_RUNS) {
    ctx.err.write(
      `note: the charts draw the first ${MAX_CHARTED_RUNS} of the ${summary.runs.length} scenarios; the tables and data files hold every one\n`,
    );
  }
  writeFolder(files, out, ctx, io);
}
