// What the table shows and in which order: the headline a person reads first, then where
// duplicates come from, what the client saw, latency, the key store, the service and the
// run's counts. Every row comes from the metric catalogue (its `rows`), listed in catalogue
// order within its section; table.ts lays the cells out. An optional group's rows appear
// when some run's scenario carries the group; a scenario beside it that does not reads
// "n/a" there, since its reports carry none of those metrics.
import { carriedBy } from '../../model/features.js';
import { NOT_AVAILABLE } from '../../format/format.js';
import { METRICS, isCarried } from '../../model/metrics.js';
import {
  type Carried,
  type MetricInfo,
  NO_GROUP,
  TABLE_SECTIONS,
  type TableRow,
  type TableSection,
} from '../../model/metric-types.js';
import type { ScenarioRun } from '../../model/result.js';
import { carriedByAny } from './carried.js';
import { CELLS, type Cell } from './cells.js';

export type { Cell } from './cells.js';

export interface Row {
  label: string;
  cell: (run: ScenarioRun) => Cell;
}

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

const seed: Row = { label: 'seed', cell: ({ scenario }) => ({ value: String(scenario.seed) }) };

/** Rows of a section that are no metric: the run's seed, from its scenario. */
const LEADING: Partial<Record<TableSection, readonly Row[]>> = { run: [seed] };

/** The sections for these runs: with each optional group's rows when some run's scenario carries it. */
export function sectionsFor(runs: readonly ScenarioRun[]): readonly Section[] {
  const carried = carriedByAny(runs);
  return carried.extended || carried.clients ? sections(carried) : SECTIONS;
}

/** The sections of a report whose scenarios use no optional feature. */
export const SECTIONS: readonly Section[] = sections(NO_GROUP);

function sections(carried: Carried): Section[] {
  const shown = METRICS.filter((info) => isCarried(info, carried));
  return TABLE_SECTIONS.flatMap((section) => {
    const rows = [...(LEADING[section] ?? []), ...placed(shown, section).map(({ info, row }) => rowOf(info, row))];
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
    cell: (run) =>
      info.group === undefined || carriedBy(run.scenario)[info.group]
        ? cell(run.result, info.name)
        : { value: NOT_AVAILABLE },
  };
}
