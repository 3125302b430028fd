// `idemsim store replay FILE`: the run's key lookups and commits, in the simulator's
// order, through the article's handler on a real Redis and a real Postgres. Per answer,
// the simulator's count beside each store's; with atomic claims they must be equal, and
// the command exits 1 when any store disagrees.
import { Command } from 'commander';
import type { KeyOp } from '../model/keyops.js';
import { formatCount } from '../format/format.js';
import type { Scenario } from '../model/scenario.js';
import { simulate } from '../sim/simulate.js';
import type { StoreKind } from '../stores/kinds.js';
import { ANSWERS, type ReplayResult, replay } from '../stores/replay.js';
import { type RaceResult, replayRaces } from '../stores/races.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { loadScenarios, memoryLimit, withScenarioOptions } from './load.js';
import { startProgress } from './progress.js';
import { type StoreOptions, openStore, storeOptions, storesOf, withStores } from './store-options.js';
import { maxOf } from '../stats/extent.js';

export interface ReplayOptions extends StoreOptions {
  sets?: readonly string[];
  /** Refuse a run whose estimated peak memory is above this size (`--max-memory`). */
  maxMemory?: string;
  quiet?: boolean;
}

/** Race pairs sent to each store at most: enough to read a share, few enough to take seconds. */
const RACE_PAIRS = 1000;

/** What the two clients of each race pair got from the store, beside the model's count. */
function raceLines(kind: StoreKind, r: RaceResult): string[] {
  const share = (n: number): string => `${formatCount(n)} of ${formatCount(r.tried)}`;
  return [
    `  read-then-write races: the simulator let ${formatCount(r.modelled)} lookups run inside the race window (raceDuplicates); ${formatCount(r.tried)} such pairs were sent by two clients at once, each on its own connection:`,
    `    ${kind} with read-then-write: both clients claimed (a duplicate execution) in ${share(r.readThenWrite)} pairs`,
    `    ${kind} with the atomic claim: both clients claimed in ${share(r.atomic)} pairs`,
  ];
}

/** A response body of this size is stored with every result the handler writes. */
const BODY_BYTES = 64;

export async function replayFile(file: string, options: ReplayOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, () =>
    withStores(async () => {
      const [loaded] = loadScenarios([file], options.sets ?? [], ctx.cwd, undefined, memoryLimit(options.maxMemory));
      const scenario = (loaded as NonNullable<typeof loaded>).scenario;
      refuseUnreplayable(scenario, file);
      const ops: KeyOp[] = [];
      simulate(scenario, { onKeyOp: (op) => ops.push(op) });
      const settings = {
        scope: scenario.keys.scope,
        retention: scenario.keys.retention,
        fingerprint: scenario.keys.fingerprint,
        bodyBytes: BODY_BYTES,
      };
      const lookups = ops.filter((op) => op.op === 'lookup').length;
      ctx.out.write(
        `store replay: ${scenario.name}, ${formatCount(scenario.actions)} actions, seed ${String(scenario.seed)}: ${formatCount(lookups)} key lookups and ${formatCount(ops.length - lookups)} commits and rollbacks, scope ${scenario.keys.scope}, claims ${scenario.keys.claim}\n`,
      );
      let agree = true;
      for (const kind of storesOf(options)) {
        const store = await openStore(kind, kind === 'redis' ? options.redis : options.postgres);
        const progress = options.quiet === true ? null : startProgress(ctx, ops.length);
        let result: ReplayResult;
        let races: RaceResult | null = null;
        try {
          const report = progress?.reporter(0);
          result = await replay(store, ops, settings, (done) => report?.(done, ops.length));
          progress?.finish();
          if (scenario.keys.claim === 'read-then-write') races = await replayRaces(store, ops, settings, RACE_PAIRS);
        } finally {
          progress?.finish();
          await store.close();
        }
        agree = printResult(ctx, kind, store.description, result) && agree;
        if (races !== null) ctx.out.write(`${raceLines(kind, races).join('\n')}\n`);
      }
      return agree ? ExitCode.ok : ExitCode.checkFailed;
    }),
  );
}

function refuseUnreplayable(scenario: Scenario, file: string): void {
  if (scenario.keys.scope === 'none')
    throw new InputError(`${file}: keys.scope none stores no keys; there is nothing to replay (set a scope)`);
  if (scenario.keys.lease !== 'none' && !scenario.keys.transactional) {
    throw new InputError(
      `${file}: keys.lease: the handler replayed has no lease takeover; replay with --set keys.lease=none`,
    );
  }
}

function printResult(ctx: CommandContext, kind: StoreKind, description: string, r: ReplayResult): boolean {
  const width =
    Math.max(maxOf(ANSWERS.map((a) => formatCount(r.simulator[a]).length)), kind.length, 'simulator'.length) + 3;
  const row = (a: string, b: string, c: string, note = ''): string =>
    `  ${a.padEnd(12)}${b.padStart(width)}${c.padStart(width)}${note}`;
  const lines = [`\n${description}`, row('answer', 'simulator', kind)];
  for (const answer of ANSWERS) {
    const differs = r.simulator[answer] === r.store[answer] ? '' : '   <- differs';
    lines.push(row(label(answer), formatCount(r.simulator[answer]), formatCount(r.store[answer]), differs));
  }
  lines.push(`  commits written: ${formatCount(r.commits)}; rollbacks: ${formatCount(r.rollbacks)}`);
  if (r.races > 0)
    lines.push(
      `  not sent in order: ${formatCount(r.races)} lookups the simulator ran inside a race window (they write no record)`,
    );
  if (r.disagreements === 0) lines.push(`  every answer equal: ${kind} answered each lookup as the simulator did`);
  else {
    const f = r.first as NonNullable<ReplayResult['first']>;
    lines.push(
      `  ${formatCount(r.disagreements)} lookups answered differently; the first, operation ${formatCount(f.index + 1)} at t = ${f.t} ms on ${f.key}: simulator ${f.simulator}, ${kind} ${f.store}`,
    );
  }
  ctx.out.write(`${lines.join('\n')}\n`);
  return r.disagreements === 0;
}

function label(answer: (typeof ANSWERS)[number]): string {
  return { claimed: 'claimed', conflict: '409', mismatch: '422', stored: 'stored 200' }[answer];
}

const EXAMPLES = `
Examples:
  $ npx idemsim store replay scenarios/refunds-3-intent-key.yaml
      200,000 actions' lookups and commits through Redis and Postgres: equal counts, exit 0
  $ npx idemsim store replay scenarios/refunds-4-retention-1h.yaml --set keys.retention=30s --only redis
      short retention: keys expire on the simulated clock and are claimed again

Exit codes: 0 every answer equal, 1 a store answered a lookup differently, 2 bad input.`;

export function replayCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const command = withScenarioOptions(
    new Command('replay')
      .summary("send a run's key lookups and commits through the handler on Redis and Postgres")
      .description(
        "Simulate the scenario, then send its key-store operations, in the simulator's order, through the idempotency handler (atomic claim, 409 while running, 422 on a fingerprint mismatch, the stored result replayed) on a real Redis and a real Postgres. Expiry is judged on the simulated clock kept in each record, so an hour of retention takes no hour. Prints, per answer, the simulator's count and each store's; exits 1 when a store answered any lookup differently.",
      )
      .argument('<FILE>', 'scenario file (atomic claims, a key scope)'),
    sets,
  );
  return storeOptions(command)
    .option('--quiet', 'print no progress line on stderr')
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, options: Omit<ReplayOptions, 'sets'>) => {
      done(await replayFile(file, { ...options, sets }, ctx));
    });
}
