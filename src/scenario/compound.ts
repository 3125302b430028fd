// Fields written as small maps: a uniform range `{ min, max }` and the lognormal latency in
// either of its two forms, `{ median, sigma }` or `{ p50, p99 }`; and the member reading
// they share with the client's retry-limit maps (map-or-none.ts).
import type { Member } from '../model/fields.js';
import { issueAt, type Pos, type Problem } from './issues.js';
import { readerOf, type Spec } from './kinds.js';
import * as msg from './messages.js';
import { closest } from './suggest.js';
import { type MapEntry, type TreeNode, isNull } from './tree.js';
import type { Range } from '../model/scenario.js';
import { durationLiteral } from './units.js';
import { MAX_SIGMA } from '../model/limits.js';

/** The z of the 99th percentile as MODEL.md writes it: sigma = ln(p99 / p50) / 2.3263. */
export const Z99 = 2.3263;

export interface Latency {
  median: number;
  sigma: number;
}

function report(spec: Spec, pos: Pos, path: string, problem: Problem): undefined {
  spec.issues.push(issueAt(pos, path, problem));
  return undefined;
}

/**
 * The entries of a map of named members, unknown keys reported; an explicit null counts as
 * an empty map (`delay:` with its lines commented out). undefined when not a map at all.
 */
export function memberEntries(
  node: TreeNode,
  spec: Spec,
  names: readonly string[],
): { entries: MapEntry[]; clean: boolean } | undefined {
  if (isNull(node)) return { entries: [], clean: true };
  if (node.kind !== 'map') return report(spec, node.pos, spec.path, msg.wrongType(spec.path, node, spec.hint));
  const known: MapEntry[] = [];
  for (const entry of node.entries) {
    if (names.includes(entry.key)) known.push(entry);
    else {
      const problem = msg.unknownKey(spec.path, entry.key, closest(entry.key, names), names);
      spec.issues.push(issueAt(entry.keyPos, `${spec.path}.${entry.key}`, problem));
    }
  }
  return { entries: known, clean: known.length === node.entries.length };
}

/** Reads each member present; values are undefined where a member is missing or invalid. */
export function readMembers(
  entries: readonly MapEntry[],
  spec: Spec,
  members: Readonly<Record<string, Member>>,
  examples: Readonly<Record<string, string>>,
): { values: Map<string, number>; failed: boolean } {
  const values = new Map<string, number>();
  let failed = false;
  for (const { key, value } of entries) {
    const member = members[key];
    if (member === undefined) continue;
    const read = readerOf(member.kind);
    const path = `${spec.path}.${key}`;
    const example = examples[key] ?? '1';
    const hint = member.hint ?? msg.hint(member.kind);
    const n = read(value, { path, issues: spec.issues, hint, example, bounds: member.bounds });
    if (n === undefined) failed = true;
    else values.set(key, n);
  }
  return { values, failed };
}

/** How a range member reads in a message: as written, or the default with a note. */
function shown(entry: MapEntry | undefined, fallback: number): string {
  if (entry?.value.kind === 'scalar') return entry.value.source;
  return `${durationLiteral(fallback)} (the default)`;
}

/** `{ min, max }` of durations; a missing member takes the default's, then min <= max. */
export function readRange(node: TreeNode, spec: Spec, members: Readonly<Record<string, Member>>, fallback: Range) {
  const read = memberEntries(node, spec, Object.keys(members));
  if (read === undefined) return undefined;
  const { entries, clean } = read;
  const examples = { min: durationLiteral(fallback.min), max: durationLiteral(fallback.max) };
  const { values, failed } = readMembers(entries, spec, members, examples);
  if (failed || !clean) return undefined;
  const range: Range = { min: values.get('min') ?? fallback.min, max: values.get('max') ?? fallback.max };
  if (range.min <= range.max) return range;
  const min = entries.find((e) => e.key === 'min');
  const max = entries.find((e) => e.key === 'max');
  const pos = (min ?? max)?.value.pos ?? node.pos;
  return report(spec, pos, spec.path, msg.rangeOrder(spec.path, shown(min, fallback.min), shown(max, fallback.max)));
}

const FORM: Readonly<Record<string, 'median' | 'quantiles'>> = {
  median: 'median',
  sigma: 'median',
  p50: 'quantiles',
  p99: 'quantiles',
};

/** `{ median, sigma }` (a missing member takes the default's) or `{ p50, p99 }` (both needed). */
export function readLatency(
  node: TreeNode,
  spec: Spec,
  members: Readonly<Record<string, Member>>,
  fallback: Latency,
): Latency | undefined {
  const read = memberEntries(node, spec, Object.keys(members));
  if (read === undefined) return undefined;
  const { entries, clean } = read;
  const first = entries[0];
  const form = first === undefined ? 'median' : FORM[first.key];
  const stranger = entries.find((e) => FORM[e.key] !== form);
  if (stranger !== undefined) {
    const others = entries.filter((e) => FORM[e.key] === form).map((e) => e.key);
    report(spec, stranger.keyPos, `${spec.path}.${stranger.key}`, msg.latencyMixed(spec.path, stranger.key, others));
  }
  const median = durationLiteral(fallback.median);
  const examples = { median, sigma: String(fallback.sigma), p50: median, p99: '1.2s' };
  const { values, failed } = readMembers(entries, spec, members, examples);
  if (failed || !clean || stranger !== undefined) return undefined;
  if (form === 'median') {
    return { median: values.get('median') ?? fallback.median, sigma: values.get('sigma') ?? fallback.sigma };
  }
  const p50 = values.get('p50');
  const p99 = values.get('p99');
  if (p50 === undefined || p99 === undefined) {
    const [present, missing] = p50 === undefined ? ['p99', 'p50'] : ['p50', 'p99'];
    return report(spec, node.pos, spec.path, msg.latencyIncomplete(spec.path, present, missing));
  }
  if (p99 < p50) {
    const at = (key: string): MapEntry => entries.find((e) => e.key === key) as MapEntry;
    return report(
      spec,
      at('p99').value.pos,
      spec.path,
      msg.latencyOrder(spec.path, shown(at('p50'), p50), shown(at('p99'), p99)),
    );
  }
  const sigma = Math.log(p99 / p50) / Z99;
  if (sigma > MAX_SIGMA) {
    const at = (key: string): MapEntry => entries.find((e) => e.key === key) as MapEntry;
    return report(spec, at('p99').value.pos, spec.path, msg.latencySpread(spec.path, sigma, MAX_SIGMA));
  }
  return { median: p50, sigma };
}
