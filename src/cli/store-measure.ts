// `idemsim store measure [FILE]`: bytes per key record, as Redis and Postgres count them,
// for records shaped as the handler writes them (the key its scope gives, a SHA-256
// fingerprint, the state, the status and a response body of the given size), and what the
// scenario's steady-state key store then weighs. `--write STORE` puts that store's figure
// into the file's keys.recordBytes, atomically, keeping the file's comments.
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { formatBytes, formatCount } from '../format/format.js';
import type { Scenario } from '../model/scenario.js';
import { simulate } from '../sim/simulate.js';
import { SIZE_UNITS, DURATION_UNITS, parseQuantity } from '../scenario/units.js';
import { yaml } from '../scenario/yaml-lib.js';
import { markMeasured } from '../scenario/measured.js';
import { STORE_KINDS, type StoreKind } from '../stores/kinds.js';
import { keyText, responseBody } from '../stores/replay.js';
import type { Measurement, RecordShape } from '../stores/store.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guardAsync } from './errors.js';
import { writeFileAtomically } from '../io/file.js';
import { readScenarioFile } from './validate.js';
import { loadOne, withScenarioOptions } from './load.js';
import { type StoreOptions, openStore, printNotes, storeOptions, storesOf, withStores } from './store-options.js';
import { DEFAULT_MAX_WRITE, measureSize, refuseOversized } from '../stores/measure-size.js';
import { DEFAULT_MAX_MEMORY } from '../analytic/memory.js';
import { parseMaxMemory } from './memory.js';

export interface MeasureOptions extends StoreOptions {
  sets?: readonly string[];
  /** Refuse a run whose estimated peak memory is above this size (`--max-memory`). */
  maxMemory?: string;
  records?: string;
  bodySize?: string;
  keyLength?: string;
  ttl?: string;
  write?: StoreKind;
  /** Refuse a measurement estimated to write more than this on the stores (`--max-write`). */
  maxWrite?: string;
}

const DEFAULTS = { records: 10_000, bodySize: '64B', ttl: '1h' };

export async function measure(file: string | undefined, options: MeasureOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, () =>
    withStores(async () => {
      const records = count('--records', options.records ?? String(DEFAULTS.records), 1, 1_000_000);
      const bodyBytes = quantity(
        '--body-size',
        options.bodySize ?? DEFAULTS.bodySize,
        SIZE_UNITS,
        'a size up to 1MiB, such as 64B or 1KiB',
        1 << 20,
      );
      const ttl = quantity(
        '--ttl',
        options.ttl ?? DEFAULTS.ttl,
        DURATION_UNITS,
        'a duration up to 365d, such as 1h or 90s',
        365 * 86_400_000,
      );
      if (options.write !== undefined && file === undefined) {
        throw new InputError(
          '--write: name the scenario file whose keys.recordBytes to set, e.g. idemsim store measure scenarios/refunds-3-intent-key.yaml --write redis',
        );
      }
      const kinds = storesOf(options);
      if (options.write !== undefined && !kinds.includes(options.write)) {
        throw new InputError(`--write ${options.write}: that store is not measured with --only ${options.only ?? ''}`);
      }
      const { scenario } = loadOne(file, options.sets ?? [], ctx.cwd, options.maxMemory);
      const scope = scenario.keys.scope === 'none' ? 'intent' : scenario.keys.scope;
      const keyLength = options.keyLength === undefined ? undefined : count('--key-length', options.keyLength, 8, 1024);
      const make = recordMaker(scope, keyLength, bodyBytes);
      const sample = make(0);
      // Before anything is written or simulated: what the stores and this process would hold.
      const plan = { records, bodyBytes, keyChars: sample.key.length, kinds, embeddedPostgres: !options.postgres };
      const maxMemory = options.maxMemory === undefined ? DEFAULT_MAX_MEMORY : parseMaxMemory(options.maxMemory);
      refuseOversized(plan, measureSize(plan), maxMemory, maxWrite(options.maxWrite));
      const steady = steadyStateKeys(scenario);
      let header = `store measure: ${formatCount(records)} records like the handler's: key ${sample.key.length} characters (${sample.key.slice(0, 24)}...), fingerprint 64 hex, state, status, body ${formatBytes(bodyBytes)}; TTL ${options.ttl ?? DEFAULTS.ttl}\n`;
      const measured = new Map<StoreKind, Measurement>();
      for (const kind of kinds) {
        const url = kind === 'redis' ? options.redis : options.postgres;
        const store = await openStore(kind, url);
        printNotes(ctx, store);
        // Printed once a store is reached, so that one that cannot be is reported in one line alone.
        ctx.out.write(header);
        header = '';
        try {
          const m = await store.measure(records, make, Math.max(1, Math.round(ttl / 1000)));
          measured.set(kind, m);
          ctx.out.write(`\n${store.description}\n`);
          ctx.out.write(`  bytes per record            ${formatCount(Math.round(m.bytesPerRecord))} B\n`);
          for (const line of m.details) ctx.out.write(`  ${line}\n`);
          ctx.out.write(`  ${steadyLine(scenario, steady, m.bytesPerRecord)}\n`);
          ctx.out.write(
            `  keys:\n    recordBytes: ${Math.round(m.bytesPerRecord)}   # measured in ${kind}; paste into the scenario, or --write ${kind}\n`,
          );
        } finally {
          await store.close();
        }
      }
      if (options.write !== undefined && file !== undefined) {
        const bytes = Math.round((measured.get(options.write) as Measurement).bytesPerRecord);
        writeRecordBytes(ctx.cwd, file, bytes, options.write);
        ctx.err.write(`${file}: keys.recordBytes set to ${bytes} (measured in ${options.write})\n`);
      }
      return ExitCode.ok;
    }),
  );
}

