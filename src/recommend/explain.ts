// Why the answer is what it is, in sentences a person can act on: what blocks when nothing
// passes (a conflict between targets, with its arithmetic where a closed form gives it; a
// guard that every configuration meeting the targets breaks; a target no point met), how
// few fields the answer changes and how it was found, an answer at the edge of the range
// searched, the fields not searched, and the record size the key store was judged with.
import type { Target } from '../model/bounds.js';
import { Verdict } from '../model/bounds.js';
import type { Note } from '../model/recommend.js';
import { metricUnit } from '../model/metrics.js';
import type { Scenario } from '../model/scenario.js';
import { formatBytes, formatCount, formatMetric, proseDuration } from '../format/format.js';
import type { Choice } from './choose.js';
import { patchFields } from './patch.js';
import { decidingRun, type Point } from './point.js';
import { meets } from '../stats/bounds.js';
import { compareByDistance, type RankKey } from './rank.js';
import { DEFAULT_PATHS, type Dimension } from './space.js';

export interface ExplainInput {
  base: Scenario;
  dims: readonly Dimension[];
  /** The user's targets, then the guards in force. */
  targets: readonly Target[];
  keys: readonly RankKey[];
  points: readonly Point[];
  choice: Choice;
  /** How many fields the answer changes when it came from the smallest changes; null otherwise. */
  smallest: number | null;
  /** Whether the scenario file (or a --set) wrote keys.recordBytes. */
  recordBytesWritten: boolean;
  /** The store `idemsim store measure --write` measured it in, when its comment says so. */
  recordBytesMeasuredIn?: string | null;
  /** The --fix paths. */
  fixed: readonly string[];
  /** A --prefer was given: the smallest changes were not tried first. */
  preferred: boolean;
}

export function explain(input: ExplainInput): Note[] {
  const notes: Note[] = [];
  if (input.choice.status === 'infeasible') notes.push(...blockers(input));
  else notes.push(...howFound(input));
  notes.push(...edges(input), ...notSearched(input), ...recordSize(input));
  return notes;
}

const isStoreTarget = (t: Target): boolean =>
  (t.metric === 'keyStore.steadyStateBytes' || t.metric === 'keyStore.peakBytes') && (t.op === '<=' || t.op === '<');

/**
 * Crash replays arrive agent.crash.resumeDelay after the step; a record must outlive the
 * ones it is meant to catch. With probability p of a replay per action and delays uniform
 * on [a, b], a retention R lets through about 1000 p (b - R) / (b - a) replays per thousand
 * actions as new executions, so a target of L per thousand needs R >= b - (b - a) L / (1000 p);
 * the store then holds at least rate x R x recordBytes (every action claims a key that lives
 * R). When that exceeds the store's target, the two cannot both hold.
 */
export function retentionConflict(base: Scenario, targets: readonly Target[]): Note | undefined {
  const duplicates = targets.find((t) => t.metric === 'duplicatesPerThousand' && (t.op === '<=' || t.op === '<'));
  const store = targets.find(isStoreTarget);
  const { probability: p, max, resumeDelay } = base.agent.crash;
  if (duplicates === undefined || store === undefined || !(p > 0) || max === 0 || base.keys.scope === 'none') return;
  // The store's closed form needs one arrival rate: a profile of rates has none.
  if (base.arrivals.profile.length > 0) return;
  const { min: a, max: b } = resumeDelay;
  const limit = duplicates.limit;
  if (!(limit < 1000 * p) || !(b > 0)) return;
  const retention = b - ((b - a) * limit) / (1000 * p);
  const rate = base.arrivals.rate;
  const bytes = rate * (retention / 1000) * base.keys.recordBytes;
  if (!(bytes > store.limit)) return;
  return {
    kind: 'conflict',
    message:
      `${duplicates.text} and ${store.text} cannot both hold. ${percentText(p)} of actions are replayed ` +
      `after a crash, ${proseDuration(a)} to ${proseDuration(b)} later (agent.crash.resumeDelay); to let through at most ` +
      `${formatMetric(limit, 'perThousand')} per thousand, a record must outlive all but ${percentText(limit / (1000 * p))} of them: ` +
      `keys.retention >= ${proseDuration(retention)}. The key store then holds at least rate x retention x record = ` +
      `${formatCount(rate)}/s x ${proseDuration(retention)} x ${formatBytes(base.keys.recordBytes)} = ${formatBytes(bytes)}, ` +
      `more than ${formatBytes(store.limit)}. Loosen one of them: allow at least ${formatBytes(bytes)} of keys, ` +
      `or accept the replays that come later than the retention.`,
  };
}

