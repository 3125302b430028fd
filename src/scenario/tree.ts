// The scenario text as a small tree that remembers where each node was written: YAML
// (aliases resolved) and `--set` values both become this, and validation reads only this.
import type { Pos } from './issues.js';

export type ScalarValue = string | number | boolean | null;

export interface ScalarNode {
  kind: 'scalar';
  pos: Pos;
  value: ScalarValue;
  /** The text as written (`1.5s`, `.inf`, `0x10`), for messages. */
  source: string;
}

export interface MapEntry {
  key: string;
  keyPos: Pos;
  value: TreeNode;
}

export interface MapNode {
  kind: 'map';
  pos: Pos;
  entries: MapEntry[];
}

export interface ListNode {
  kind: 'list';
  pos: Pos;
  items: TreeNode[];
}

export type TreeNode = ScalarNode | MapNode | ListNode;

export function emptyMap(pos: Pos): MapNode {
  return { kind: 'map', pos, entries: [] };
}

export function findEntry(map: MapNode, key: string): MapEntry | undefined {
  return map.entries.find((e) => e.key === key);
}

/** An explicit null (`key:` with nothing after it, or `~`). */
export function isNull(node: TreeNode): boolean {
  return node.kind === 'scalar' && node.value === null;
}

/** The entry (key and value) at a path of keys, following maps only. */
export function entryAt(root: MapNode, keys: readonly string[]): MapEntry | undefined {
  let node: TreeNode = root;
  let entry: MapEntry | undefined;
  for (const key of keys) {
    if (node.kind !== 'map') return undefined;
    entry = findEntry(node, key);
    if (entry === undefined) return undefined;
    node = entry.value;
  }
  return entry;
}

/** The node at a path of keys, following maps only. */
export function nodeAt(root: MapNode, keys: readonly string[]): TreeNode | undefined {
  return keys.length === 0 ? root : entryAt(root, keys)?.value;
}
