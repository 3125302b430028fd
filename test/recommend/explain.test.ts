// Why the answer is what it is: the store/retention conflict with its arithmetic, the
// targets and guards that block, how few fields the answer changes, an answer at the edge
// of its range, what was not searched, and the record size the store was judged at.
import { describe, expect, it } from 'vitest';
import { simRun, target, type Numbers } from './helpers.js';
import type { Target } from '../../src/model/bounds.js';
import { metricUnit } from '../../src/model/metrics.js';
import type { Note } from '../../src/model/recommend.js';
import type { Scenario } from '../../src/model/scenario.js';
import { formatBytes, formatMetric, proseDuration } from '../../src/format/format.js';
import { defaultsWithSets } from '../../src/scenario/index.js';
import type { Choice } from '../../src/recommend/choose.js';
import { explain, retentionConflict, type ExplainInput } from '../../src/recommend/explain.js';
import { judgedRun, type Point } from '../../src/recommend/point.js';
import { rankingKeys } from '../../src/recommend/rank.js';
import { DEFAULT_PATHS, searchSpace, type Dimension } from '../../src/recommend/space.js';

function scenarioWith(sets: readonly string[]): Scenario {
  const outcome = defaultsWithSets(sets);
  if (!outcome.ok) throw new Error(outcome.issues.map((i) => i.message).join('; '));
  return outcome.scenario;
}

const guard = (text: string): Target => ({ ...target(text), source: 'guard' });

/** A search over the defaults with these --set arguments, and its points by candidate index. */
function space(baseSets: readonly string[], fixed: readonly string[] = []) {
  const base = scenarioWith(baseSets);
  const dims = searchSpace(base, [], fixed);
  const at = (path: string): number => dims.findIndex((d) => d.path === path);
  const dim = (path: string): Dimension => dims[at(path)] as Dimension;
  const given = (): number[] => dims.map((d) => d.given ?? 0);
  /** The point with these dimensions moved to these candidates (the others as given). */
  const point = (moves: Record<string, number>, targets: readonly Target[] = [], n?: Numbers): Point => {
    const idx = given();
    for (const [path, j] of Object.entries(moves)) idx[at(path)] = j;
    const sets = idx.map((j, i) => (dims[i] as Dimension).sets[j] as string);
    const scenario = scenarioWith([...baseSets, ...sets]);
    const p: Point = { idx, key: idx.join(','), scenario, sets, round: 0 };
    if (n !== undefined) p.search = judgedRun(simRun(n), scenario.seed, targets);
    return p;
  };
  return { base, dims, dim, point };
}

function choiceOf(status: Choice['status'], best: Point): Choice {
  return { status, best, runnersUp: [], rejected: [], front: [best], confirmed: 0, verified: 0 };
}

function explainFor(
  s: ReturnType<typeof space>,
  best: Point,
  over: Partial<Omit<ExplainInput, 'base' | 'dims'>> = {},
): Note[] {
  const targets = over.targets ?? [target('duplicatesPerThousand<=1')];
  return explain({
    base: s.base,
    dims: s.dims,
    targets,
    keys: rankingKeys(
      targets.filter((t) => t.source !== 'guard'),
      undefined,
    ),
    points: [best],
    choice: choiceOf('recommended', best),
    smallest: null,
    recordBytesWritten: false,
    fixed: [],
    preferred: false,
    ...over,
  });
}

const ofKind = (notes: readonly Note[], kind: Note['kind']): string[] =>
  notes.filter((n) => n.kind === kind).map((n) => n.message);

// Crash replays: p = 5% of actions, resumed 2 to 20 min later (the default resumeDelay);
// an intent key at 50 actions/s, 200 B a record (the defaults).
const CRASHES = ['keys.scope=intent', 'agent.crash.probability=0.05'];
const DUPLICATES = target('duplicatesPerThousand<=1');
const STORE = target('keyStore.steadyStateBytes<=1MB');

/** The retention the duplicates target needs, and the store that retention fills. */
function needed(s: Scenario, limit: number): { retention: number; bytes: number } {
  const { probability: p, resumeDelay } = s.agent.crash;
  const { min: a, max: b } = resumeDelay;
  const retention = b - ((b - a) * limit) / (1000 * p);
  return { retention, bytes: s.arrivals.rate * (retention / 1000) * s.keys.recordBytes };
}