/** Record i as the handler writes it once done: the scope's key, padded to `keyLength` if given. */
function recordMaker(
  scope: Scenario['keys']['scope'],
  keyLength: number | undefined,
  bodyBytes: number,
): (i: number) => RecordShape {
  const body = responseBody(bodyBytes);
  return (i) => {
    const base = keyText(scope, i);
    const key =
      keyLength === undefined
        ? `${base}:${runId(i)}`
        : (base + ':' + runId(i)).padEnd(keyLength, '0').slice(0, keyLength);
    return { key, fingerprint: fingerprintOf(i), state: 'done', status: 200, body, expiresAt: 0 };
  };
}

/** A run id as an agent runtime writes one: 32 hex digits, different for every record. */
function runId(i: number): string {
  return ((i * 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(4);
}

function fingerprintOf(i: number): string {
  return (((i + 1) * 2246822519) >>> 0).toString(16).padStart(8, '0').repeat(8);
}

function steadyStateKeys(scenario: Scenario): number {
  if (scenario.keys.scope === 'none') return 0;
  return simulate({ ...scenario, actions: Math.min(scenario.actions, 200_000) }).metrics.keyStore.steadyStateKeys;
}

function steadyLine(scenario: Scenario, keys: number, bytesPerRecord: number): string {
  if (scenario.keys.scope === 'none')
    return `${scenario.name} stores no keys (keys.scope none): set a scope to size its store`;
  return `${scenario.name} at steady state: ${formatCount(keys)} keys x ${formatCount(Math.round(bytesPerRecord))} B = ${formatBytes(keys * bytesPerRecord)} (with keys.recordBytes ${scenario.keys.recordBytes}: ${formatBytes(keys * scenario.keys.recordBytes)})`;
}

/**
 * Sets keys.recordBytes in the scenario file's own text, its other lines and comments as
 * they were, written atomically, with a comment saying where the size was measured (recommend reads it back to say which
 * size it judged the key store with).
 */
function writeRecordBytes(cwd: string, shown: string, bytes: number, kind: StoreKind): void {
  const path = resolve(cwd, shown);
  const read = readScenarioFile(cwd, shown);
  if ('problem' in read) throw new InputError(`${read.problem}; cannot set keys.recordBytes`);
  const doc = yaml().parseDocument(read.text);
  if (doc.errors.length > 0) throw new InputError(`${shown}: not valid YAML; fix it first (idemsim validate ${shown})`);
  doc.setIn(['keys', 'recordBytes'], bytes);
  markMeasured(doc, kind);
  writeFileAtomically(path, shown, doc.toString(), true);
}

/** --max-write in bytes: a size from 1MB to 1PB. */
function maxWrite(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_WRITE;
  const bytes = quantity('--max-write', text, SIZE_UNITS, 'a size from 1MB to 1PB, e.g. 5GB', 1e15);
  if (bytes < 1e6) throw new InputError(`--max-write ${text}: write a size from 1MB to 1PB, e.g. 5GB`);
  return bytes;
}

function count(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new InputError(`${flag} ${text}: write a whole number from ${formatCount(min)} to ${formatCount(max)}`);
  }
  return n;
}

function quantity(
  flag: string,
  text: string,
  units: Parameters<typeof parseQuantity>[1],
  hint: string,
  max: number,
): number {
  const q = parseQuantity(text, units);
  if (q.kind !== 'ok' || !Number.isFinite(q.value) || q.value < 0 || q.value > max) {
    throw new InputError(`${flag} ${text}: write ${hint}`);
  }
  return q.value;
}

const EXAMPLES = `
Examples:
  $ npx idemsim store measure
      the handler's record (a 64-byte body) in a temporary redis-server and in PGlite
  $ npx idemsim store measure scenarios/refunds-4-retention-1h.yaml --body-size 1KiB --only redis
      with a 1 KiB response stored, in Redis only, and that scenario's store at that size
  $ npx idemsim store measure --postgres postgres://idemsim@127.0.0.1/keys --only postgres
      on your own Postgres: a table of its own, dropped afterwards

--write STORE sets keys.recordBytes in the scenario file to that store's figure, keeping
the file's comments; the file is replaced atomically.

Limits, checked before anything is written: the records are sent a few MB at a time, and
an estimate of what they take is refused in one line (exit 2) when it is over a ceiling:
  --max-write SIZE   what the measurement writes on the stores (Postgres writes each record
                     seven times over: loaded, then three retentions of claims and commits);
                     default 1GB
  --max-memory SIZE  idemsim's own peak memory, which holds PGlite when Postgres is embedded
                     (about 780 MB to start, and 2 KB or more a record); default 1GB
On a server of yours, tables idemsim_keys_* that a killed run left behind are dropped when
that run's process is gone, or named with the DROP TABLE that removes them.`;

export function measureCommand(ctx: CommandContext, done: (code: number) => void): Command {
  const sets: string[] = [];
  const command = withScenarioOptions(
    new Command('measure')
      .summary("bytes per key record in Redis and Postgres, and the scenario's key store at that size")
      .description(
        "Write records shaped as the idempotency handler writes them (the key of the scenario's scope, a SHA-256 fingerprint, state, status and a response body) into Redis and Postgres, and report the bytes per record each store itself counts: Redis from INFO memory before and after (and MEMORY USAGE on a sample), Postgres from the table's and its indexes' total relation size. Everything written is removed afterwards.",
      )
      .argument(
        '[FILE]',
        'scenario whose scope shapes the key and whose steady state is sized (default: the built-in defaults, keyed by intent)',
      ),
    sets,
  );
  return storeOptions(command)
    .option('--records <n>', `records to write (default: ${formatCount(DEFAULTS.records)})`)
    .option('--body-size <size>', `response body stored with each record (default: ${DEFAULTS.bodySize})`)
    .option(
      '--key-length <n>',
      "pad or cut every key to this many characters (default: the scope's key plus a 32-hex run id)",
    )
    .option(
      '--ttl <duration>',
      `the records' TTL (Redis EX; Postgres keeps it as expires_at) (default: ${DEFAULTS.ttl})`,
    )
    .addOption(
      new Option('--write <store>', "set the file's keys.recordBytes to this store's figure").choices([...STORE_KINDS]),
    )
    .option(
      '--max-write <size>',
      `refuse a measurement estimated to write more than this on the stores, e.g. 5GB (default: ${DEFAULT_MAX_WRITE / 1e9}GB)`,
    )
    .addHelpText('after', EXAMPLES)
    .action(async (file: string | undefined, options: Omit<MeasureOptions, 'sets'>) => {
      done(await measure(file, { ...options, sets }, ctx));
    });
}
