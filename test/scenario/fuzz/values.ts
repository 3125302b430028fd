// Valid values of each field kind in every input form MODEL.md allows ("Units and input
// forms"), each paired with the normalized value the loader must read from it.
import fc from 'fast-check';
import type { Bounds, Field, Member } from '../../../src/model/fields.js';
import type { Range } from '../../../src/model/scenario.js';
import { type Unit } from '../../../src/model/metric-types.js';
import { type YamlNode, map, quoted, raw } from './emit.js';
import { CONTROL } from '../../../src/scenario/kinds.js';
import { LIMITS, MIN_RATE } from '../../../src/model/limits.js';
import { LAYER_PRESETS, MAX_LAYERS } from '../../../src/model/layers.js';
import { defaultScenario } from '../../../src/model/scenario.js';
import { PRESETS } from '../../../src/presets/presets.js';

/** What a value is written as, and what the loader must make of it. */
export interface Written {
  node: YamlNode;
  value: unknown;
}

const written = (text: string, value: unknown): Written => ({ node: raw(text), value });

/** A unit: a power of ten (exact as a shifted decimal) or a plain factor. */
type UnitForm = { name: string; pow10: number } | { name: string; factor: number };

const DURATION: readonly UnitForm[] = [
  { name: 'ms', pow10: 0 },
  { name: 's', pow10: 3 },
  { name: 'm', factor: 60_000 },
  { name: 'h', factor: 3_600_000 },
  { name: 'd', factor: 86_400_000 },
];
const SIZE: readonly UnitForm[] = [
  { name: 'B', pow10: 0 },
  { name: 'KB', pow10: 3 },
  { name: 'MB', pow10: 6 },
  { name: 'GB', pow10: 9 },
  { name: 'KiB', factor: 1024 },
  { name: 'MiB', factor: 1024 ** 2 },
  { name: 'GiB', factor: 1024 ** 3 },
];

/** The integer v / 10^k as exact decimal text: (1234, 3) -> `1.234`, (5, 3) -> `0.005`. */
function shift(v: number, k: number): string {
  if (k === 0) return String(v);
  const digits = String(v).padStart(k + 1, '0');
  const fraction = digits.slice(-k).replace(/0+$/, '');
  return fraction === '' ? digits.slice(0, -k) : `${digits.slice(0, -k)}.${fraction}`;
}

/** Every exact text of a non-negative value with a unit from `units` (the first is the base unit). */
function unitTexts(v: number, units: readonly UnitForm[]): string[] {
  const base = units[0] as UnitForm;
  if (!Number.isInteger(v) || v >= 1e15) return [`${v}${base.name}`];
  const texts: string[] = [];
  for (const unit of units) {
    if ('pow10' in unit) texts.push(`${shift(v, unit.pow10)}${unit.name}`, `${v}e-${unit.pow10}${unit.name}`);
    else if (v % unit.factor === 0) texts.push(`${v / unit.factor}${unit.name}`);
  }
  return texts;
}

/** A number in one of its written forms: plain, or a string with a unit, a space, a sign. */
function quantity(v: number, units: readonly UnitForm[]): fc.Arbitrary<Written> {
  return fc
    .tuple(
      fc.constantFrom(String(v), ...unitTexts(v, units)),
      fc.constantFrom('', ' ', '  '),
      fc.constantFrom('', '+', '-'),
    )
    .map(([text, space, sign]) => {
      // -0 reads as 0; a minus on anything else would make it negative.
      const s = sign === '-' && v !== 0 ? '' : sign;
      if (text === String(v)) return written(`${s}${text}`, v);
      const unitAt = text.search(/[a-zA-Z]+$/);
      return written(`${s}${text.slice(0, unitAt)}${space}${text.slice(unitAt)}`, v);
    });
}

/** A non-negative number of a unit's base (ms, bytes), > 0 when `positive`. */
function magnitude(positive: boolean): fc.Arbitrary<number> {
  const low = positive ? 1 : 0;
  return fc.oneof(
    fc.integer({ min: low, max: 10_000 }),
    fc.integer({ min: low, max: 100_000_000_000 }),
    fc.constantFrom(1, 1000, 60_000, 3_600_000, 86_400_000, 1024, 1024 ** 3, ...(positive ? [] : [0])),
    fc.double({ min: positive ? Number.MIN_VALUE : 0, max: 1e6, noNaN: true }),
  );
}

