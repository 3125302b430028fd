// The simulations behind the article, each run once: several numbers and figures read the
// same run (the worked example is both a number and a chart), so runs are kept by reference.
import type { ScenarioLoader, ScenarioRef } from '../model/article.js';
import type { DetailedRunResult, RunResult } from '../model/result.js';
import type { Scenario } from '../model/scenario.js';
import { simulate } from '../sim/simulate.js';
import type { TraceOptions } from '../sim/trace.js';

function keyOf(r: ScenarioRef): string {
  return JSON.stringify([r.file, ...r.sets]);
}

/** One build's scenarios and runs; created per build, so nothing outlives it. */
export class Runs {
  private readonly scenarios = new Map<string, Scenario>();
  private readonly results = new Map<string, RunResult>();

  constructor(private readonly load: ScenarioLoader) {}

  scenario(r: ScenarioRef): Scenario {
    const key = keyOf(r);
    let scenario = this.scenarios.get(key);
    if (scenario === undefined) {
      scenario = this.load(r);
      this.scenarios.set(key, scenario);
    }
    return scenario;
  }

  run(r: ScenarioRef): RunResult {
    const key = keyOf(r);
    let result = this.results.get(key);
    if (result === undefined) {
      result = simulate(this.scenario(r));
      this.results.set(key, result);
    }
    return result;
  }

  /** A run with per-attempt traces (not shared: tracing is asked for by one chart). */
  detailed(r: ScenarioRef, trace: TraceOptions): DetailedRunResult {
    return simulate(this.scenario(r), { trace });
  }
}
