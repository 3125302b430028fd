// The simulator's files import each other without a cycle, type-only imports included: the
// attempt lifecycle is layered (src/sim/lifecycle.ts), each layer returning what ended to
// the one above instead of calling it, so a file can be read knowing only what it imports.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SIM = fileURLToPath(new URL('../../src/sim', import.meta.url));

/** File -> the files of the same folder it imports or re-exports, `import type` included. */
function simGraph(): Map<string, string[]> {
  const files = readdirSync(SIM).filter((name) => name.endsWith('.ts'));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(SIM, file), 'utf8');
    const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'\.\/([^']+)\.js'/g)];
    graph.set(
      file,
      specs.map((match) => `${match[1] as string}.ts`).filter((name) => files.includes(name)),
    );
  }
  return graph;
}

/** A cycle of files (first = last), or undefined when the graph has none. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

describe('imports within src/sim', () => {
  it('no file of src/sim is part of an import cycle, type-only imports counted', () => {
    const cycle = findCycle(simGraph());
    expect(cycle, `import cycle: ${cycle?.join(' -> ')}`).toBeUndefined();
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(findCycle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });

  it('reads the imports the lifecycle is made of (the check is not vacuous)', () => {
    expect(simGraph().get('lifecycle.ts')).toEqual(expect.arrayContaining(['agent.ts', 'attempt.ts', 'service.ts']));
    expect(simGraph().get('crash.ts')).toContain('state.ts');
  });
});
