// YAML text -> TreeNode, every node with its line and column. Aliases are expanded here,
// under the caps of LIMITS, so that an alias bomb is refused before anything large exists.
import type { Alias, LineCounter, Node as YamlNode } from 'yaml';
import { type Issue, type Pos, type Problem, issueAt } from './issues.js';
import { LIMITS } from '../model/limits.js';
import * as msg from './messages.js';
import type { MapEntry, ScalarValue, TreeNode } from './tree.js';
import { yaml } from './yaml-lib.js';

/** Where offsets of a text are: its file name and a map from offset to 1-based line and column. */
export interface Source {
  file: string;
  locate(offset: number): { line: number; col: number };
}

/** A source for a whole file: line starts indexed on first use, so that positions are
 * known even for problems found before (or instead of) parsing. */
export function fileSource(file: string, text: string): Source {
  let counter: LineCounter | undefined;
  const index = (): LineCounter => {
    const lines = new (yaml().LineCounter)();
    lines.addNewLine(0);
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
    return lines;
  };
  return { file, locate: (offset) => (counter ??= index()).linePos(offset) };
}

/**
 * The tags that only say what the value already is (`!!str 5`, `!!int 5`): any other
 * (`!custom 5`, which the parser leaves unresolved and reads as the text "5"; `!!binary`,
 * `!!timestamp`, `!!set`) would be taken for something it is not, and is refused.
 */
const PLAIN_TAGS: ReadonlySet<string> = new Set(
  ['str', 'int', 'float', 'bool', 'null', 'seq', 'map'].map((t) => `tag:yaml.org,2002:${t}`),
);

/** Digits with no sign or leading zero, few enough to be exact as a double. */
const PLAIN_INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;

/** Thrown inside the walk when a limit is hit; caught in parseYaml and reported once. */
class Refused extends Error {
  constructor(readonly issue: Issue) {
    super(issue.message);
  }
}

/**
 * The deepest `[`/`{` nesting, quotes and comments not understood: an over-estimate, checked
 * before parsing because the yaml parser can exhaust the stack on a 10,000-deep flow list.
 */
function flowDepthExceeded(text: string): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '{') {
      depth += 1;
      if (depth > LIMITS.maxDepth) return i;
    } else if ((c === ']' || c === '}') && depth > 0) depth -= 1;
  }
  return undefined;
}

/**
 * A value written on the command line rather than in a file (a `--vary` or `--target`
 * value): parsed as YAML, its issues placed at `where`, line 1, column 1.
 */
export function parseValue(text: string, where: string, issues: Issue[]): TreeNode | undefined {
  return parseYaml(text, { file: where, locate: () => ({ line: 1, col: 1 }) }, issues);
}

/**
 * Parses one YAML document into a tree; undefined when it cannot be read (issues say why).
 * An empty document reads as a null scalar at its start.
 */
export function parseYaml(text: string, source: Source, issues: Issue[]): TreeNode | undefined {
  const at = (offset: number): Pos => ({ file: source.file, ...source.locate(offset) });
  if (text.length > LIMITS.maxTextLength) {
    issues.push(issueAt(at(0), '', msg.tooLarge(text.length)));
    return undefined;
  }
  const deep = flowDepthExceeded(text);
  if (deep !== undefined) {
    issues.push(issueAt(at(deep), '', msg.tooDeep()));
    return undefined;
  }
  // A plain decimal integer (`--actions 2000` is the set `actions=2000`) reads as the
  // number it is without loading the yaml package: the node the parser would give.
  if (PLAIN_INTEGER.test(text)) return { kind: 'scalar', pos: at(0), value: Number(text), source: text };
  const doc = yaml().parseDocument(text, { prettyErrors: false, uniqueKeys: false });
  for (const error of doc.errors) {
    const problem =
      error.code === 'MULTIPLE_DOCS'
        ? msg.multipleDocuments()
        : error.code === 'RESOURCE_EXHAUSTION'
          ? msg.tooDeep()
          : msg.yamlSyntax(error.message);
    issues.push(issueAt(at(error.pos[0]), '', problem));
  }
  if (doc.errors.length > 0) return undefined;
  if (doc.contents === null) return { kind: 'scalar', pos: at(0), value: null, source: '' };
  try {
    return new Walk(at, issues).node(doc.contents, 0, '');
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    issues.push(error.issue);
    return undefined;
  }
}

/** One pass over a yaml document, in document order, so that anchors precede their aliases. */
class Walk {
  private readonly anchors = new Map<string, YamlNode>();
  private readonly open = new Set<YamlNode>();
  private nodes = 0;
  private aliases = 0;
  /** Where the outermost alias being expanded was used: limits are reported there. */
  private expansion: Pos | undefined;
  /** The parser's node tests, taken from the library once for the whole walk. */
  private readonly is = yaml();