export const duration = (bounds: Bounds = {}): fc.Arbitrary<Written> =>
  magnitude(bounds.minExclusive === true).chain((v) => quantity(v, DURATION));
export const size = (bounds: Bounds = {}): fc.Arbitrary<Written> =>
  magnitude(bounds.minExclusive === true).chain((v) => quantity(v, SIZE));

/** A probability: a number in [0, 1] or a percentage (value as the loader computes it). */
export const probability: fc.Arbitrary<Written> = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map((p) => written(String(p), p + 0)),
  fc.constantFrom(0, 1).map((p) => written(String(p), p)),
  fc
    .tuple(fc.integer({ min: 0, max: 1000 }), fc.constantFrom('', ' '), fc.boolean())
    .map(([tenths, space, asInteger]) => {
      const text = asInteger ? String(Math.floor(tenths / 10)) : shift(tenths, 1);
      return written(`${text}${space}%`, Number(`${text}e-2`));
    }),
);

/** `{ proportional: [lo, hi] }`, 0 <= lo <= hi, hi sometimes above 1 (MODEL.md D, real clients). */
const proportional: fc.Arbitrary<Written> = fc
  .tuple(fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true }), fc.boolean())
  .map(([a, b, flow]) => {
    const pair = [Math.min(a, b) + 0, Math.max(a, b) + 0] as [number, number];
    const list = raw(`[${pair.map(String).join(', ')}]`);
    return { node: map([['proportional', list]], flow), value: { proportional: pair } };
  });

/** A whole number in bounds, sometimes written as an integral float (`3.0`). */
export function integer(bounds: Bounds = {}): fc.Arbitrary<Written> {
  const min = bounds.min ?? -Number.MAX_SAFE_INTEGER;
  const max = bounds.max ?? Number.MAX_SAFE_INTEGER;
  return fc
    .tuple(
      fc.oneof(fc.integer({ min, max: Math.min(max, min + 20) }), fc.integer({ min, max })),
      fc.constantFrom('', '.0', 'e0'),
    )
    .map(([n, suffix]) => written(`${n}${Math.abs(n) < 1e15 ? suffix : ''}`, n));
}

export function number(bounds: Bounds = {}): fc.Arbitrary<Written> {
  const positive = bounds.minExclusive === true;
  const low = bounds.min ?? -1e9;
  return fc
    .oneof(
      fc.double({ min: Math.max(low, 1e-3), max: 1e5, noNaN: true }),
      fc.double({ min: low, max: 1e9, noNaN: true, minExcluded: positive }),
      fc.constantFrom(1, 2, 0.5, ...(positive ? [] : [0])),
    )
    .filter((x) => (positive ? x > 0 : x >= low))
    .map((x) => written(String(x), x + 0));
}

/** Valid text: no control character (src/scenario/kinds.ts refuses them). */
const text: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 20 }).filter((s) => !CONTROL.test(s)),
  fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !CONTROL.test(s)),
  fc.constantFrom('lab', 'refunds-2', 'ünïcødé', '退款', '💸 refunds', 'a b'),
);

export const string: fc.Arbitrary<Written> = text.map((s) => written(quoted(s), s));

export const seed: fc.Arbitrary<Written> = fc.oneof(
  integer(),
  fc.integer({ min: 0, max: 1000 }).map((n) => written(String(n), n)),
  string,
);

