// Random scenario documents: valid ones, built field by field from the table in every input
// form, with the Scenario the loader must read from them; and broken ones, valid documents
// damaged with wrong types, out-of-range and huge numbers, odd units, unknown keys,
// unicode, deep nesting, alias bombs and raw text edits.
import fc from 'fast-check';
import { FIELDS, type Field, setValueAt } from '../../../src/model/fields.js';
import { childrenOf } from '../../../src/model/field-lookup.js';
import { defaultScenario } from '../../../src/scenario/index.js';
import type { Scenario } from '../../../src/model/scenario.js';
import { applyPreset } from '../../../src/presets/presets.js';
import { handlerValues } from '../../../src/presets/handlers.js';
import { METRICS } from '../../../src/model/metrics.js';
import { type YamlNode, emit, map, quoted, raw } from './emit.js';
import { BAD_KEYS, BAD_TEXTS } from './pools.js';
import { type Written, bound, brokenLayers, fieldValue } from './values.js';

export const FILE = 'fuzz.yaml';
const NAME = 'fuzz';

/** A document and, when it is valid by construction, the scenario it must load to. */
export interface Case {
  text: string;
  sets: string[];
  expected?: Scenario;
}

type Assignment = [path: string, value: unknown];

interface Part {
  entries: [string, YamlNode][];
  assignments: Assignment[];
}

const expectBlock: fc.Arbitrary<Written> = fc
  .uniqueArray(fc.integer({ min: 0, max: METRICS.length - 1 }), { maxLength: 3 })
  .chain((picked) => {
    const metrics = picked.map((i) => METRICS[i] as (typeof METRICS)[number]);
    return fc.tuple(...metrics.map((m) => bound(m.unit)), fc.boolean()).map(([...parts]) => {
      const flow = parts.pop() as boolean;
      const bounds = parts as Written[];
      const value: Record<string, unknown> = {};
      // The loader keeps the catalogue's order, whatever the file's.
      for (const m of METRICS) {
        const i = metrics.indexOf(m);
        if (i >= 0) value[m.name] = (bounds[i] as Written).value;
      }
      const entries = bounds.map((b, i): [string, YamlNode] => [(metrics[i] as (typeof METRICS)[number]).name, b.node]);
      return { node: entries.length === 0 ? raw('') : map(entries, flow), value };
    });
  });

const DEFAULT_METRICS = [
  'duplicatesPerThousand',
  'lostPerThousand',
  'conflictRate',
  'latency.call.p95',
  'keyStore.steadyStateBytes',
];

/** A few valid `sweep:` blocks in their written forms, with the SweepSpec each loads to; fresh nodes each time (broken cases edit them). */
const sweepBlocks = (): Written[] => [
  {
    node: map([['vary', map([['client.timeout', raw('400ms..3s:200ms')]])]]),
    value: { vary: [{ path: 'client.timeout', spec: '400ms..3s:200ms' }], metrics: DEFAULT_METRICS },
  },
  {
    node: map(
      [
        [
          'vary',
          map([
            ['keys.retention', raw('[5m, 15m, 1h]')],
            ['network.replyLoss', raw('0..0.1:0.05')],
          ]),
        ],
        ['metrics', raw('[lostPerThousand, duplicatesPerThousand]')],
      ],
      true,
    ),
    value: {
      vary: [
        { path: 'keys.retention', spec: '5m,15m,1h' },
        { path: 'network.replyLoss', spec: '0..0.1:0.05' },
      ],
      metrics: ['lostPerThousand', 'duplicatesPerThousand'],
    },
  },
  {
    node: map([
      [
        'vary',
        map([
          ['client.retries', raw('0,1,3')],
          ['keys.scope', raw('[none, call]')],
        ]),
      ],
      ['metrics', raw('')],
    ]),
    value: {
      vary: [
        { path: 'client.retries', spec: '0,1,3' },
        { path: 'keys.scope', spec: 'none,call' },
      ],
      metrics: DEFAULT_METRICS,
    },
  },
];
const sweepBlock: fc.Arbitrary<Written> = fc.nat({ max: 2 }).map((i) => sweepBlocks()[i] as Written);

function valueOf(field: Field): fc.Arbitrary<Written> {
  return field.kind === 'expect' ? expectBlock : field.kind === 'sweep' ? sweepBlock : fieldValue(field);
}

