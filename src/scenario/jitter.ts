// `client.backoff.jitter` (MODEL.md D, real clients): one of the jitter words, or
// `{ proportional: [lo, hi] }`, the capped delay times U(lo, hi), as real clients jitter it
// (the OpenAI and Anthropic SDKs draw U(0.75, 1), the OpenAI Agents SDK U(0.875, 1.125),
// so hi may exceed 1). A scalar is read as a word exactly as before the map form existed.
import { memberEntries } from './compound.js';
import { type Problem, issueAt } from './issues.js';
import { type Spec, readEnum, readNumber } from './kinds.js';
import * as msg from './messages.js';
import type { ScalarNode, TreeNode } from './tree.js';
import { PERCENT_UNITS, parseQuantity } from './units.js';
import type { Jitter, JitterSpec } from '../model/scenario.js';

const KEY = 'proportional';
const BOUND_HINT = 'a number such as 0.75 (a factor of the delay, no unit)';
const EXAMPLES = ['0.75', '1'] as const;

export function readJitter(node: TreeNode, spec: Spec): JitterSpec | undefined {
  // Every scalar keeps the word's reader and messages (`jitter: fast` -> did you mean ...).
  if (node.kind === 'scalar') return readEnum(node, spec) as Jitter | undefined;
  if (node.kind === 'list') {
    spec.issues.push(issueAt(node.pos, spec.path, msg.jitterForm(spec.path, node, spec.values ?? [])));
    return undefined;
  }
  const read = memberEntries(node, spec, [KEY]);
  if (read === undefined) return undefined;
  const entry = read.entries[0];
  // A misspelt key is reported once, as unknown (with did-you-mean), not again as missing.
  if (entry === undefined) {
    if (read.clean) spec.issues.push(issueAt(node.pos, spec.path, msg.jitterMissing(spec.path)));
    return undefined;
  }
  const pair = readPair(entry.value, { ...spec, path: `${spec.path}.${KEY}` });
  return pair === undefined || !read.clean ? undefined : { proportional: pair };
}

/** `[lo, hi]`: exactly two numbers, each at least 0, lo <= hi. */
function readPair(node: TreeNode, spec: Spec): [number, number] | undefined {
  const { path, issues } = spec;
  if (node.kind !== 'list') {
    issues.push(issueAt(node.pos, path, msg.jitterPair(path, node)));
    return undefined;
  }
  if (node.items.length !== 2) {
    // Too many: point at the first one too many; too few: at the list.
    const at = node.items[2]?.pos ?? node.pos;
    issues.push(issueAt(at, path, msg.jitterPairLength(path, node.items.length)));
    return undefined;
  }
  const [loNode, hiNode] = node.items as [TreeNode, TreeNode];
  const lo = readBound(loNode, spec, 0);
  const hi = readBound(hiNode, spec, 1);
  if (lo === undefined || hi === undefined) return undefined;
  if (lo <= hi) return [lo, hi];
  const text = (n: TreeNode): string => (n as ScalarNode).source;
  issues.push(issueAt(loNode.pos, path, msg.jitterOrder(path, text(loNode), text(hiNode))));
  return undefined;
}

/** One bound, a plain number >= 0; a string gets a message for what it most likely meant. */
function readBound(node: TreeNode, pair: Spec, i: 0 | 1): number | undefined {
  const path = `${pair.path}[${i}]`;
  if (node.kind === 'scalar' && typeof node.value === 'string') {
    const problem = boundText(path, node.value);
    if (problem !== undefined) {
      pair.issues.push(issueAt(node.pos, path, problem));
      return undefined;
    }
  }
  const spec = { path, issues: pair.issues, hint: BOUND_HINT, example: EXAMPLES[i], bounds: { min: 0 } };
  return readNumber(node, spec);
}

/** `"0.5"`: unquote it; `"75%"`: write 0.75; `"500ms"`: no unit. Other strings: a wrong type. */
function boundText(path: string, text: string): Problem | undefined {
  const q = parseQuantity(text, PERCENT_UNITS);
  switch (q.kind) {
    case 'no-unit':
      return msg.jitterBoundText(path, text, q.number);
    case 'ok':
      return msg.jitterBoundText(path, text, undefined, Number.isFinite(q.value) && q.value >= 0 ? q.value : undefined);
    case 'unknown-unit':
      return msg.jitterBoundText(path, text);
    case 'not-a-quantity':
      return undefined;
  }
}