/** A range `{ min, max }` that holds min <= max once a missing member takes the default. */
export function range(fallback: Range): fc.Arbitrary<Written> {
  const ms = fc.integer({ min: 0, max: 10_000_000 });
  return fc.tuple(ms, ms, fc.constantFrom('both', 'min', 'max', 'none', 'null')).chain(([a, b, which]) => {
    let min = which === 'both' || which === 'min' ? a : fallback.min;
    let max = which === 'both' || which === 'max' ? b : fallback.max;
    let shape = which;
    if (min > max) {
      [min, max] = [Math.min(a, b), Math.max(a, b)];
      shape = 'both';
    }
    if (shape === 'null') return fc.constant({ node: raw(''), value: fallback });
    const members: [string, fc.Arbitrary<Written>][] = [];
    if (shape === 'both' || shape === 'min') members.push(['min', quantity(min, DURATION)]);
    if (shape === 'both' || shape === 'max') members.push(['max', quantity(max, DURATION)]);
    return fc.tuple(fc.tuple(...members.map(([, arb]) => arb)), fc.boolean()).map(([values, flow]) => ({
      node: map(
        values.map((v, i) => [(members[i] as [string, unknown])[0], v.node]),
        flow,
      ),
      value: { min, max },
    }));
  });
}

/** Z of the 99th percentile as MODEL.md writes it. */
const Z99 = 2.3263;

/** `{ median, sigma }` (members optional), `{ p50, p99 }`, or nothing (the default). */
export function latency(fallback: { median: number; sigma: number }): fc.Arbitrary<Written> {
  const median = duration({ min: 0, minExclusive: true });
  const sigma = fc.double({ min: 0, max: 3, noNaN: true }).map((x) => written(String(x), x + 0));
  const medianForm = fc.tuple(fc.option(median), fc.option(sigma), fc.boolean()).map(([m, s, flow]) => {
    const entries: [string, YamlNode][] = [];
    if (m !== null) entries.push(['median', m.node]);
    if (s !== null) entries.push(['sigma', s.node]);
    const value = { median: m?.value ?? fallback.median, sigma: s?.value ?? fallback.sigma };
    return { node: map(entries, flow), value };
  });
  const quantileForm = fc
    .tuple(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 100_000 }))
    .chain(([a, b]) => {
      const [p50, p99] = [Math.min(a, b), Math.max(a, b)];
      return fc.tuple(quantity(p50, DURATION), quantity(p99, DURATION)).map(([x, y]) => ({
        node: map([
          ['p50', x.node],
          ['p99', y.node],
        ]),
        value: { median: p50, sigma: Math.log(p99 / p50) / Z99 },
      }));
    });
  return fc.oneof(medianForm, quantileForm, fc.constant({ node: raw('~'), value: fallback }));
}

/** A bound's value in a metric's unit, normalized. */
function boundValue(unit: Unit): fc.Arbitrary<number> {
  switch (unit) {
    case 'ms':
    case 'bytes':
      return fc.oneof(fc.integer({ min: 0, max: 1_000_000_000 }), fc.constant(0));
    case 'ratio':
      return fc.oneof(
        fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x + 0),
        fc.constantFrom(0, 1),
      );
    default:
      return fc.oneof(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => x + 0),
        fc.integer(),
      );
  }
}

function boundText(unit: Unit, v: number): fc.Arbitrary<Written> {
  if (unit === 'ms') return quantity(v, DURATION);
  if (unit === 'bytes') return quantity(v, SIZE);
  return fc.constant(written(String(v), v));
}

/** `{ min?, max? }` with at least one, min <= max. */
export function bound(unit: Unit): fc.Arbitrary<Written> {
  return fc.tuple(boundValue(unit), boundValue(unit), fc.constantFrom('both', 'min', 'max')).chain(([a, b, which]) => {
    const [low, high] = [Math.min(a, b), Math.max(a, b)];
    const keys = which === 'both' ? ['min', 'max'] : [which];
    return fc.tuple(...keys.map((k) => boundText(unit, k === 'min' ? low : high))).map((values) => ({
      node: map(
        values.map((v, i) => [keys[i] as string, v.node]),
        true,
      ),
      value: Object.fromEntries(keys.map((k) => [k, k === 'min' ? low : high])),
    }));
  });
}

/** A list of items as a flow list (`[]` or an empty value for none), each item a flow or block map. */
function list(items: fc.Arbitrary<Written[]>): fc.Arbitrary<Written> {
  return fc.tuple(items, fc.constantFrom('[]', '', '~')).map(([written, empty]) => ({
    node: written.length === 0 ? raw(empty) : { kind: 'list', items: written.map((w) => w.node) },
    value: written.map((w) => w.value),
  }));
}

