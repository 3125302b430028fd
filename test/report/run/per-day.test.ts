// A rate per thousand reads as a count per day at the scenario's arrival rate, its interval
// carried through, only where the run's rate and conditions hold throughout; nothing else
// the run writes changes.
import { describe, expect, it } from 'vitest';
import { renderCsv } from '../../../src/report/run/csv.js';
import { dayOf, perDayCell } from '../../../src/report/run/per-day.js';
import { EVERY_SECTION, sectionsFor } from '../../../src/report/run/sections.js';
import { GLOSSARY_NOTE, NO_DAY_NOTE, renderTable } from '../../../src/report/run/table.js';
import { INTERVAL_NOTE } from '../../../src/report/text.js';
import { METRICS } from '../../../src/model/metrics.js';
import { defaultsRun } from '../fixture.js';
import { extendedRun } from '../extended-fixture.js';

const MINUTE = 60_000;

/** The article defaults at 50 actions/s, with a duplicate rate and interval of our choosing. */
function runAt(perThousand: number, low: number, high: number): ReturnType<typeof defaultsRun> {
  const run = defaultsRun();
  run.result.metrics.duplicatesPerThousand = perThousand;
  run.result.intervals['duplicatesPerThousand'] = { low, high };
  return run;
}

function lineAfter(lines: readonly string[], label: string): string {
  const index = lines.findIndex((line) => line.trimStart().startsWith(label));
  return lines[index + 1] ?? '';
}

describe('a rate per thousand per day', () => {
  it('is rate / 1000 × arrivals.rate × 86,400, to three significant figures, its interval scaled alike', () => {
    // 40.5 / 1000 × 50 × 86,400 = 174,960.
    expect(perDayCell(runAt(40.5, 34.3, 47.4), 'duplicatesPerThousand')).toEqual({
      value: '175,000',
      interval: '[148,000, 205,000]',
    });
  });

  it('keeps the interval of nothing counted: [0, 0.738] per thousand at 50/s is [0, 3,190] a day, never a bare 0', () => {
    expect(perDayCell(runAt(0, 0, 0.738), 'duplicatesPerThousand')).toEqual({ value: '0', interval: '[0, 3,190]' });
  });

  it('follows the arrival rate', () => {
    const run = runAt(1, 0.5, 2);
    run.scenario.arrivals.rate = 2;
    // 1 / 1000 × 2 × 86,400 = 172.8.
    expect(perDayCell(run, 'duplicatesPerThousand')).toEqual({ value: '173', interval: '[86.4, 346]' });
  });

  it('reads n/a for a value a saved summary does not hold', () => {
    expect(perDayCell(runAt(Number.NaN, 0, 1), 'duplicatesPerThousand').value).toBe('n/a');
  });

  it('is told for a constant rate, and for a profile that never leaves the base rate', () => {
    const { scenario } = defaultsRun();
    expect(dayOf(scenario)).toEqual({ actions: 50 * 86_400 });
    scenario.arrivals.profile = [{ until: 10 * MINUTE, rate: 50 }];
    expect(dayOf(scenario)).toEqual({ actions: 50 * 86_400 });
  });

  it('is not told for a run whose rate changes (arrivals.profile): the run is an episode', () => {
    const run = runAt(40.5, 34.3, 47.4);
    run.scenario.arrivals.profile = [{ until: 10 * MINUTE, rate: 150 }];
    expect(dayOf(run.scenario)).toEqual({ unsteady: 'profile' });
    expect(perDayCell(run, 'duplicatesPerThousand')).toEqual({ value: 'n/a (profile)' });
  });

  it('is not told for a run with an incident that changes something, and is for one that changes nothing', () => {
    const { scenario } = defaultsRun();
    scenario.incidents = [{ at: MINUTE, for: MINUTE }];
    expect('actions' in dayOf(scenario)).toBe(true);
    scenario.incidents = [{ at: MINUTE, for: MINUTE, errorRate: 0.5 }];
    expect(dayOf(scenario)).toEqual({ unsteady: 'incidents' });
  });
});

describe('the run table', () => {
  it('shows a per-day row under each rate per thousand of the headline, and nowhere else', () => {
    const [headline, ...rest] = sectionsFor([defaultsRun()]);
    const labels = headline?.rows.map((row) => row.label) ?? [];
    const perThousand = METRICS.filter((info) => info.unit === 'perThousand').map((info) => info.rows[0]?.label);
    for (const label of perThousand) expect(labels[labels.indexOf(label ?? '') + 1]).toBe('  per day');
    expect(labels.filter((label) => label === '  per day')).toHaveLength(perThousand.length);
    expect(rest.flatMap((section) => section.rows).some((row) => row.label.includes('per day'))).toBe(false);
  });

  it('prints the count per day under duplicates / 1000, as a sub-row', () => {
    const lines = renderTable([defaultsRun()], { color: false }).split('\n');
    // The fixture: 43.75 [37.41, 50.09] per thousand at 50 actions/s.
    expect(lineAfter(lines, 'duplicates / 1000')).toMatch(/^ {4}per day +189,000 \[162,000, 216,000\]$/);
  });

  it('keeps one column per scenario: a run with an incident reads n/a (incidents) beside a figure', () => {
    const lines = renderTable([defaultsRun(), extendedRun()], { color: false }).split('\n');
    expect(lineAfter(lines, 'duplicates / 1000')).toMatch(
      /^ {4}per day +189,000 \[162,000, 216,000\] +n\/a \(incidents\)$/,
    );
  });

  it('leaves the rows out, and says why, when no run can be told per day', () => {
    const text = renderTable([extendedRun()], { color: false });
    expect(text).not.toMatch(/^ +per day/m);
    expect(text.split('\n').slice(-12)).toContain(NO_DAY_NOTE);
    expect(renderTable([defaultsRun()], { color: false })).not.toContain(NO_DAY_NOTE);
  });

  it('ends with where every row is defined, after what the brackets mean', () => {
    const lines = renderTable([defaultsRun()], { color: false }).trimEnd().split('\n');
    expect(lines.slice(-2)).toEqual([INTERVAL_NOTE, GLOSSARY_NOTE]);
    expect(GLOSSARY_NOTE).toContain('idemsim help metrics');
  });

  it('changes no CSV: the counts per day are the table’s alone', () => {
    expect(renderCsv([defaultsRun()])).not.toMatch(/per ?day/i);
  });

  it('can show every optional row and the counts per day together', () => {
    const labels = EVERY_SECTION.flatMap((section) => section.rows.map((row) => row.label));
    expect(labels).toContain('  per day');
    expect(labels).toContain('server crashes');
    expect(labels).toContain('hedged attempts');
  });
});