describe('the store and retention conflict', () => {
  it('states the retention the duplicates target needs and the bytes that retention fills', () => {
    const s = scenarioWith(CRASHES);
    const { retention, bytes } = needed(s, DUPLICATES.limit);
    expect(bytes).toBeGreaterThan(STORE.limit);
    const note = retentionConflict(s, [DUPLICATES, STORE]);
    expect(note?.kind).toBe('conflict');
    const message = note?.message ?? '';
    expect(message.startsWith(`${DUPLICATES.text} and ${STORE.text} cannot both hold.`)).toBe(true);
    const { min: a, max: b } = s.agent.crash.resumeDelay;
    expect(message).toContain(`${proseDuration(a)} to ${proseDuration(b)} later`);
    expect(message).toContain(`keys.retention >= ${proseDuration(retention)}.`);
    expect(message).toContain(
      `${proseDuration(retention)} x ${formatBytes(s.keys.recordBytes)} = ${formatBytes(bytes)}`,
    );
    expect(message).toContain(`more than ${formatBytes(STORE.limit)}`);
  });

  it('a peak-bytes target conflicts the same way', () => {
    const s = scenarioWith(CRASHES);
    expect(retentionConflict(s, [DUPLICATES, target('keyStore.peakBytes<=1MB')])?.kind).toBe('conflict');
  });

  it('no conflict when the store target allows those bytes, up to exactly them', () => {
    const s = scenarioWith(CRASHES);
    const { bytes } = needed(s, DUPLICATES.limit);
    const exactly: Target = { ...STORE, limit: bytes, text: `keyStore.steadyStateBytes<=${bytes}` };
    expect(retentionConflict(s, [DUPLICATES, exactly])).toBeUndefined();
    expect(retentionConflict(s, [DUPLICATES, { ...exactly, limit: 2 * bytes }])).toBeUndefined();
  });

  it('no conflict without crashes, without a key, or without both targets', () => {
    const both = [DUPLICATES, STORE];
    expect(retentionConflict(scenarioWith([...CRASHES, 'agent.crash.probability=0']), both)).toBeUndefined();
    expect(retentionConflict(scenarioWith([...CRASHES, 'keys.scope=none']), [DUPLICATES, STORE])).toBeUndefined();
    const s = scenarioWith(CRASHES);
    expect(retentionConflict(s, [STORE])).toBeUndefined();
    expect(retentionConflict(s, [DUPLICATES])).toBeUndefined();
  });

  it('no conflict when the duplicates target allows every replay: 1000 p per thousand or more', () => {
    const s = scenarioWith(CRASHES);
    const all = 1000 * s.agent.crash.probability;
    expect(retentionConflict(s, [target(`duplicatesPerThousand<=${all}`), STORE])).toBeUndefined();
  });

  it('when nothing passes, the conflict is the first note', () => {
    const s = space(CRASHES);
    const closest = s.point({}, [DUPLICATES, STORE], { duplicatesPerThousand: 5, keyStoreBytes: 0.5e6 });
    const notes = explainFor(s, closest, {
      targets: [DUPLICATES, STORE],
      choice: choiceOf('infeasible', closest),
    });
    expect(notes[0]?.kind).toBe('conflict');
  });
});

describe('what blocks when nothing passes', () => {
  const DUP = target('duplicatesPerThousand<=0.1');
  const UNKNOWN = guard('unknownPerThousand<=1');
  const TARGETS = [DUP, UNKNOWN];
  const met: Numbers = { duplicatesPerThousand: 0.02, intervals: { duplicatesPerThousand: { low: 0, high: 0.05 } } };

  it('a target no point met nor came close to is named', () => {
    const s = space(['keys.scope=call']);
    const p = s.point({}, TARGETS, { duplicatesPerThousand: 5, unknownPerThousand: 0.5 });
    const notes = explainFor(s, p, { targets: TARGETS, points: [p], choice: choiceOf('infeasible', p) });
    expect(ofKind(notes, 'blocker')).toEqual([`${DUP.text}: no configuration searched met it, or came close.`]);
  });

  it('a target a point may meet at more actions (undecided, its estimate inside) does not block', () => {
    const s = space(['keys.scope=call']);
    const close = s.point({}, TARGETS, {
      duplicatesPerThousand: 0.08,
      unknownPerThousand: 3,
      intervals: { duplicatesPerThousand: { low: 0, high: 0.2 } },
    });
    const notes = explainFor(s, close, { targets: TARGETS, points: [close], choice: choiceOf('infeasible', close) });
    expect(ofKind(notes, 'blocker').some((m) => m.startsWith(DUP.text))).toBe(false);
  });

  it('a guard every point meeting the targets breaks is named, with what the nearest of them reads', () => {
    const s = space(['keys.scope=call']);
    const last = s.dim('client.timeout').values.length - 1;
    const meets = s.point({ 'client.timeout': last }, TARGETS, { ...met, unknownPerThousand: 3 });
    const keeps = s.point({}, TARGETS, { duplicatesPerThousand: 5, unknownPerThousand: 0.5 });
    const notes = explainFor(s, keeps, {
      targets: TARGETS,
      points: [meets, keeps],
      choice: choiceOf('infeasible', keeps),
    });
    const blockers = ofKind(notes, 'blocker');
    expect(blockers).toHaveLength(1);
    const timeout = s.dim('client.timeout').labels[last] as string;
    expect(blockers[0]).toContain(`${UNKNOWN.text}: a guard`);
    expect(blockers[0]).toContain('1 configuration met every --target');
    expect(blockers[0]).toContain(
      `(client.timeout ${timeout} reads ${formatMetric(3, metricUnit('unknownPerThousand'))})`,
    );
  });
});