/** A map of members in any order, with the value the loader builds (members in `order`). */
function item(members: [string, Written][], order: readonly string[], flow: boolean): Written {
  const value: Record<string, unknown> = {};
  for (const key of order) {
    const member = members.find(([name]) => name === key);
    if (member !== undefined) value[key] = member[1].value;
  }
  return {
    node: map(
      members.map(([k, w]) => [k, w.node]),
      flow,
    ),
    value,
  };
}

/** A step's rate: 0 (a pause), or at least MIN_RATE, as for `arrivals.rate`. */
const stepRate: fc.Arbitrary<Written> = fc.oneof(fc.constant(written('0', 0)), number({ min: MIN_RATE }));

/** `arrivals.profile`: up to 4 steps, `until` strictly increasing, rates 0 or >= MIN_RATE. */
const profile: fc.Arbitrary<Written> = list(
  fc
    .array(fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), stepRate, fc.boolean(), fc.boolean()), {
      maxLength: 4,
    })
    .chain((steps) => {
      let until = 0;
      return fc.tuple(
        ...steps.map(([gap, rate, flow, reversed]) => {
          until += gap;
          return quantity(until, DURATION).map((u) => {
            const members: [string, Written][] = [
              ['until', u],
              ['rate', rate],
            ];
            return item(reversed ? members.reverse() : members, ['until', 'rate'], flow);
          });
        }),
      );
    }),
);

const EFFECTS = ['latencyFactor', 'errorRate', 'requestLoss', 'replyLoss'];

/** `incidents`: up to 3 windows, each with a non-empty subset of the effects. */
const incidents: fc.Arbitrary<Written> = list(
  fc.array(
    fc
      .tuple(
        duration({ min: 0 }),
        duration({ min: 0, minExclusive: true }),
        fc.subarray(EFFECTS, { minLength: 1 }),
        fc.boolean(),
      )
      .chain(([at, length, effects, flow]) =>
        fc
          .tuple(
            ...effects.map((name) => (name === 'latencyFactor' ? number({ min: 0, minExclusive: true }) : probability)),
          )
          .map((values) => {
            const members: [string, Written][] = [
              ['at', at],
              ['for', length],
              ...effects.map((name, i): [string, Written] => [name, values[i] as Written]),
            ];
            return item(members, ['at', 'for', ...EFFECTS], flow);
          }),
      ),
    { maxLength: 3 },
  ),
);

const JITTER_WORDS = ['none', 'full', 'equal', 'decorrelated'];
const jitter: fc.Arbitrary<Written> = fc.oneof(
  fc.constantFrom(...JITTER_WORDS).map((v) => written(v, v)),
  proportional,
);
const orNone = (w: fc.Arbitrary<Written>): fc.Arbitrary<Written> => fc.oneof(fc.constant(written('none', 'none')), w);

/** A layer's `backoff`: some of its members; the others come from the layer's preset, then the client's defaults. */
const layerBackoff = fc
  .tuple(
    fc.option(duration({ min: 0 }), { freq: 2 }),
    fc.option(number({ min: 0 }), { freq: 2 }),
    fc.option(duration({ min: 0 }), { freq: 2 }),
    fc.option(jitter, { freq: 2 }),
    fc.option(duration({ min: 0 }), { freq: 2 }),
    fc.boolean(),
  )
  .map(([base, multiplier, max, jitterValue, floor, flow]) => {
    const members: [string, Written | null][] = [
      ['base', base],
      ['multiplier', multiplier],
      ['max', max],
      ['jitter', jitterValue],
      ['floor', floor],
    ];
    const named = members.filter((m): m is [string, Written] => m[1] !== null);
    return {
      node: map(
        named.map(([key, w]) => [key, w.node]),
        flow,
      ),
      named,
    };
  });

const LAYER_BACKOFF = defaultScenario().client.backoff;

/**
 * One retry layer (MODEL.md E): some members, in any order. The layer's preset fills what
 * it does not write, then the layer defaults (the client's default backoff, no timeout, no
 * deadline, the same call id); a layer whose preset gives no retries writes them.
 */
