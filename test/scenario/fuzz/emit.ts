// A small YAML writer for the fuzz documents: scalars are written exactly as given (`1.5 s`,
// `3.0`, `.inf`, `"💥"`), so a document can hold any input form, valid or not.

export type YamlNode =
  | { kind: 'raw'; text: string }
  | { kind: 'map'; entries: [string, YamlNode][]; flow: boolean }
  | { kind: 'list'; items: YamlNode[] };

export const raw = (text: string): YamlNode => ({ kind: 'raw', text });
export const map = (entries: [string, YamlNode][], flow = false): YamlNode => ({ kind: 'map', entries, flow });

/** A string as a YAML double-quoted scalar (JSON's escapes are YAML's too). */
export const quoted = (text: string): string => JSON.stringify(text);

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const key = (k: string): string => (PLAIN_KEY.test(k) ? k : quoted(k));

function flow(node: YamlNode): string {
  switch (node.kind) {
    case 'raw':
      return node.text;
    case 'map':
      return node.entries.length === 0
        ? '{}'
        : `{ ${node.entries.map(([k, v]) => `${key(k)}: ${flow(v)}`).join(', ')} }`;
    case 'list':
      return `[${node.items.map(flow).join(', ')}]`;
  }
}

function block(entries: readonly [string, YamlNode][], indent: string): string[] {
  return entries.flatMap(([k, v]) =>
    v.kind === 'map' && !v.flow && v.entries.length > 0
      ? [`${indent}${key(k)}:`, ...block(v.entries, `${indent}  `)]
      : [`${indent}${key(k)}: ${flow(v)}`],
  );
}

export function emit(root: YamlNode): string {
  if (root.kind === 'map' && !root.flow && root.entries.length > 0) return `${block(root.entries, '').join('\n')}\n`;
  return `${flow(root)}\n`;
}