describe('how the answer was found', () => {
  it('the scenario as given: nothing to change', () => {
    const s = space(['keys.scope=call']);
    const notes = explainFor(s, s.point({}), { smallest: 0 });
    expect(ofKind(notes, 'smallest')).toEqual([
      'The scenario as given meets every target (its guards are itself): nothing to change.',
    ]);
  });

  it('a smallest change names its fields and says no fewer passed', () => {
    const s = space(['keys.scope=call']);
    const notes = explainFor(s, s.point({ 'client.retries': 5 }), { smallest: 1 });
    const [message] = ofKind(notes, 'smallest');
    expect(message).toContain('Changes 1 field (client.retries)');
    expect(message).toContain('the scenario as given does not meet every target and guard');
    const [two] = ofKind(
      explainFor(s, s.point({ 'client.retries': 5, 'client.timeout': 0 }), { smallest: 2 }),
      'smallest',
    );
    expect(two).toContain('neither the scenario as given nor any change of one field meets every target and guard');
  });

  it('a grid answer changing three fields says no change of one or two fields met every target', () => {
    const s = space(['keys.scope=call']);
    const best = s.point({ 'client.timeout': 0, 'client.retries': 5, 'client.backoff.base': 0 });
    const [message] = ofKind(explainFor(s, best), 'smallest');
    expect(message).toBe(
      'Changes 3 fields (client.timeout, client.retries, client.backoff.base), found by the grid search: no change of one or two fields met every target and guard.',
    );
  });
});

describe('an answer at the edge of its range', () => {
  it('a changed field at the top candidate gets an edge note naming the range', () => {
    const s = space(['keys.scope=call']);
    const timeout = s.dim('client.timeout');
    const top = timeout.labels.length - 1;
    const notes = explainFor(s, s.point({ 'client.timeout': top }));
    const range = `${timeout.labels[0] as string}..${timeout.labels[top] as string}`;
    expect(ofKind(notes, 'edge')).toEqual([
      `client.timeout ${timeout.labels[top] as string} is at the top of the range searched (${range}): a value beyond it may do better; --vary client.timeout=... looks further.`,
    ]);
  });

  it('a changed field at the bottom candidate gets one too', () => {
    const s = space(['keys.scope=call']);
    const retention = s.dim('keys.retention');
    const notes = ofKind(explainFor(s, s.point({ 'keys.retention': 0 })), 'edge');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(
      `keys.retention ${retention.labels[0] as string} is at the bottom of the range searched`,
    );
    expect(notes[0]).toContain(`(${retention.labels[0] as string}..${retention.labels.at(-1) as string})`);
  });

  it('an unchanged field at an edge, or a changed one inside its range, gets none', () => {
    // The scenario's own timeout is the top of its range (the service's p99.9 rounded up).
    const s = space(['keys.scope=call', 'client.timeout=2s']);
    const timeout = s.dim('client.timeout');
    expect(timeout.given).toBe(timeout.values.length - 1);
    const retries = s.dim('client.retries');
    const inside = (retries.given as number) + 1;
    expect(inside).toBeLessThan(retries.values.length - 1);
    expect(ofKind(explainFor(s, s.point({ 'client.retries': inside })), 'edge')).toEqual([]);
  });

  it('no edge note for a backoff at its bottom when the answer has no retries (the backoff is not used)', () => {
    const s = space(['keys.scope=call']);
    const notes = ofKind(explainFor(s, s.point({ 'client.retries': 0, 'client.backoff.base': 0 })), 'edge');
    expect(notes.every((m) => !m.startsWith('client.backoff.base'))).toBe(true);
  });
});

