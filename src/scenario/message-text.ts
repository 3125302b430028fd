// The pieces every message is written with: a problem and its code, a user's text quoted on
// one line, what a node is ("the string ..."), and lists in prose.
import type { Code } from './codes.js';
import type { Problem } from './issues.js';
import type { TreeNode } from './tree.js';

export const problem = (code: Code, message: string): Problem => ({ code, message });

/** A user's text, quoted and escaped so that a message stays on one line. */
export function show(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** What a node is, for "found ...": `the string "abc"`, `the number 2.5`, `a list`. */
export function found(node: TreeNode): string {
  if (node.kind === 'map') return 'a map';
  if (node.kind === 'list') return 'a list';
  const { value, source } = node;
  if (value === null) return 'nothing (an empty value)';
  if (typeof value === 'string') return `the string ${show(value)}`;
  if (typeof value === 'number') return `the number ${show(source).slice(1, -1)}`;
  return String(value);
}

export const list = (items: readonly string[]): string => items.join(', ');
/** `a, b or c` (`word` 'or') or `a, b and c`. */
export const last = (items: readonly string[], word: string): string =>
  items.length < 2 ? list(items) : `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1] as string}`;
export const where = (parent: string): string => (parent === '' ? 'at the top level' : `in ${parent}`);
