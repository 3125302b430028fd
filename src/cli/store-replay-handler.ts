// `idemsim store replay FILE --handler NAME`: the run's key operations through a real
// idempotency library (Powertools, node-idempotency, express-idempotency) on a temporary
// redis-server, answer class by answer class beside the simulator's. Differences a scenario
// field cannot express are named with their first lookup; any other exits 1.
import { formatCount } from '../format/format.js';
import type { KeyOp } from '../model/keyops.js';
import type { Scenario } from '../model/scenario.js';
import type { HandlerRun, ReplayableHandler } from '../stores/handlers/run.js';
import { CLASSES, type Gap, type Lookup } from '../stores/handlers/replay.js';
import { maxOf } from '../stats/extent.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError } from './errors.js';
import { startProgress } from './progress.js';

/** Pairs sent at once to a read-then-write library: enough to read a share in seconds. */
const RACE_PAIRS = 200;

/** Where each gap is explained, for the user who meets it. */
const GAP_NOTES: Readonly<Record<Gap, string>> = {
  'whole-second expiry': 'Powertools keeps expiry in whole seconds; the model, in ms',
  'takeover lock': 'Powertools takes over a lapsed lease at most once per key per 10 s (a :lock key)',
  'racer not replayed': 'a racing execution was not sent one by one, and its end changed the record',
};

export function refuseForHandler(scenario: Scenario, file: string, handler: ReplayableHandler): void {
  const keys = scenario.keys;
  if (keys.retention % 1000 !== 0 || !Number.isFinite(keys.retention)) {
    throw new InputError(
      `${file}: keys.retention must be a whole number of seconds for --handler ${handler} (the libraries set TTLs in seconds), e.g. --set keys.retention=60s`,
    );
  }
  if (keys.transactional) {
    throw new InputError(
      `${file}: keys.transactional: a Redis idempotency library cannot share a transaction with the side effect; replay with --set keys.transactional=false`,
    );
  }
  if (handler === 'powertools' && keys.lease === 'none') {
    throw new InputError(
      `${file}: --handler powertools needs keys.lease, the Lambda's remaining time when it claims a key, e.g. --set keys.lease=30s`,
    );
  }
}

export async function replayThroughHandler(
  ctx: CommandContext,
  scenario: Scenario,
  handler: ReplayableHandler,
  ops: readonly KeyOp[],
  quiet: boolean,
): Promise<number> {
  const { missingPackages, runHandlerReplay } = await import('../stores/handlers/run.js');
  const missing = await missingPackages(handler);
  if (missing.length > 0) {
    throw new InputError(
      `store replay --handler ${handler}: ${missing.join(', ')} not installed; they are idemsim's devDependencies: run npm install in idemsim's folder`,
    );
  }
  const progress = quiet ? null : startProgress(ctx, ops.length);
  let run: HandlerRun;
  try {
    const report = progress?.reporter(0);
    const keys = scenario.keys;
    run = await runHandlerReplay(
      handler,
      ops,
      {
        scope: keys.scope,
        retention: keys.retention,
        lease: keys.lease === 'none' ? Infinity : keys.lease,
        fingerprint: keys.fingerprint,
        racePairs: keys.claim === 'read-then-write' ? RACE_PAIRS : 0,
      },
      (done) => report?.(done, ops.length),
    );
  } finally {
    progress?.finish();
  }
  ctx.out.write(`${render(run, handler).join('\n')}\n`);
  return run.result.disagreements === 0 ? ExitCode.ok : ExitCode.checkFailed;
}

function render(run: HandlerRun, handler: ReplayableHandler): string[] {
  const r = run.result;
  const width =
    Math.max(maxOf(CLASSES.map((c) => formatCount(r.simulator[c]).length)), 'simulator'.length, handler.length) + 3;
  const row = (a: string, b: string, c: string, note = ''): string =>
    `  ${a.padEnd(16)}${b.padStart(width)}${c.padStart(width)}${note}`;
  const lines = [`\n${run.description}, ${run.server}`, row('answer', 'simulator', handler)];
  for (const c of CLASSES) {
    const differs = r.simulator[c] === r.library[c] ? '' : '   <- differs';
    lines.push(row(c, formatCount(r.simulator[c]), formatCount(r.library[c]), differs));
  }
  lines.push(
    `  ends sent: ${formatCount(r.commits)} results, ${formatCount(r.errors)} errors (500s) kept, ${formatCount(r.deletions)} records deleted`,
  );
  if (r.races > 0) {
    lines.push(
      `  not sent one by one: ${formatCount(r.races)} lookups the simulator ran inside a read-then-write race window (raceDuplicates)`,
    );
  }
  if (run.races !== null) {
    lines.push(
      `  read-then-write for real: ${formatCount(run.races.tried)} pairs of requests, each pair one key sent by two clients at once: both executed in ${formatCount(run.races.both)} (${((100 * run.races.both) / Math.max(1, run.races.tried)).toFixed(1)}%)`,
    );
  }
  for (const [gap, seen] of r.gaps) {
    lines.push(
      `  not expressible in the scenario (${gap}): ${formatCount(seen.count)} ${seen.count === 1 ? 'lookup' : 'lookups'} set apart; ${GAP_NOTES[gap]}. The first: ${describe(seen.first)}`,
    );
  }
  const other = r.gaps.size > 0 ? ' other' : '';
  if (r.disagreements === 0)
    lines.push(`  every${other} answer equal: ${handler} answered each lookup as the simulator did`);
  else {
    lines.push(
      `  ${formatCount(r.disagreements)} lookups answered differently; the first: ${describe(r.first as Lookup)}`,
    );
  }
  return lines;
}

function describe(l: Lookup): string {
  return `operation ${formatCount(l.index + 1)} at t = ${Math.round(l.t)} ms on ${l.key}: simulator ${l.simulator}, library ${l.library} (${l.said})`;
}