describe('what was not searched', () => {
  const WORLD =
    'The world is not searched: service, network and agent fields (latency, losses, crashes, re-plans) describe what happens, not the design; --vary adds any of them.';

  it('a fixed field is named as fixed, with how to add it; the world always', () => {
    const s = space(['keys.scope=call'], ['client.backoff.base']);
    expect(ofKind(explainFor(s, s.point({}), { fixed: ['client.backoff.base'] }), 'not-searched')).toEqual([
      'client.backoff.base not searched: fixed (--fix); --vary client.backoff.base=A,B,... adds it.',
      WORLD,
    ]);
  });

  it('a searched scope lists the scopes that key the same actions', () => {
    const s = space(['keys.scope=call']);
    const [message] = ofKind(explainFor(s, s.point({})), 'scope');
    expect(
      message?.startsWith('keys.scope searched among call, intent: the scopes that key the same actions as call does'),
    ).toBe(true);
  });

  it('a scope with no other that keys the same actions is not searched, and says why', () => {
    const s = space(['keys.scope=intent']);
    const notes = explainFor(s, s.point({}));
    expect(ofKind(notes, 'scope')).toEqual([]);
    expect(ofKind(notes, 'not-searched')).toEqual([
      'keys.scope not searched: intent has no other scope that keys the same actions and recognises more repeats; --vary keys.scope=A,B,... adds it.',
      WORLD,
    ]);
  });

  it('no key and no scope searched: retention is not searched, there is no key to keep', () => {
    const s = space(['keys.scope=none'], ['keys.scope']);
    expect(s.dims.map((d) => d.path)).toEqual(DEFAULT_PATHS.slice(0, 3));
    const notes = ofKind(explainFor(s, s.point({}), { fixed: ['keys.scope'] }), 'not-searched');
    expect(notes).toContain(
      'keys.retention not searched: there is no key to keep; --vary keys.retention=A,B,... adds it.',
    );
    expect(notes).toContain('keys.scope not searched: fixed (--fix); --vary keys.scope=A,B,... adds it.');
  });
});

describe('the record size the store is judged at', () => {
  const STORE_TARGETS = [target('duplicatesPerThousand<=1'), target('keyStore.steadyStateBytes<=64MB')];

  it('as the scenario sets it, when the file or a --set wrote it', () => {
    const s = space(['keys.scope=call', 'keys.recordBytes=512']);
    const notes = explainFor(s, s.point({}), { targets: STORE_TARGETS, recordBytesWritten: true });
    const [message] = ofKind(notes, 'record-size');
    expect(message).toContain(`keys.recordBytes = ${formatBytes(512)} (as the scenario sets it, not measured)`);
  });

  it('measured, and where, when the file carries the comment store measure --write leaves', () => {
    const s = space(['keys.scope=call', 'keys.recordBytes=1453']);
    const notes = explainFor(s, s.point({}), {
      targets: STORE_TARGETS,
      recordBytesWritten: true,
      recordBytesMeasuredIn: 'redis',
    });
    const [message] = ofKind(notes, 'record-size');
    expect(message).toContain(`keys.recordBytes = ${formatBytes(1453)}, measured in redis by idemsim store measure`);
    // Not written (a default) cannot have been measured, whatever a stray comment says.
    const unwritten = explainFor(s, s.point({}), {
      targets: STORE_TARGETS,
      recordBytesWritten: false,
      recordBytesMeasuredIn: 'redis',
    });
    expect(ofKind(unwritten, 'record-size')[0]).toContain('(the default, not measured)');
  });

  it('the default, not measured, when nothing wrote it', () => {
    const s = space(['keys.scope=call']);
    const notes = explainFor(s, s.point({}), { targets: STORE_TARGETS, recordBytesWritten: false });
    const [message] = ofKind(notes, 'record-size');
    expect(message).toContain(`keys.recordBytes = ${formatBytes(s.base.keys.recordBytes)} (the default, not measured)`);
  });

  it('no note without a target on the store', () => {
    const s = space(['keys.scope=call']);
    expect(ofKind(explainFor(s, s.point({}), { recordBytesWritten: true }), 'record-size')).toEqual([]);
    const atLeast = [target('keyStore.steadyStateBytes>=1MB')];
    expect(ofKind(explainFor(s, s.point({}), { targets: atLeast }), 'record-size')).toEqual([]);
  });
});
