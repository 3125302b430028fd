// simulate(scenario) -> RunResult: the event loop of MODEL.md. Pure: no I/O, no clock,
// no ambient randomness; the same scenario always gives the same result.
import type { Scenario } from '../scenario/types.js';
import type { RunResult } from './result.js';
import { onArrival, startCall } from './agent.js';
import { onTimeout, sendAttempt } from './client.js';
import { onCommit } from './service.js';
import { exponential } from './rng.js';
import { Sim, paramsOf } from './state.js';
import { summarize } from './summarize.js';

export function simulate(scenario: Scenario): RunResult {
  const sim = new Sim(paramsOf(scenario), scenario.arrivals.rate);
  run(sim);
  return summarize(sim, scenario);
}

function run(sim: Sim): void {
  const queue = sim.queue;
  const store = sim.store;
  sim.arrival.t = exponential(sim.gaps(), sim.p.meanGap);
  queue.push(sim.arrival);
  for (let event = queue.pop(); event !== undefined; event = queue.pop()) {
    const t = event.t;
    if (store !== null) store.advance(t);
    switch (event.kind) {
      case 'arrival':
        onArrival(sim, t);
        break;
      case 'send':
        sendAttempt(sim, event.call, event.k, t);
        break;
      case 'timeout':
        onTimeout(sim, event.call, event.k, t);
        break;
      case 'commit':
        onCommit(sim, event.exec, t);
        break;
      case 'callStart':
        startCall(sim, event.call, t);
        break;
    }
  }
  if (store !== null) store.finish();
}