const BY_PATH = new Map(FIELDS.map((field) => [field.path, field]));
const join = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`);

/** The fields of a group, each present or not, and its subgroups, in any written style. */
function group(path: string): fc.Arbitrary<Part> {
  const children = childrenOf(path).map((key): fc.Arbitrary<Part> => {
    const child = join(path, key);
    const field = BY_PATH.get(child);
    if (field !== undefined) {
      return fc
        .option(valueOf(field), { freq: 2 })
        .map((w) =>
          w === null ? { entries: [], assignments: [] } : { entries: [[key, w.node]], assignments: [[child, w.value]] },
        );
    }
    return fc.tuple(group(child), fc.constantFrom('block', 'flow', 'null', 'omit')).map(([part, style]) => {
      if (part.entries.length > 0)
        return { entries: [[key, map(part.entries, style === 'flow')]], assignments: part.assignments };
      if (style === 'omit') return { entries: [], assignments: [] };
      return { entries: [[key, style === 'null' ? raw('') : map([], true)]], assignments: [] };
    });
  });
  return fc.tuple(...children).map((parts) => ({
    entries: parts.flatMap((p) => p.entries),
    assignments: parts.flatMap((p) => p.assignments),
  }));
}

/** A valid document: its tree and the scenario it must load to. */
export const validTree: fc.Arbitrary<{ root: YamlNode; expected: Scenario }> = fc
  .tuple(group(''), fc.boolean())
  .map(([part, shuffle]) => {
    const expected = defaultScenario();
    expected.name = NAME;
    for (const [path, value] of part.assignments) setValueAt(expected, path, value);
    // A preset fills every field the document does not write (MODEL.md D, real clients).
    const written = new Set(part.assignments.map(([path]) => path));
    const { preset } = expected.client;
    if (preset !== 'none') applyPreset(expected, preset, (path) => written.has(path));
    // So does a handler profile, in the keys fields (MODEL.md F, handler profiles).
    const { handler } = expected.keys;
    if (handler !== 'reference') {
      for (const [path, value] of handlerValues(handler)) if (!written.has(path)) setValueAt(expected, path, value);
    }
    // Hedging excludes retries: a hedged document writes retries: 0.
    if (expected.client.hedge !== 'none' && expected.client.retries > 0) {
      noRetries(part.entries);
      expected.client.retries = 0;
    }
    // Key order does not matter to the loader.
    const entries = shuffle ? [...part.entries].reverse() : part.entries;
    return { root: map(entries), expected };
  });

/** `client.retries: 0` in the document's client map (which holds the hedge, so exists). */
function noRetries(entries: [string, YamlNode][]): void {
  const client = entries.find(([key]) => key === 'client')?.[1];
  if (client?.kind !== 'map') throw new Error('a hedge outside a client map');
  const retries = client.entries.find(([key]) => key === 'retries');
  if (retries === undefined) client.entries.push(['retries', raw('0')]);
  else retries[1] = raw('0');
}

export const validCase: fc.Arbitrary<Case> = validTree.map(({ root, expected }) => ({
  text: emit(root),
  sets: [],
  expected,
}));

// Broken documents

const units = fc.constantFrom(
  'ms',
  's',
  'S',
  'sec',
  'm',
  'min',
  'h',
  'd',
  'w',
  'B',
  'kb',
  'KB',
  'KiB',
  'kib',
  '%',
  'µs',
  '秒',
);
const badScalar: fc.Arbitrary<YamlNode> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BAD_TEXTS).map(raw) },
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => raw(quoted(s))),
  fc.double().map((d) => raw(String(d))),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((b) => raw(String(b))),
  fc
    .tuple(fc.oneof(fc.double({ noNaN: true }).map(String), fc.nat().map(String)), fc.constantFrom('', ' '), units)
    .map(([n, space, unit]) => raw(`${n}${space}${unit}`)),
);

const badKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...BAD_KEYS),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

const badValue: fc.Arbitrary<YamlNode> = fc.letrec<{ value: YamlNode }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    badScalar,
    fc.array(tie('value'), { maxLength: 3 }).map((items): YamlNode => ({ kind: 'list', items })),
    fc.tuple(fc.array(fc.tuple(badKey, tie('value')), { maxLength: 3 }), fc.boolean()).map(([e, flow]) => map(e, flow)),
  ),
})).value;

/** Nesting past the loader's limit of 64, in flow (`[[[...]]]`) or block style. */
const deep: fc.Arbitrary<YamlNode> = fc
  .tuple(fc.integer({ min: 1, max: 120 }), fc.constantFrom('list', 'flow-map', 'block-map'))
  .map(([depth, style]) => {
    if (style === 'list') return raw(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    if (style === 'flow-map') return raw(`${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`);
    let node: YamlNode = raw('1');
    for (let i = 0; i < depth; i++) node = map([['a', node]]);
    return node;
  });

const ALIAS_BOMB = [
  'bomb:',
  '  a: &a ["x","x","x","x","x","x","x","x","x","x"]',
  '  b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]',
  '  c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]',
  '  d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  '  e: [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]',
  '',
].join('\n');

type Mutation =
  | { kind: 'replace'; at: number; value: YamlNode }
  | { kind: 'add'; at: number; key: string; value: YamlNode }
  | { kind: 'rename'; at: number; key: string }
  | { kind: 'duplicate'; at: number }
  | { kind: 'layers'; value: YamlNode };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: fc.oneof(badValue, deep) }),
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(), key: badKey, value: badValue }),
  fc.record({ kind: fc.constant('rename' as const), at: fc.nat(), key: badKey }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('layers' as const), value: brokenLayers }),
);

/** Every map of the tree, root first. */
function maps(node: YamlNode): Extract<YamlNode, { kind: 'map' }>[] {
  if (node.kind === 'list') return node.items.flatMap(maps);
  if (node.kind !== 'map') return [];
  return [node, ...node.entries.flatMap(([, v]) => maps(v))];
}

function apply(root: YamlNode, m: Mutation): void {
  if (m.kind === 'layers') {
    putLayers(root, m.value);
    return;
  }
  const all = maps(root);
  const target = all[m.at % all.length] as Extract<YamlNode, { kind: 'map' }>;
  const i = m.at % Math.max(1, target.entries.length);
  const entry = target.entries[i];
  switch (m.kind) {
    case 'add':
      target.entries.splice(i, 0, [m.key, m.value]);
      break;
    case 'replace':
      if (entry !== undefined) entry[1] = m.value;
      break;
    case 'rename':
      if (entry !== undefined) entry[0] = m.key;
      break;
    case 'duplicate':
      if (entry !== undefined) target.entries.splice(i, 0, [entry[0], entry[1]]);
      break;
  }
}

/** `client.layers: value` in the document, beside what its client map holds (MODEL.md E). */
function putLayers(root: YamlNode, value: YamlNode): void {
  if (root.kind !== 'map') return;
  const client = root.entries.find(([key]) => key === 'client');
  if (client === undefined) {
    root.entries.push(['client', map([['layers', value]])]);
  } else if (client[1].kind !== 'map') {
    client[1] = map([['layers', value]]);
  } else {
    const layers = client[1].entries.find(([key]) => key === 'layers');
    if (layers === undefined) client[1].entries.push(['layers', value]);
    else layers[1] = value;
  }
}

/** Raw text edits that break YAML itself. */
const edit = fc.tuple(
  fc.nat(),
  fc.constantFrom(
    ':',
    '[',
    '{',
    '- ',
    '\n',
    '\t',
    '&a ',
    '*a',
    '---\n',
    '"',
    "'",
    '#',
    '? ',
    '!!',
    '%YAML 1.2\n',
    '\r',
    '\u0000',
    '\ufeff',
    '  ',
    '\\',
  ),
);

/** `--set` arguments, valid and not, to mix with broken documents. */
const setArg: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        ...FIELDS.map((f) => f.path),
        'agent.replan',
        'service.latency.p50',
        'expect.lostActions.max',
        'nope',
      ),
      badScalar,
    )
    .map(([path, value]) => `${path}=${value.kind === 'raw' ? value.text : ''}`),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('client.timeout=2s', 'keys.scope=intent', 'actions=300', 'seed', '=1', 'expect.duplicates.max=0'),
);

export const brokenCase: fc.Arbitrary<Case> = fc
  .tuple(
    validTree,
    fc.array(mutation, { minLength: 1, maxLength: 3 }),
    fc.array(edit, { maxLength: 2 }),
    fc.option(fc.constantFrom(ALIAS_BOMB, '&a x: 1\n', 'x: &a 1\ny: *a\n', '--- \n'), { freq: 8 }),
    fc.option(fc.array(setArg, { minLength: 1, maxLength: 2 }), { freq: 4 }),
  )
  .map(([{ root }, mutations, edits, prefix, sets]) => {
    const tree = structuredClone(root);
    for (const m of mutations) apply(tree, m);
    let text = (prefix ?? '') + emit(tree);
    for (const [at, insert] of edits) {
      const i = at % (text.length + 1);
      text = text.slice(0, i) + insert + text.slice(i);
    }
    return { text, sets: sets ?? [] };
  });

/** Valid and broken documents, one valid in three. */
export const anyCase: fc.Arbitrary<Case> = fc.oneof(
  { weight: 1, arbitrary: validCase },
  { weight: 2, arbitrary: brokenCase },
);