/**
 * No point met every target of the user's: for each target some point met, the nearest
 * such point and what it reads on the user's other targets.
 */
function eachAlone(
  input: ExplainInput,
  simulated: readonly Point[],
  user: readonly { t: Target; i: number }[],
  passes: (p: Point, i: number) => boolean,
): Note[] {
  const parts: string[] = [];
  for (const { t, i } of user) {
    const meeting = simulated.filter((p) => passes(p, i));
    if (meeting.length === 0) continue;
    const nearest = [...meeting].sort((a, b) => compareByDistance(a, b, input.keys))[0] as Point;
    const judged = decidingRun(nearest)?.judged ?? [];
    const others = user
      .filter((o) => o.i !== i && judged[o.i] !== undefined)
      .map((o) => `${o.t.metric} ${formatMetric((judged[o.i] as { value: number }).value, metricUnit(o.t.metric))}`);
    parts.push(
      `${t.text} alone: ${settingsText(input, nearest)}${others.length > 0 ? ` (reads ${others.join(', ')})` : ''}`,
    );
  }
  if (parts.length === 0) return [];
  return [
    {
      kind: 'blocker',
      message: `No configuration searched met every target; the nearest that met each: ${parts.join('; ')}.`,
    },
  ];
}

function percentText(share: number): string {
  return `${Number((100 * share).toPrecision(2))}%`;
}

/** Nothing passed: every conflict, guard and target that blocks. */
function blockers(input: ExplainInput): Note[] {
  const notes: Note[] = [];
  const conflict = retentionConflict(input.base, input.targets);
  if (conflict !== undefined) notes.push(conflict);
  const simulated = input.points.filter((p) => decidingRun(p) !== undefined);
  // Met, or undecided with its estimate inside the bound: more actions may show it met.
  const passes = (p: Point, i: number): boolean => {
    const judged = decidingRun(p)?.judged[i];
    if (judged === undefined) return false;
    return (
      judged.verdict === Verdict.pass ||
      (judged.verdict === Verdict.undecided && meets(input.targets[i] as Target, judged.value))
    );
  };
  const userCount = input.targets.filter((t) => t.source !== 'guard').length;
  const user = input.targets.map((t, i) => ({ t, i })).filter(({ t }) => t.source !== 'guard');
  const guards = input.targets.map((t, i) => ({ t, i })).filter(({ t }) => t.source === 'guard');
  // Targets no simulated point met.
  for (const { t, i } of user) {
    if (simulated.some((p) => passes(p, i))) continue;
    notes.push({ kind: 'blocker', message: `${t.text}: no configuration searched met it, or came close.` });
  }
  // Guards that every point meeting the user's targets breaks.
  const meetTargets = simulated.filter((p) => user.every(({ i }) => passes(p, i)));
  if (meetTargets.length === 0 && user.length > 1) notes.push(...eachAlone(input, simulated, user, passes));
  if (meetTargets.length > 0 && userCount > 0) {
    const nearest = [...meetTargets].sort((a, b) => compareByDistance(a, b, input.keys))[0] as Point;
    for (const { t, i } of guards) {
      if (meetTargets.some((p) => passes(p, i))) continue;
      const judged = decidingRun(nearest)?.judged[i];
      const reads =
        judged === undefined
          ? ''
          : ` (${settingsText(input, nearest)} reads ${formatMetric(judged.value, metricUnit(t.metric))})`;
      notes.push({
        kind: 'blocker',
        message:
          `${t.text}: a guard, no worse than the scenario as given; ${plural(meetTargets.length, 'configuration')} ` +
          `met every --target (or may, at more actions) but none kept it${reads}. --target ${t.metric}<=X sets your own limit, ` +
          `--skip-guard ${t.metric} drops it.`,
      });
    }
  }
  return notes;
}

/** The answer's fields and how it was found. */
function howFound(input: ExplainInput): Note[] {
  const fields = patchFields(input.base, input.choice.best.scenario, input.dims);
  const named = fields.map((f) => f.path).join(', ');
  const note = (message: string): Note[] => [{ kind: 'smallest', message }];
  if (fields.length === 0) {
    return note('The scenario as given meets every target (its guards are itself): nothing to change.');
  }
  if (input.smallest !== null) {
    const tried =
      input.smallest === 1
        ? 'the scenario as given does not meet every target and guard, and every change of one field was simulated'
        : 'neither the scenario as given nor any change of one field meets every target and guard, and the changes of two fields were simulated';
    return note(`Changes ${plural(fields.length, 'field')} (${named}): ${tried} before any larger change.`);
  }
  if (input.preferred) {
    return note(
      `Changes ${plural(fields.length, 'field')} (${named}), the best by --prefer over the grid search; the smallest changes were not tried first.`,
    );
  }
  return note(
    `Changes ${plural(fields.length, 'field')} (${named}), found by the grid search: no change of one or two fields met every target and guard.`,
  );
}

