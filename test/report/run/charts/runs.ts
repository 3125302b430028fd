// Chart inputs from the checked-in scenarios, simulated with a trace: the real core, so the
// mark counts below are checked against what the simulator actually traced.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Chart, ChartRun } from '../../../../src/report/run/charts/index.js';
import { loadScenario } from '../../../../src/scenario/index.js';
import { simulate } from '../../../../src/sim/simulate.js';
import type { TracedAttempt } from '../../../../src/model/result.js';
import type { TraceMode } from '../../../../src/sim/trace.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const cache = new Map<string, ChartRun>();

/** scenarios/NAME.yaml at its seed, traced like `--timeline MODE` with 40 actions. */
export function scenarioRun(name: string, mode: TraceMode = 'first', actions = 40): ChartRun {
  const key = `${name}:${mode}:${actions}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const file = `scenarios/${name}.yaml`;
  const outcome = loadScenario(readFileSync(root + file, 'utf8'), file);
  if (!outcome.ok) throw new Error(`${file} does not load: ${JSON.stringify(outcome.issues)}`);
  const run = { scenario: outcome.scenario, result: simulate(outcome.scenario, { trace: { mode, actions } }) };
  cache.set(key, run);
  return run;
}

/** A fresh simulation of the same scenario (for determinism checks: no shared objects). */
export function freshRun(name: string, mode: TraceMode = 'first', actions = 40): ChartRun {
  const file = `scenarios/${name}.yaml`;
  const outcome = loadScenario(readFileSync(root + file, 'utf8'), file);
  if (!outcome.ok) throw new Error(`${file} does not load`);
  return { scenario: outcome.scenario, result: simulate(outcome.scenario, { trace: { mode, actions } }) };
}

export function tracedAttempts(run: ChartRun): TracedAttempt[] {
  return run.result.detail.trace.flatMap((t) => t.attempts);
}

/** What the timeline should draw for a run, counted from the trace. */
export function expectedMarks(run: ChartRun) {
  const attempts = tracedAttempts(run);
  return {
    attempts: attempts.length,
    commits: attempts.filter((a) => a.commit !== null && !a.duplicate).length,
    duplicates: attempts.filter((a) => a.commit !== null && a.duplicate).length,
    stored: attempts.filter((a) => a.stored).length,
    calls: attempts.filter((a) => a.attempt === 0 && a.origin !== 'original').length,
  };
}

/** Items vega drew in the mark groups named NAME (`<g class="mark-… role-mark NAME_marks">`). */
export function countMarks(svg: string, name: string): number {
  // An empty group is written self-closing; a full one holds one <path> per item.
  const groups = [
    ...svg.matchAll(new RegExp(`<g class="mark-\\w+ role-mark ${name}_marks"[^>]*?(?:/>|>(.*?)</g>)`, 'gs')),
  ];
  if (groups.length === 0) return -1;
  return groups.reduce((n, g) => n + ((g[1] ?? '').match(/<path /g) ?? []).length, 0);
}

export function chartNamed(charts: readonly Chart[], name: string): Chart {
  const chart = charts.find((c) => c.name === name);
  if (chart === undefined) throw new Error(`no chart named ${name}`);
  return chart;
}

/** A traced attempt: an ok first attempt of the original call at time 0, with `over` on top. */
export function attempt(over: Partial<TracedAttempt>): TracedAttempt {
  return {
    call: 0,
    origin: 'original',
    segment: 0,
    attempt: 0,
    sent: 0,
    end: 0,
    outcome: 'ok',
    stored: false,
    commit: null,
    duplicate: false,
    ...over,
  };
}
