// idemsim's side of the conformance harness: the same script, run through idemsim's own
// loader and simulator. A stack (a client preset, and retry-layer presets around it) is
// written as a scenario a user would write, one traced action is simulated, and its
// attempts' send times are read from the trace: nothing here re-implements a retry loop.
//
// How each script is put to the simulator (scope none, no re-plan, no crash, no loss):
// - every attempt times out: a service time far past every timeout (sigma 0);
// - every attempt gets 503: errorRate 1;
// - every attempt gets 409: two actions with one business identity (identicalRepeats 1,
//   scope business) and a service time past every timeout; the first claims the key and
//   its execution never ends, so every attempt of the second (the traced one) gets 409;
// - the first k attempts get 503, then 200: run once with errorRate 1 to learn the send
//   times (a run's draws do not depend on the answers: common random numbers), then again
//   with an incident of errorRate 1 that ends between the k-th send and the (k+1)-th;
// - a reply after the timeout: a service time of the timeout plus `lateBy`.
import { loadScenario } from '../scenario/index.js';
import { simulate } from '../sim/simulate.js';
import type { PresetName } from '../model/presets.js';
import type { TracedAction } from '../model/result.js';
import type { Observed, Script } from './script.js';

/** A client preset, and the retry loops around it (innermost first), as a stack runs them. */
export interface ModelStack {
  client: PresetName;
  /** Each layer's preset, and its retries where the stack sets them (else the preset's). */
  layers: readonly { preset: PresetName; retries?: number }[];
  /**
   * The per-attempt timeout (ms) the SDK side configures where the innermost retry loop
   * has none of its own (a LangGraph node, a Vercel AI call); undefined: the preset's.
   */
  timeout?: number;
}

/** Longer than any timeout a stack has: the service never answers in time. */
const NEVER = 1e12;

export function modelRun(stack: ModelStack, script: Script, seed: number): Observed {
  switch (script.kind) {
    case 'timeout':
      return traced(stack, seed, [`service.latency={ median: ${NEVER}ms, sigma: 0 }`]);
    case 'status':
      return script.status === 503 ? traced(stack, seed, ['service.errorRate=1']) : conflicts(stack, seed);
    case 'lateReply': {
      const timeout = clientTimeout(stack, seed);
      return traced(stack, seed, [`service.latency={ median: ${timeout + script.lateBy}ms, sigma: 0 }`]);
    }
    case 'failThenOk': {
      const all = traced(stack, seed, ['service.errorRate=1']);
      const last = all.sends[script.failures - 1];
      const next = all.sends[script.failures];
      // Fewer attempts than failures: every attempt fails, as in the all-503 script.
      if (last === undefined || next === undefined) return all;
      // The window is in the run's time: the action arrived at `all.first`, not at 0.
      const end = all.first + (last + next) / 2;
      return traced(stack, seed, [`incidents=[{ at: 0ms, for: ${end}ms, errorRate: 1 }]`, 'service.errorRate=0']);
    }
  }
}

/** The stack's scenario: one action, nothing lost, no re-plan; `sets` puts the script in. */
function scenarioOf(stack: ModelStack, seed: number, sets: readonly string[]): Parameters<typeof simulate>[0] {
  const layers = stack.layers
    .map(({ preset, retries }) => `{ preset: ${preset}${retries === undefined ? '' : `, retries: ${retries}`} }`)
    .join(', ');
  const base = [
    `seed=${seed}`,
    'actions=1',
    'network.replyLoss=0',
    'agent.replan.probability=0',
    `client.preset=${stack.client}`,
    ...(stack.timeout === undefined ? [] : [`client.timeout=${stack.timeout}ms`]),
    ...(stack.layers.length === 0 ? [] : [`client.layers=[${layers}]`]),
  ];
  const outcome = loadScenario('name: conformance\n', 'conformance', [...base, ...sets]);
  if (!outcome.ok) throw new Error(`conformance scenario refused: ${outcome.issues.map((i) => i.message).join('; ')}`);
  return outcome.scenario;
}

function traced(stack: ModelStack, seed: number, sets: readonly string[], action = 0): Observed & { first: number } {
  const scenario = scenarioOf(stack, seed, sets);
  const result = simulate(scenario, { trace: { mode: 'first', actions: scenario.actions } });
  const trace = result.detail.trace.find((t) => t.action === action) as TracedAction;
  return observed(trace);
}

/**
 * Send times from the call's first send, and how the call ended: its last attempt's answer;
 * `first`: that first send in the run's own time.
 */
function observed(trace: TracedAction): Observed & { first: number } {
  const attempts = [...trace.attempts].sort((a, b) => a.sent - b.sent);
  const first = attempts[0]?.sent ?? 0;
  const last = attempts[attempts.length - 1];
  return {
    first,
    sends: attempts.map((a) => a.sent - first),
    result: last !== undefined && last.outcome === 'ok' ? 'ok' : 'error',
  };
}

/** Every attempt of the second action meets the first's key, running forever: a 409 each. */
function conflicts(stack: ModelStack, seed: number): Observed {
  return traced(
    stack,
    seed,
    [
      'actions=2',
      'arrivals.rate=1000000',
      'agent.identicalRepeats=1',
      'keys.scope=business',
      'keys.retention=1000d',
      `service.latency={ median: ${NEVER}ms, sigma: 0 }`,
    ],
    1,
  );
}

/** The client's per-attempt timeout as the loader resolved it (the preset's, or the stack's). */
function clientTimeout(stack: ModelStack, seed: number): number {
  return scenarioOf(stack, seed, []).client.timeout;
}
