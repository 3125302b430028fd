// `client.backoff.jitter` (MODEL.md D, real clients): one of the jitter words,
// `{ proportional: [lo, hi] }`, the capped delay times U(lo, hi), as real clients jitter it
// (the OpenAI and Anthropic SDKs draw U(0.75, 1), the OpenAI Agents SDK U(0.875, 1.125),
// so hi may exceed 1), or `{ additive: [lo, hi] }`, the capped delay plus U(lo, hi) of
// durations, as LangGraph jitters it (+ U(0, 1 s)). A scalar is read as a word exactly as
// before the map forms existed.
import { memberEntries } from './compound.js';
import { type Problem, issueAt } from './issues.js';
import { type Spec, readDuration, readEnum, readNumber } from './kinds.js';
import * as msg from './messages.js';
import type { ScalarNode, TreeNode } from './tree.js';
import { DURATION_UNITS, PERCENT_UNITS, parseQuantity } from './units.js';
import type { Jitter, JitterSpec } from '../model/scenario.js';

const KEYS: readonly msg.JitterKey[] = ['proportional', 'additive'];
const FACTOR_HINT = 'a number such as 0.75 (a factor of the delay, no unit)';
const EXAMPLES: Readonly<Record<msg.JitterKey, readonly [string, string]>> = {
  proportional: ['0.75', '1'],
  additive: ['0ms', '1s'],
};

export function readJitter(node: TreeNode, spec: Spec): JitterSpec | undefined {
  // Every scalar keeps the word's reader and messages (`jitter: fast` -> did you mean ...).
  if (node.kind === 'scalar') return readEnum(node, spec) as Jitter | undefined;
  if (node.kind === 'list') {
    spec.issues.push(issueAt(node.pos, spec.path, msg.jitterForm(spec.path, node, spec.values ?? [])));
    return undefined;
  }
  const read = memberEntries(node, spec, KEYS);
  if (read === undefined) return undefined;
  const [entry, second] = read.entries;
  // A misspelt key is reported once, as unknown (with did-you-mean), not again as missing.
  if (entry === undefined) {
    if (read.clean) spec.issues.push(issueAt(node.pos, spec.path, msg.jitterMissing(spec.path)));
    return undefined;
  }
  // Both forms: one issue at the second key, and neither pair read.
  if (second !== undefined) {
    spec.issues.push(issueAt(second.keyPos, `${spec.path}.${second.key}`, msg.jitterMixed(spec.path)));
    return undefined;
  }
  const key = entry.key as msg.JitterKey;
  const pair = readPair(entry.value, { ...spec, path: `${spec.path}.${key}` }, key);
  if (pair === undefined || !read.clean) return undefined;
  return key === 'additive' ? { additive: pair } : { proportional: pair };
}

/** `[lo, hi]`: exactly two values, each at least 0, lo <= hi. */
function readPair(node: TreeNode, spec: Spec, key: msg.JitterKey): [number, number] | undefined {
  const { path, issues } = spec;
  if (node.kind !== 'list') {
    issues.push(issueAt(node.pos, path, msg.jitterPair(path, node, key)));
    return undefined;
  }
  if (node.items.length !== 2) {
    // Too many: point at the first one too many; too few: at the list.
    const at = node.items[2]?.pos ?? node.pos;
    issues.push(issueAt(at, path, msg.jitterPairLength(path, node.items.length, key)));
    return undefined;
  }
  const [loNode, hiNode] = node.items as [TreeNode, TreeNode];
  const read = key === 'additive' ? readDurationBound : readFactor;
  const lo = read(loNode, spec, 0);
  const hi = read(hiNode, spec, 1);
  if (lo === undefined || hi === undefined) return undefined;
  if (lo <= hi) return [lo, hi];
  const text = (n: TreeNode): string => (n as ScalarNode).source;
  issues.push(issueAt(loNode.pos, path, msg.jitterOrder(path, text(loNode), text(hiNode))));
  return undefined;
}

/** An additive bound: a duration >= 0 (a plain number is milliseconds), read as every duration is. */
function readDurationBound(node: TreeNode, pair: Spec, i: 0 | 1): number | undefined {
  const path = `${pair.path}[${i}]`;
  const example = EXAMPLES.additive[i];
  return readDuration(node, { path, issues: pair.issues, hint: msg.hint('duration'), example, bounds: { min: 0 } });
}

/** A proportional bound, a plain number >= 0; a string gets a message for what it most likely meant. */
function readFactor(node: TreeNode, pair: Spec, i: 0 | 1): number | undefined {
  const path = `${pair.path}[${i}]`;
  if (node.kind === 'scalar' && typeof node.value === 'string') {
    const problem = boundText(path, node.value);
    if (problem !== undefined) {
      pair.issues.push(issueAt(node.pos, path, problem));
      return undefined;
    }
  }
  const spec = { path, issues: pair.issues, hint: FACTOR_HINT, example: EXAMPLES.proportional[i], bounds: { min: 0 } };
  return readNumber(node, spec);
}

/** `"0.5"`: unquote it; `"75%"`: write 0.75; `"500ms"`: no unit (or the additive form). Other strings: a wrong type. */
function boundText(path: string, text: string): Problem | undefined {
  const q = parseQuantity(text, PERCENT_UNITS);
  switch (q.kind) {
    case 'no-unit':
      return msg.jitterBoundText(path, text, q.number);
    case 'ok':
      return msg.jitterBoundText(path, text, undefined, Number.isFinite(q.value) && q.value >= 0 ? q.value : undefined);
    case 'unknown-unit': {
      const duration = parseQuantity(text, DURATION_UNITS).kind === 'ok';
      return msg.jitterBoundText(path, text, undefined, undefined, duration);
    }
    case 'not-a-quantity':
      return undefined;
  }
}
