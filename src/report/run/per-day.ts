// What a rate per thousand actions means in a day of the scenario's traffic: the run table
// shows it under each rate per thousand, so that 40.5 duplicates per thousand at 50
// actions a second reads as some 175,000 refunds paid twice a day.
//
// The rule for when a day can be told from a run: only when the run's conditions hold
// throughout, that is a constant arrival rate (no `arrivals.profile`, or one whose every
// step is the base rate) and no incident that changes anything. Such a run is a sample of
// a service running steadily at `arrivals.rate`, the assumption the steady-state key store
// makes too, so a day is rate × 86,400 actions and the rate per thousand scales to it,
// its interval with it (the rate is a setting, not an estimate). A profile or an incident
// makes the run an episode (a surge, an outage) whose rates per thousand mix the episode
// with the calm around it in proportions set by how many actions were simulated: scaled to
// a day, at the base rate or at the run's mean rate alike, they would claim that the
// episode recurs in that proportion all day. Those columns say why instead of a number.
import { NOT_AVAILABLE, formatSignificant } from '../../format/format.js';
import { metricValue } from '../../model/metrics.js';
import type { ScenarioRun } from '../../model/result.js';
import type { Scenario } from '../../model/scenario.js';
import type { Cell } from './cells.js';

export const SECONDS_PER_DAY = 86_400;

/** What a run's rates per thousand mean per day: the actions a day brings, or why a day cannot be told from the run. */
export type Day = { actions: number } | { unsteady: 'profile' | 'incidents' };

export function dayOf(scenario: Scenario): Day {
  const { rate, profile } = scenario.arrivals;
  if (profile.some((step) => step.rate !== rate)) return { unsteady: 'profile' };
  if (scenario.incidents.some(changesAnything)) return { unsteady: 'incidents' };
  return { actions: rate * SECONDS_PER_DAY };
}

/** Whether some run's rates per thousand can be told per day (the table then shows the rows). */
export function anyDay(runs: readonly { scenario: Scenario }[]): boolean {
  return runs.some((run) => 'actions' in dayOf(run.scenario));
}

/** An incident that names no effect, or lasts no time, leaves the run as it was. */
function changesAnything(incident: Scenario['incidents'][number]): boolean {
  const { latencyFactor, errorRate, requestLoss, replyLoss } = incident;
  const named = [latencyFactor, errorRate, requestLoss, replyLoss].some((value) => value !== undefined);
  return named && incident.for > 0;
}

/**
 * A rate per thousand (`name`, a metric of that unit) per day: "175,000 [148,000, 205,000]",
 * each figure to three significant digits; nothing counted keeps its interval ("0 [0, 3,980]"),
 * never a bare "0". "n/a (incidents)" where a day cannot be told from the run.
 */
export function perDayCell({ scenario, result }: ScenarioRun, name: string): Cell {
  const day = dayOf(scenario);
  if ('unsteady' in day) return { value: `${NOT_AVAILABLE} (${day.unsteady})` };
  const value = metricValue(result.metrics, name);
  if (!Number.isFinite(value)) return { value: NOT_AVAILABLE };
  const scale = day.actions / 1000;
  const cell: Cell = { value: formatSignificant(value * scale) };
  const interval = result.intervals[name];
  // As metricCell: a zero-width interval at the value says nothing the value does not.
  if (interval !== undefined && !(interval.low === value && interval.high === value)) {
    cell.interval = `[${formatSignificant(interval.low * scale)}, ${formatSignificant(interval.high * scale)}]`;
  }
  return cell;
}

/** The row's label under its rate per thousand (a sub-row), and what it means, for the glossary. */
export const PER_DAY_LABEL = '  per day';
export const PER_DAY_MEANING =
  "The rate per 1000 above at the scenario's arrival rate for 24 hours: rate / 1000 × arrivals.rate × 86,400, " +
  'its 95% interval scaled the same way, to three significant figures (nothing counted reads 0 [0, x], never a ' +
  'bare 0). Shown where the rate and conditions hold throughout the run; one with arrivals.profile or incidents ' +
  'is an episode, not a sample of a day, and reads n/a (profile) or n/a (incidents).';