/** A changed field at the first or last candidate of its range: the best may lie beyond. */
function edges(input: ExplainInput): Note[] {
  const best = input.choice.best;
  const changed = new Set(patchFields(input.base, best.scenario, input.dims).map((f) => f.path));
  return input.dims.flatMap((d, i) => {
    const j = best.idx[i] as number;
    if (!d.ordered || !changed.has(d.path) || d.values.length < 3) return [];
    if (j !== 0 && j !== d.values.length - 1) return [];
    const end = j === 0 ? 'bottom' : 'top';
    const range = `${d.labels[0] as string}..${d.labels[d.labels.length - 1] as string}`;
    return [
      {
        kind: 'edge',
        message: `${d.path} ${d.labels[j] as string} is at the ${end} of the range searched (${range}): a value beyond it may do better; --vary ${d.path}=... looks further.`,
      },
    ];
  });
}

/** The design fields left out of the search, and the scopes searched. */
/** The default paths a hedging scenario cannot search: hedging excludes retries. */
const HEDGE_EXCLUDES: readonly string[] = ['client.retries', 'client.backoff.base'];

function notSearched(input: ExplainInput): Note[] {
  const searched = new Map(input.dims.map((d) => [d.path, d]));
  const notes: Note[] = [];
  const scope = input.base.keys.scope;
  const scopes = searched.get('keys.scope');
  if (scopes !== undefined) {
    const defaults = scopes.source === 'default';
    notes.push({
      kind: 'scope',
      message: `keys.scope searched among ${scopes.labels.join(', ')}${
        defaults
          ? `: the scopes that key the same actions as ${scope} does (business would merge distinct actions with equal arguments; none and attempt recognise no repeat)`
          : ' (--vary)'
      }.`,
    });
  }
  const hedged = input.base.client.hedge !== 'none';
  if (hedged) {
    notes.push({
      kind: 'not-searched',
      message:
        'client.retries and client.backoff.base not searched: the scenario hedges (client.hedge), which excludes retries; ' +
        'client.hedge.after and client.hedge.max are searched instead.',
    });
  }
  for (const path of DEFAULT_PATHS.filter((p) => !searched.has(p) && !(hedged && HEDGE_EXCLUDES.includes(p)))) {
    const reason = input.fixed.includes(path)
      ? 'fixed (--fix)'
      : path === 'keys.scope'
        ? `${scope} has no other scope that keys the same actions and recognises more repeats`
        : path === 'keys.retention'
          ? 'there is no key to keep'
          : 'fixed';
    notes.push({ kind: 'not-searched', message: `${path} not searched: ${reason}; --vary ${path}=A,B,... adds it.` });
  }
  notes.push({
    kind: 'not-searched',
    message:
      'The world is not searched: service, network and agent fields (latency, losses, crashes, re-plans) describe what happens, not the design; --vary adds any of them.',
  });
  return notes;
}

/** Which record size the key store's targets were judged with. */
function recordSize(input: ExplainInput): Note[] {
  if (!input.targets.some(isStoreTarget)) return [];
  const bytes = formatBytes(input.base.keys.recordBytes);
  const store = input.recordBytesMeasuredIn ?? null;
  if (store !== null && input.recordBytesWritten) {
    return [
      {
        kind: 'record-size',
        message: `The key store is judged at keys.recordBytes = ${bytes}, measured in ${store} by idemsim store measure (the scenario file says so); measure again after a change of the record's shape.`,
      },
    ];
  }
  const where = input.recordBytesWritten ? 'as the scenario sets it, not measured' : 'the default, not measured';
  return [
    {
      kind: 'record-size',
      message: `The key store is judged at keys.recordBytes = ${bytes} (${where}); idemsim store measure FILE --write redis (or postgres) writes what your store really spends per record.`,
    },
  ];
}

function settingsText(input: ExplainInput, p: Point): string {
  const fields = patchFields(input.base, p.scenario, input.dims);
  return fields.length === 0 ? 'the scenario as given' : fields.map((f) => `${f.path} ${String(f.written)}`).join(', ');
}

const plural = (n: number, one: string): string => `${formatCount(n)} ${n === 1 ? one : `${one}s`}`;
