// `idemsim store replay FILE`: the run's key lookups and commits, in the simulator's
// order, through the article's handler on a real Redis and a real Postgres. Per answer,
// the simulator's count beside each store's; with atomic claims they must be equal, and
// the command exits 1 when any store disagrees.
import { Command, Option } from 'commander';
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
import { type StoreOptions, openStore, printNotes, storeOptions, storesOf, withStores } from './store-options.js';
import { maxOf } from '../stats/extent.js';
import { HANDLER_NAMES, type HandlerName } from '../model/handlers.js';
import type { ReplayableHandler } from '../stores/handlers/run.js';
import { refuseForHandler, replayThroughHandler } from './store-replay-handler.js';

export interface ReplayOptions extends StoreOptions {
  sets?: readonly string[];
  /** A real idempotency library to replay through instead of the article's handler. */
  handler?: string;
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
      const sets = [
        ...(options.sets ?? []),
        ...(options.handler === undefined ? [] : [`keys.handler=${options.handler}`]),
      ];
      const [loaded] = loadScenarios([file], sets, ctx.cwd, undefined, memoryLimit(options.maxMemory));
      const scenario = (loaded as NonNullable<typeof loaded>).scenario;
      const library = libraryOf(scenario.keys.handler, options);
      if (library !== null) return replayHandlerFile(file, scenario, library, options, ctx);
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
        printNotes(ctx, store);
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

/** The real library a replay runs through: the one --handler or the scenario names, or null for the article's handler. */
function libraryOf(handler: HandlerName, options: ReplayOptions): ReplayableHandler | null {
  if (handler === 'reference') return null;
  if (handler === 'stripe') {
    throw new InputError(
      "store replay: stripe is a hosted API; its profile is read from Stripe's documentation and there is no library to run (use --handler powertools, node-idempotency or express-idempotency)",
    );
  }
  if (options.redis !== undefined || options.postgres !== undefined || options.only !== undefined) {
    throw new InputError(
      `store replay --handler ${handler}: the library runs on a temporary redis-server of idemsim's own (it writes keys without idemsim's prefix); drop --redis, --postgres and --only`,
    );
  }
  return handler;
}

async function replayHandlerFile(
  file: string,
  scenario: Scenario,
  handler: ReplayableHandler,
  options: ReplayOptions,
  ctx: CommandContext,
): Promise<number> {
  if (scenario.keys.scope === 'none')
    throw new InputError(`${file}: keys.scope none stores no keys; there is nothing to replay (set a scope)`);
  refuseForHandler(scenario, file, handler);
  const ops: KeyOp[] = [];
  simulate(scenario, { onKeyOp: (op) => ops.push(op) });
  const lookups = ops.filter((op) => op.op === 'lookup').length;
  ctx.out.write(
    `store replay --handler ${handler}: ${scenario.name}, ${formatCount(scenario.actions)} actions, seed ${String(scenario.seed)}: ${formatCount(lookups)} key lookups and ${formatCount(ops.length - lookups)} ends, scope ${scenario.keys.scope}, claims ${scenario.keys.claim}, errors ${scenario.keys.errors}\n`,
  );
  return replayThroughHandler(ctx, scenario, handler, ops, options.quiet === true);
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
  $ npx idemsim store replay scenarios/handlers/*.yaml --handler express-idempotency
      each run through the real express-idempotency middleware on a real HTTP server and a
      temporary redis-server, then pairs of requests sent at once to measure its GET-then-SET race

With --handler (powertools, node-idempotency, express-idempotency) the library's own code
answers: Powertools through makeIdempotent with a Lambda context whose remaining time is
keys.lease, node-idempotency through its core's onRequest/onResponse, express-idempotency
as Express middleware. Date is the simulated clock for the library, and the TTLs it sets
run on that clock too. What a library does that no scenario field can say (Powertools'
whole-second expiry and 10 s takeover lock; node-idempotency's 409 before its payload
check) is named with its first lookup and set apart; any other difference exits 1.

Cleanup: the temporary redis-server (a password of its own, 127.0.0.1 only) stops with
idemsim, even when idemsim is killed with SIGKILL. On your own servers, Ctrl-C or a kill
deletes the keys the run wrote (under idemsim:<run id>:) before idemsim ends; a Postgres
table a killed run left (idemsim_keys_*) is dropped by the next run once that run's process
is gone. A server that does not speak the Redis or PostgreSQL protocol is refused in one
line, reading at most a few MB of what it sends.

Exit codes: 0 every answer equal, 1 a store answered a lookup differently, 2 bad input.`;

export function replayCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const command = withScenarioOptions(
    new Command('replay')
      .summary("send a run's key lookups and commits through the handler on Redis and Postgres")
      .description(
        "Simulate the scenario, then send its key-store operations, in the simulator's order, through the idempotency handler (atomic claim, 409 while running, 422 on a fingerprint mismatch, the stored result replayed) on a real Redis and a real Postgres, or with --handler through a real idempotency library on a temporary redis-server. Expiry is judged on the simulated clock, so an hour of retention takes no hour. Prints, per answer, the simulator's count and the store's or library's; exits 1 when any lookup was answered differently.",
      )
      .argument(
        '<FILE...>',
        "scenario files (a key scope; atomic claims for the article's handler), replayed one after the other",
      ),
    sets,
  );
  return storeOptions(command)
    .addOption(
      new Option(
        '--handler <name>',
        "replay through a real idempotency library instead (sets keys.handler; default: the scenario's keys.handler)",
      ).choices([...HANDLER_NAMES]),
    )
    .option('--quiet', 'print no progress line on stderr')
    .addHelpText('after', EXAMPLES)
    .action(async (files: string[], options: Omit<ReplayOptions, 'sets'>) => {
      // Every file is replayed; the exit code is the worst of theirs (2 bad input, 1 a difference).
      let code: number = ExitCode.ok;
      for (const file of files) code = Math.max(code, await replayFile(file, { ...options, sets }, ctx));
      done(code);
    });
}