const layer: fc.Arbitrary<Written> = fc
  .tuple(
    fc.option(fc.constantFrom('none', ...LAYER_PRESETS), { freq: 2 }),
    fc.option(integer({ min: 0, max: LIMITS.maxRetries }), { freq: 2 }),
    fc.option(layerBackoff, { freq: 2 }),
    fc.option(orNone(duration({ min: 0, minExclusive: true })), { freq: 2 }),
    fc.option(orNone(duration({ min: 0, minExclusive: true })), { freq: 2 }),
    fc.option(fc.constantFrom('true', 'false', 'True', 'FALSE'), { freq: 2 }),
    fc.option(fc.constantFrom('true', 'false', 'True', 'FALSE'), { freq: 2 }),
    fc.boolean(),
    fc.boolean(),
  )
  .chain(([preset, retries, backoff, timeout, deadline, newCall, conflicts, flow, reversed]) => {
    const filled = preset === null || preset === 'none' ? undefined : PRESETS[preset as keyof typeof PRESETS].client;
    // A layer must end up with retries: from the file, or from its preset.
    const retriesArb =
      retries !== null || filled?.retries !== undefined ? fc.constant(retries) : integer({ min: 0, max: 5 });
    return retriesArb.map((r) => {
      const entries: [string, YamlNode][] = [];
      if (preset !== null) entries.push(['preset', raw(preset)]);
      if (r !== null) entries.push(['retries', r.node]);
      if (backoff !== null) entries.push(['backoff', backoff.node]);
      if (timeout !== null) entries.push(['timeout', timeout.node]);
      if (deadline !== null) entries.push(['deadline', deadline.node]);
      if (newCall !== null) entries.push(['newCall', raw(newCall)]);
      if (conflicts !== null) entries.push(['retryConflicts', raw(conflicts)]);
      const value = {
        preset: preset ?? 'none',
        retries: r?.value ?? filled?.retries,
        retryConflicts: conflicts === null ? (filled?.retryConflicts ?? true) : conflicts.toLowerCase() === 'true',
        backoff: {
          ...LAYER_BACKOFF,
          ...(filled?.backoff ?? {}),
          ...Object.fromEntries((backoff?.named ?? []).map(([key, w]) => [key, w.value])),
        },
        timeout: timeout?.value ?? filled?.timeout ?? 'none',
        deadline: deadline?.value ?? filled?.deadline ?? 'none',
        newCall: newCall === null ? false : newCall.toLowerCase() === 'true',
      };
      return { node: map(reversed ? entries.reverse() : entries, flow), value };
    });
  });

/** `client.layers`: `none`, or up to MAX_LAYERS layers, innermost first. */
const layers: fc.Arbitrary<Written> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(written('none', [])) },
  { weight: 4, arbitrary: list(fc.array(layer, { maxLength: MAX_LAYERS })) },
);

/**
 * Layer lists the loader must refuse, one family each (MODEL.md E): too many layers, a
 * client's own mechanism or a client preset in a layer, a layer without retries (no preset,
 * or temporal's unlimited attempts), an unknown or misspelt member, and wrong types.
 */
export const brokenLayers: fc.Arbitrary<YamlNode> = fc.oneof(
  fc
    .array(layer, { minLength: MAX_LAYERS + 1, maxLength: MAX_LAYERS + 2 })
    .map((items): YamlNode => ({ kind: 'list', items: items.map((w) => w.node) })),
  fc
    .tuple(fc.constantFrom('hedge', 'throttle', 'budget'), fc.constantFrom('{ after: 1s, max: 2 }', 'none', '5'))
    .map(([key, value]) => raw(`[{ retries: 1, ${key}: ${value} }]`)),
  fc.constantFrom('aws-standard', 'envoy', 'stripe').map((preset) => raw(`[{ preset: ${preset} }]`)),
  fc.constantFrom('[{}]', '[{ preset: none }]', '[{ preset: temporal }]', '[{ timeout: 5s }]').map(raw),
  fc
    .constantFrom('[{ retires: 2 }]', '[{ retries: 2, newcall: true }]', '[{ retries: 2, backoff: { bse: 1s } }]')
    .map(raw),
  fc
    .constantFrom(
      '3',
      'langgraph',
      '{ preset: langgraph }',
      '[langgraph]',
      '[[]]',
      '[~]',
      '[{ retries: two }]',
      '[{ retries: -1 }]',
      '[{ retries: 101 }]',
      '[{ retries: 1, backoff: 1s }]',
      '[{ retries: 1, backoff: { jitter: sometimes } }]',
      '[{ retries: 1, timeout: -5s }]',
      '[{ retries: 1, timeout: 0 }]',
      '[{ retries: 1, deadline: soon }]',
      '[{ retries: 1, newCall: yes please }]',
      '[{ preset: langchain }]',
    )
    .map(raw),
);

