// `idemsim handlers --compare [FILE]`: which idempotency library do I run, and what does it
// cost? The scenario runs as given, then once under each handler profile, whose keys fields
// replace the scenario's; the rest of the scenario (service, network, client, agent, seed,
// actions, the key's scope and retention) is shared, so every point draws the same random
// numbers. Load, build the points, simulate them one after the other, render, write the folder.
import { setValueAt, valueAt } from '../model/fields.js';
import { HANDLER_NAMES, type HandlerName } from '../model/handlers.js';
import type { Scenario } from '../model/scenario.js';
import { HANDLERS, handlerValues } from '../presets/handlers.js';
import {
  YOURS,
  renderHandlerCsv,
  renderHandlerJson,
  renderHandlerTable,
  type HandlerComparison,
  type HandlerRow,
} from '../report/handlers/compare.js';
import { scenarioToYaml } from '../scenario/index.js';
import { durationLiteral } from '../scenario/units.js';
import type { CommandContext } from './context.js';
import { ExitCode } from './errors.js';
import { loadScenarios, memoryLimit, withCeiling } from './load.js';
import { CHARTS_ONLY } from './memory.js';
import { handlerTakesDefault, handlersNeedAKey } from './messages.js';
import { formatOption } from './options.js';
import { checkOut, writeFolder } from './out.js';
import { quietly } from './progress.js';
import { simulateEach } from './compare-runs.js';
import { VERSION } from './version.js';

export const COMPARE_FORMATS = ['table', 'json', 'csv'] as const;

export interface HandlersCompareOptions {
  /** `path=value` overrides in command-line order (later wins), from --set, --seed, --actions. */
  sets: readonly string[];
  /** Refuse a run whose estimated peak memory is above this size (`--max-memory`). */
  maxMemory?: string;
  format?: string;
  /** Also write the report folder here (relative to the context's cwd). */
  out?: string;
  quiet?: boolean;
}

/**
 * What a field a library has no default for stands for, and what the profile's value for it
 * stands in for: Powertools' lease is the claiming Lambda's remaining time, at most the
 * function's timeout, whose Lambda default the profile carries.
 */
const REQUIRED: Readonly<Record<string, { what: string; standIn: string }>> = {
  'keys.lease': { what: "the Lambda's remaining time at the claim", standIn: "Lambda's default function timeout" },
};

export async function compareHandlers(
  file: string | undefined,
  options: HandlersCompareOptions,
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
  const [loaded] = loadScenarios(
    file === undefined ? [] : [file],
    options.sets,
    ctx.cwd,
    (line) => io.err.write(`${line}\n`),
    memory,
  );
  if (loaded === undefined) throw new Error('handlers --compare: no scenario loaded');
  if (loaded.scenario.keys.scope === 'none') io.err.write(`${handlersNeedAKey()}\n`);
  const points = handlerPoints(loaded.scenario, loaded.given);
  for (const { handler, scenario } of points) {
    if (handler === YOURS) continue;
    for (const path of standInsFor(handler, loaded.given)) io.err.write(`${standInNote(handler, path, scenario)}\n`);
  }
  const comparison: HandlerComparison = { base: loaded.scenario, rows: simulateEach(points, io) };
  ctx.out.write(
    format === 'json'
      ? renderHandlerJson(comparison, VERSION)
      : format === 'csv'
        ? renderHandlerCsv(comparison)
        : renderHandlerTable(comparison),
  );
  if (options.out !== undefined) {
    const files = await (
      await import('../report/handlers/folder.js')
    ).handlerReportFiles(comparison, VERSION, { png: false, scenarioYaml: scenarioToYaml });
    writeFolder(files, options.out, io);
  }
  return ExitCode.ok;
}

/** The fields a library has no default for that the scenario (file or --set) does not give. */
function standInsFor(name: HandlerName, given: readonly string[]): string[] {
  return (HANDLERS[name].requires ?? []).filter((path) => !given.includes(path));
}

/** The note on what a profile's row runs with in place of a field the scenario does not give. */
function standInNote(handler: HandlerName, path: string, ran: Scenario): string {
  const value = valueAt(ran, path);
  // Only durations are required today (a lease): written as a scenario file writes them.
  const text = typeof value === 'number' ? durationLiteral(value) : String(value);
  const fromProfile = handlerValues(handler).some(([p]) => p === path);
  const reason = REQUIRED[path];
  return handlerTakesDefault(
    handler,
    path,
    reason?.what,
    text,
    fromProfile ? (reason?.standIn ?? "the profile's stand-in") : "idemsim's default",
  );
}

type Point = Omit<HandlerRow, 'result'>;

/**
 * The scenario as given, then each profile over it, in profile order. A profile's keys
 * fields replace the scenario's whatever it set, but for a field the library has no default
 * for (Powertools' lease), which is the scenario's where it gives one; a scenario without a
 * key gets an intent key, since a handler is only reached through one.
 */
export function handlerPoints(base: Scenario, given: readonly string[]): Point[] {
  const yours: Point = { handler: YOURS, scenario: structuredClone(base) };
  return [
    yours,
    ...HANDLER_NAMES.map((handler): Point => {
      const scenario = structuredClone(base);
      const kept = new Set((HANDLERS[handler].requires ?? []).filter((path) => given.includes(path)));
      for (const [path, value] of handlerValues(handler)) if (!kept.has(path)) setValueAt(scenario, path, value);
      if (scenario.keys.scope === 'none') scenario.keys.scope = 'intent';
      return { handler, scenario };
    }),
  ];
}
