// What the lab's worker does with a request, as a pure function: the scenario text and the
// knobs' `--set` overrides in, through the same loader, simulator and JSON writer as
// `idemsim run --format json`, and out the page's result: that JSON byte for byte, the
// scenario as a file, the headline rows as the terminal table writes them, the verdict
// and stars of a mission, and the first actions' traces for the picture.
import { defaultsWithSets, formatIssue, loadScenario, scenarioToYaml } from '../scenario/index.js';
import type { Scenario } from '../model/scenario.js';
import type { ScenarioRun, TracedAction } from '../model/result.js';
import type { CheckRow } from '../model/bounds.js';
import { simulate } from '../sim/simulate.js';
import { renderJson } from '../report/run/json.js';
import { sectionsFor } from '../report/run/sections.js';
import { PER_DAY_LABEL } from '../report/run/per-day.js';
import { checkExpect } from '../stats/bounds.js';
import { KNOBS } from './knobs.js';
import { missionById } from './missions.js';

export interface LabRequest {
  id: number;
  /** The scenario file the page opened, or null for the built-in defaults. */
  base: { text: string; file: string } | null;
  /** `PATH=TEXT`, as `idemsim run --set` takes them. */
  sets: readonly string[];
  /** How many of the first actions the picture draws. */
  rows: number;
  /** A mission's id: its goal and stars are judged. */
  mission: string | null;
  /** The version `run --format json` writes. */
  version: string;
}

export interface HeadlineRow {
  section: string;
  label: string;
  value: string;
  interval?: string;
}

/** A goal or star bound judged: the check's row, with what it reads as on the page. */
export interface Judgement {
  /** 0: the file's goal; 1 and 2: stars two and three. */
  tier: number;
  rows: CheckRow[];
}

export type LabAnswer =
  | {
      id: number;
      ok: true;
      /** Exactly what `idemsim run FILE --format json` prints for this scenario. */
      json: string;
      /** The scenario as a file that `idemsim run` reads back to the same scenario. */
      yaml: string;
      name: string;
      actions: number;
      /** Each knob's current option value (knobs.ts), so the controls show the scenario. */
      values: Record<string, { value: string; text: string; label: string }>;
      headline: HeadlineRow[];
      judgements: Judgement[];
      trace: TracedAction[];
      warnings: string[];
    }
  | { id: number; ok: false; errors: string[] };

/** The sections of the terminal table the page shows beside the picture, without the per-day rows. */
const SHOWN = new Set(['Headline', 'Duplicates by source']);

export function compute(request: LabRequest): LabAnswer {
  const { id, base, sets } = request;
  const loaded = base === null ? defaultsWithSets(sets) : loadScenario(base.text, base.file, sets);
  if (!loaded.ok) return { id, ok: false, errors: loaded.issues.map(formatIssue) };
  const scenario = loaded.scenario;
  if (scenario.sweep !== undefined) {
    return {
      id,
      ok: false,
      errors: [
        `${base?.file ?? scenario.name}: the lab runs one scenario; this file has a sweep: block (run it with idemsim sweep)`,
      ],
    };
  }
  const result = simulate(scenario, { trace: { mode: 'first', actions: Math.min(request.rows, scenario.actions) } });
  const { detail, ...plain } = result;
  const run: ScenarioRun = { scenario, result: plain };
  return {
    id,
    ok: true,
    json: renderJson([run], request.version),
    yaml: scenarioToYaml(scenario),
    name: scenario.name,
    actions: scenario.actions,
    values: Object.fromEntries(KNOBS.map((knob) => [knob.path, knob.read(scenario)])),
    headline: headlineOf(run),
    judgements: judgementsOf(scenario, run, request.mission),
    trace: detail.trace,
    warnings: loaded.warnings.map((w) => w.message),
  };
}

function headlineOf(run: ScenarioRun): HeadlineRow[] {
  return sectionsFor([run])
    .filter((section) => SHOWN.has(section.title))
    .flatMap((section) =>
      section.rows
        .filter((row) => row.label !== PER_DAY_LABEL)
        .map((row) => {
          const cell = row.cell(run);
          return {
            section: section.title,
            label: row.label,
            value: cell.value,
            ...(cell.interval === undefined ? {} : { interval: cell.interval }),
          };
        }),
    );
}

/** The file's own bounds (tier 0), then each star's, on the same run. */
function judgementsOf(scenario: Scenario, run: ScenarioRun, missionId: string | null): Judgement[] {
  const goal: Judgement = { tier: 0, rows: checkExpect(scenario, run.result) };
  const mission = missionId === null ? undefined : missionById(missionId);
  if (mission === undefined) return Object.keys(scenario.expect).length === 0 ? [] : [goal];
  return [
    goal,
    ...mission.stars.map((star, i) => ({
      tier: i + 1,
      rows: checkExpect({ ...scenario, expect: { ...star.expect } }, run.result),
    })),
  ];
}

/** Stars won: the goal and each star in turn must pass every bound; the first that does not stops the count. */
export function starsOf(judgements: readonly Judgement[]): number {
  let stars = 0;
  for (const j of judgements) {
    if (j.rows.length === 0 || !j.rows.every((r) => r.verdict === 'pass')) break;
    stars++;
  }
  return stars;
}