/** A member's value within its bounds (a number's upper bound included: a budget's percent). */
function memberValue(member: Member): fc.Arbitrary<Written> {
  const { bounds } = member;
  switch (member.kind) {
    case 'duration':
      return duration(bounds);
    case 'integer':
      return integer({ min: bounds.min ?? 0, max: Math.min(bounds.max ?? 1e9, 1e9) });
    case 'probability':
      return probability;
    case 'number':
      return bounds.max === undefined
        ? number(bounds)
        : fc.double({ min: bounds.min ?? 0, max: bounds.max, noNaN: true }).map((x) => written(String(x), x + 0));
  }
}

/** `none`, or a map naming some members (the required ones always); the others take their defaults. */
function mapOrNone(field: Field): fc.Arbitrary<Written> {
  const members = Object.entries(field.members ?? {});
  const picks = members.map(([, member]) =>
    member.required === true ? memberValue(member) : fc.option(memberValue(member), { freq: 2 }),
  );
  const asMap = fc.tuple(fc.tuple(...picks), fc.boolean()).map(([values, flow]) => {
    const value: Record<string, unknown> = {};
    const entries: [string, YamlNode][] = [];
    members.forEach(([name, member], i) => {
      const w = values[i];
      value[name] = w === null || w === undefined ? member.default : w.value;
      if (w !== null && w !== undefined) entries.push([name, w.node]);
    });
    return { node: entries.length === 0 ? raw('{}') : map(entries, flow), value };
  });
  return fc.oneof(fc.constant(written('none', 'none')), asMap);
}

/** A valid value for any field but `expect` (see documents.ts). */
export function fieldValue(field: Field): fc.Arbitrary<Written> {
  const bounds = field.bounds ?? {};
  switch (field.kind) {
    case 'duration':
      return duration(bounds);
    case 'size':
      return size(bounds);
    case 'probability':
      return probability;
    case 'integer':
      // Counts up to a billion are valid; the fuzz run caps what it simulates.
      return integer({ min: bounds.min ?? 0, max: Math.min(bounds.max ?? 1e9, 1e9) });
    case 'number':
      return number(bounds);
    case 'enum':
      return fc.constantFrom(...(field.values ?? [])).map((v) => written(v, v));
    case 'jitter':
      return fc.oneof(
        fc.constantFrom(...(field.values ?? [])).map((v) => written(v, v)),
        proportional,
      );
    case 'boolean':
      return fc.constantFrom('true', 'false', 'True', 'FALSE').map((t) => written(t, t.toLowerCase() === 'true'));
    case 'string':
      return string;
    case 'seed':
      return seed;
    case 'range-of-durations':
      return range(field.default as Range);
    case 'latency':
      return latency(field.default as { median: number; sigma: number });
    case 'concurrency-or-unlimited':
      return fc.oneof(
        fc.constant(written('unlimited', 'unlimited')),
        integer({ min: 1, max: 1_000_000 }),
        integer({ min: 1, max: 8 }),
      );
    case 'duration-or-none':
      return fc.oneof(fc.constant(written('none', 'none')), duration(bounds));
    case 'map-or-none':
      return mapOrNone(field);
    case 'profile':
      return profile;
    case 'incidents':
      return incidents;
    case 'layers':
      return layers;
    case 'expect':
      throw new Error('expect blocks are built in documents.ts');
    case 'sweep':
      throw new Error('sweep blocks are built in documents.ts');
  }
}
