// The agent's read tool (MODEL.md C): before a re-plan or replay call the model
// may first read whether the effect exists for the business identity. A read that sees a
// commit ends the step as a success with no new call; otherwise the call leaves when the
// read ends. Reads are not tool calls: no attempt, tool-call or latency count sees them.
import { keyedUniform } from './keyed.js';
import { CHECK_DRAWS, CheckDraw, Keyed } from './draws.js';
import { EventKind, Origin, type Call } from './events.js';
import { startCall, stepEnd } from './agent.js';
import type { Sim } from './state.js';

/** A re-plan or replay call is due at t: read first (with checkFirst.probability), or send it. */
export function callDue(sim: Sim, call: Call, t: number): void {
  const p = sim.p;
  if (p.checkProbability > 0 && call.origin !== Origin.original) {
    const action = call.action;
    const n = CHECK_DRAWS * action.checkDraws++;
    if (keyedUniform(sim.seedKey, Keyed.check, action.id, n + CheckDraw.read) < p.checkProbability) {
      sim.tally.checks++;
      sim.queue.schedule(EventKind.read, t + p.checkLatency, call, null, 0);
      if (action.trace !== null) (action.checkTrace ??= []).push({ at: t, end: t + p.checkLatency, found: false });
      return;
    }
  }
  startCall(sim, call, t);
}

/** The read started for `call` ends at t: it sees every commit of the business identity so far. */
export function onRead(sim: Sim, call: Call, t: number): void {
  const action = call.action;
  const business = action.business as NonNullable<typeof action.business>;
  if (business.commits === 0) {
    startCall(sim, call, t);
    return;
  }
  const tally = sim.tally;
  tally.checksFound++;
  if (action.commits === 0) tally.checksMisled++;
  if (action.checkTrace !== null) (action.checkTrace[action.checkTrace.length - 1] as { found: boolean }).found = true;
  stepEnd(sim, action, t, true);
}
