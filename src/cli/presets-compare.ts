// `idemsim presets --compare [FILE]`: what does my stack do, and what must I add? Each
// preset replaces the scenario's client block and runs twice, with the key the client
// sends itself and with an intent key; the rest of the scenario (service, network, agent,
// seed, actions) is shared, so every point draws the same random numbers. Load, build the
// points, simulate them one after the other, render, write the folder.
import type { PresetName } from '../model/presets.js';
import { PRESETS, applyPreset } from '../presets/presets.js';
import type { Scenario } from '../model/scenario.js';
import {
  GIVEN,
  KEY_VARIANTS,
  YOURS,
  renderCompareCsv,
  renderCompareJson,
  renderCompareTable,
  type Comparison,
  type ComparisonRow,
} from '../report/presets/compare.js';
import { scenarioToYaml } from '../scenario/index.js';
import type { CommandContext } from './context.js';
import { ExitCode } from './errors.js';
import { loadScenarios, memoryLimit, withCeiling } from './load.js';
import { CHARTS_ONLY } from './memory.js';
import { presetTakesDefault } from './messages.js';
import { formatOption } from './options.js';
import { quietly } from './progress.js';
import { checkOut, writeFolder } from './out.js';
import { simulateEach } from './compare-runs.js';
import { VERSION } from './version.js';

export const COMPARE_FORMATS = ['table', 'json', 'csv'] as const;

export interface CompareOptions {
  /** `path=value` overrides in command-line order (later wins), from --set, --seed, --actions. */
  sets: readonly string[];
  /** Refuse a run whose estimated peak memory is above this size (`--max-memory`). */
  maxMemory?: string;
  format?: string;
  /** Also write the report folder here (relative to the context's cwd). */
  out?: string;
  quiet?: boolean;
}

export async function compare(
  file: string | undefined,
  names: readonly PresetName[],
  options: CompareOptions,
  ctx: CommandContext,
): Promise<number> {
  const format = formatOption(options.format, COMPARE_FORMATS);
  const memory = {
    ...memoryLimit(options.maxMemory),
    ...(options.out === undefined ? {} : { drawing: CHARTS_ONLY }),
  };
  const io = withCeiling(quietly(ctx, options.quiet), memory);
  // Refused before anything is simulated, as `run --out` does.
  if (options.out !== undefined) checkOut(options.out, ctx.cwd, io.err);
  const files = file === undefined ? [] : [file];
  const [loaded] = loadScenarios(files, options.sets, ctx.cwd, (line) => io.err.write(`${line}\n`), memory);
  if (loaded === undefined) throw new Error('presets --compare: no scenario loaded');
  for (const name of names) {
    const missing = (PRESETS[name].requires ?? []).filter((path) => !loaded.given.includes(path));
    if (missing.length > 0) io.err.write(`${presetTakesDefault(name, missing)}\n`);
  }
  const comparison: Comparison = {
    base: loaded.scenario,
    rows: simulateEach(presetPoints(loaded.scenario, names), io),
  };
  ctx.out.write(
    format === 'json'
      ? renderCompareJson(comparison, VERSION)
      : format === 'csv'
        ? renderCompareCsv(comparison)
        : renderCompareTable(comparison),
  );
  if (options.out !== undefined) {
    const files = await (
      await import('../report/presets/folder.js')
    ).compareReportFiles(comparison, VERSION, { png: false, scenarioYaml: scenarioToYaml });
    writeFolder(files, options.out, io);
  }
  return ExitCode.ok;
}

interface Point {
  preset: ComparisonRow['preset'];
  key: ComparisonRow['key'];
  scenario: Scenario;
}

/**
 * The scenario as given, then each preset over it, in preset order, each with both keys. The preset's values
 * replace the client block whatever the scenario set (fields the client has no default
 * for keep the scenario's); the client's own key is `call` where it sends one, else none.
 */
export function presetPoints(base: Scenario, names: readonly PresetName[]): Point[] {
  const yours: Point = { preset: YOURS, key: GIVEN, scenario: structuredClone(base) };
  return [
    yours,
    ...names.flatMap((preset) =>
      KEY_VARIANTS.map((key): Point => {
        const scenario = applyPreset(structuredClone(base), preset, () => false);
        scenario.keys.scope = key === 'intent' ? 'intent' : (PRESETS[preset].keys?.scope ?? 'none');
        return { preset, key, scenario };
      }),
    ),
  ];
}
