// What the table shows and in which order: the headline a person reads first, then where
// duplicates come from, what the client saw, latency, the key store, the service and the
// run's counts. Every row comes from the metric catalogue (its `rows`), listed in catalogue
// order within its section, each rate per thousand followed by what it means per day
// (per-day.ts); table.ts lays the cells out. An optional group's rows appear when some
// run's scenario carries the group; a scenario beside it that does not reads "n/a" there,
// since its reports carry none of those metrics. Each row names its metric, or says what
// it means: the glossary (glossary.ts) is read from these rows.
import { carriedBy } from '../../model/features.js';
import { NOT_AVAILABLE } from '../../format/format.js';
import { METRICS, isCarried } from '../../model/metrics.js';
import {
  type Carried,
  EVERY_GROUP,
  type MetricInfo,
  NO_GROUP,
  TABLE_SECTIONS,
  type TableRow,
  type TableSection,
} from '../../model/metric-types.js';
import type { ScenarioRun } from '../../model/result.js';
import { carriedByAny } from './carried.js';
import { CELLS, type Cell } from './cells.js';
import { PER_DAY_LABEL, PER_DAY_MEANING, anyDay, perDayCell } from './per-day.js';

export type { Cell } from './cells.js';

/** A row: a metric of the catalogue, or (the seed, a count per day) a figure that says what it means. */
export type Row = {
  label: string;
  cell: (run: ScenarioRun) => Cell;
} & ({ metric: MetricInfo } | { meaning: string });

export interface Section {
  title: string;
  /** The headline: emphasised, and what a person compares first. */
  headline?: boolean;
  rows: readonly Row[];
}

const TITLES: Readonly<Record<TableSection, string>> = {
  headline: 'Headline',
  duplicates: 'Duplicates by source',
  responses: 'Responses (share of attempts)',
  latency: 'Latency',
  keyStore: 'Key store',
  service: 'Service',
  crashes: 'Service crashes, leases and checks',
  clients: 'Retry limits and hedging',
  run: 'Run',
};

const seed: Row = {
  label: 'seed',
  meaning:
    "The scenario's seed: every random draw of the run follows from it, so the same scenario, seed and idemsim " +
    'version give the same numbers byte for byte, and another seed gives another sample of the same configuration.',
  cell: ({ scenario }) => ({ value: String(scenario.seed) }),
};

/** Rows of a section that are no metric: the run's seed, from its scenario. */
const LEADING: Partial<Record<TableSection, readonly Row[]>> = { run: [seed] };

/**
 * The sections for these runs: with each optional group's rows when some run's scenario
 * carries it, and the counts per day when some run's rates can be told per day.
 */
export function sectionsFor(runs: readonly ScenarioRun[]): readonly Section[] {
  const carried = carriedByAny(runs);
  const perDay = anyDay(runs);
  return carried.extended || carried.clients || carried.layers || carried.handlers || !perDay ? sections(carried, perDay) : SECTIONS;
}

/** The sections of a report whose scenarios use no optional feature (so their rates can be told per day). */
export const SECTIONS: readonly Section[] = sections(NO_GROUP, true);

/** Every row the table can show: each optional group's, and the counts per day. */
export const EVERY_SECTION: readonly Section[] = sections(EVERY_GROUP, true);

function sections(carried: Carried, perDay: boolean): Section[] {
  const shown = METRICS.filter((info) => isCarried(info, carried));
  return TABLE_SECTIONS.flatMap((section) => {
    const metricRows = placed(shown, section).flatMap(({ info, row }) => {
      const shownRow = rowOf(info, row);
      return perDay && info.unit === 'perThousand' ? [shownRow, perDayRow(info)] : [shownRow];
    });
    const rows = [...(LEADING[section] ?? []), ...metricRows];
    if (rows.length === 0) return [];
    return [{ title: TITLES[section], ...(section === 'headline' ? { headline: true } : {}), rows }];
  });
}

/** A section's rows in catalogue order, except that a row naming `after` follows that metric's row. */
function placed(shown: readonly MetricInfo[], section: TableSection): { info: MetricInfo; row: TableRow }[] {
  const all = shown.flatMap((info) => info.rows.filter((row) => row.section === section).map((row) => ({ info, row })));
  const ordered = all.filter(({ row }) => row.after === undefined);
  for (const entry of all) {
    if (entry.row.after === undefined) continue;
    const anchor = ordered.findIndex(({ info }) => info.name === entry.row.after);
    ordered.splice(anchor < 0 ? ordered.length : anchor + 1, 0, entry);
  }
  return ordered;
}

/** A metric's row: "n/a" for a run whose scenario does not carry the metric's group. */
function rowOf(info: MetricInfo, row: TableRow): Row {
  const cell = CELLS[row.cell];
  return {
    label: row.label,
    metric: info,
    cell: (run) =>
      info.group === undefined || carriedBy(run.scenario)[info.group]
        ? cell(run.result, info.name)
        : { value: NOT_AVAILABLE },
  };
}

/** What a rate per thousand means per day, as a sub-row under it. */
function perDayRow(info: MetricInfo): Row {
  return { label: PER_DAY_LABEL, meaning: PER_DAY_MEANING, cell: (run) => perDayCell(run, info.name) };
}