  constructor(
    private readonly at: (offset: number) => Pos,
    private readonly issues: Issue[],
  ) {}

  private pos(node: YamlNode | null | undefined, fallback = 0): Pos {
    return this.at(node?.range?.[0] ?? fallback);
  }

  private refuse(pos: Pos, problem: Problem): never {
    throw new Refused(issueAt(this.expansion ?? pos, '', problem));
  }

  /**
   * `path`: the keys leading here, for issues; `expanding`: reached through an alias, so
   * anchors inside are not definitions; `usedAt`: where that alias was written.
   */
  node(node: YamlNode, depth: number, path: string, expanding = false, usedAt?: Pos): TreeNode {
    const pos = usedAt ?? this.pos(node);
    this.nodes += 1;
    if (this.nodes > LIMITS.maxNodes) this.refuse(pos, msg.tooManyNodes());
    if (depth > LIMITS.maxDepth) this.refuse(pos, msg.tooDeep());
    if (this.is.isAlias(node)) return this.alias(node, depth, path);
    if (!expanding && node.anchor !== undefined) this.anchors.set(node.anchor, node);
    if (node.tag !== undefined && !PLAIN_TAGS.has(node.tag)) this.refuse(pos, msg.yamlTag(node.tag));
    this.open.add(node);
    try {
      if (this.is.isScalar(node))
        return { kind: 'scalar', pos, value: scalarValue(node.value, node.source), source: sourceOf(node) };
      if (this.is.isSeq(node)) {
        return {
          kind: 'list',
          pos,
          items: node.items.map((item) => this.item(item as YamlNode | null, node, depth, path, expanding)),
        };
      }
      if (this.is.isMap(node)) return { kind: 'map', pos, entries: this.entries(node.items, depth, path, expanding) };
      return { kind: 'scalar', pos, value: null, source: '' };
    } finally {
      this.open.delete(node);
    }
  }

  private item(item: YamlNode | null, parent: YamlNode, depth: number, path: string, expanding: boolean): TreeNode {
    if (item === null) return { kind: 'scalar', pos: this.pos(parent), value: null, source: '' };
    return this.node(item, depth + 1, path, expanding);
  }

  private alias(alias: Alias, depth: number, path: string): TreeNode {
    const pos = this.pos(alias);
    this.aliases += 1;
    if (this.aliases > LIMITS.maxAliases) this.refuse(pos, msg.tooManyAliases());
    const target = this.anchors.get(alias.source);
    if (target === undefined) this.refuse(pos, msg.unknownAnchor(alias.source));
    if (this.open.has(target)) this.refuse(pos, msg.aliasCycle(alias.source));
    const outermost = this.expansion === undefined;
    if (outermost) this.expansion = pos;
    try {
      return this.node(target, depth, path, true, pos);
    } finally {
      if (outermost) this.expansion = undefined;
    }
  }

  private entries(
    pairs: readonly { key: unknown; value: unknown }[],
    depth: number,
    path: string,
    expanding: boolean,
  ): MapEntry[] {
    const entries: MapEntry[] = [];
    const first = new Map<string, Pos>();
    for (const pair of pairs) {
      const keyNode = pair.key as YamlNode | null;
      const valueNode = pair.value as YamlNode | null;
      const keyPos = this.pos(keyNode, valueNode?.range?.[0] ?? 0);
      const key =
        keyNode === null
          ? { kind: 'scalar' as const, pos: keyPos, value: null, source: '' }
          : this.node(keyNode, depth + 1, path, expanding);
      const name = key.kind !== 'scalar' ? '' : typeof key.value === 'string' ? key.value : key.source;
      const here = path === '' ? name : `${path}.${name}`;
      const value: TreeNode =
        valueNode === null
          ? { kind: 'scalar', pos: this.at(keyNode?.range?.[1] ?? 0), value: null, source: '' }
          : this.node(valueNode, depth + 1, here, expanding);
      if (key.kind !== 'scalar') {
        this.issues.push(issueAt(keyPos, path, msg.badKey(key)));
        continue;
      }
      const seen = first.get(name);
      if (seen !== undefined) {
        this.issues.push(issueAt(keyPos, here, msg.duplicateKey(name, seen)));
        continue;
      }
      first.set(name, keyPos);
      entries.push({ key: name, keyPos, value });
    }
    return entries;
  }
}

function scalarValue(value: unknown, source: unknown): ScalarValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return typeof source === 'string' ? source : String(value);
}

function sourceOf(node: { value: unknown; source?: unknown }): string {
  return typeof node.source === 'string' && node.source !== '' ? node.source : String(node.value ?? '');
}
