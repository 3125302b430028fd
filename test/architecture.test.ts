// The shape of src/: every folder but the command line sits behind a wall the linter keeps
// (eslint.config.js), no import cycle joins two folders or two files, and no source file
// grows past 300 lines. The walls are checked here on probe files linted with the project's own config.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const MAX_LINES = 300;

const FOLDERS = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The src/ folder a path lies in, or undefined outside src/. */
function folderOf(path: string): string | undefined {
  const rel = relative(SRC, path);
  return rel.startsWith('..') ? undefined : rel.split(sep)[0];
}

/** Relative specifiers a file imports or re-exports, statically or dynamically. */
function importsOf(text: string): string[] {
  const found = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g)];
  return found.map((match) => match[1] as string);
}

/** Folder -> the other folders its files import. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map(FOLDERS.map((folder) => [folder, new Set<string>()]));
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file) as string;
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const to = folderOf(resolve(dirname(file), spec));
      if (to !== undefined && to !== from) graph.get(from)?.add(to);
    }
  }
  return graph;
}

/** File -> the files of src/ it imports (type-only imports too: they tie the files' meanings). */
function fileGraph(): Map<string, Set<string>> {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      relative(SRC, file),
      new Set(
        importsOf(readFileSync(file, 'utf8'))
          .map((spec) => resolve(dirname(file), spec).replace(/\.js$/, '.ts'))
          .filter((target) => known.has(target))
          .map((target) => relative(SRC, target)),
      ),
    ]),
  );
}

/** A cycle of folders (first = last), or undefined when the graph has none. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
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

describe('folders', () => {
  it('no import cycle joins two folders of src/', () => {
    const cycle = findCycle(folderGraph());
    expect(cycle, `import cycle between folders: ${cycle?.join(' -> ')}`).toBeUndefined();
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', new Set(['b'])]]))).toBeUndefined();
  });

  it('no import cycle joins two files of src/', () => {
    const cycle = findCycle(fileGraph());
    expect(cycle, `import cycle between files: ${cycle?.join(' -> ')}`).toBeUndefined();
  });

  it('reads the imports a file is made of, type-only ones included (the check is not vacuous)', () => {
    const graph = fileGraph();
    expect([...(graph.get('sim/lifecycle.ts') ?? [])]).toEqual(
      expect.arrayContaining(['sim/agent.ts', 'sim/attempt.ts', 'sim/service.ts']),
    );
    expect(graph.get('sim/simulate.ts')).toContain('model/tally-state.ts');
  });

  it('src/model imports no other folder', () => {
    expect([...(folderGraph().get('model') ?? [])]).toEqual([]);
  });

  it(`no source file is over ${MAX_LINES} lines`, () => {
    const long = sourceFiles(SRC)
      .map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

describe('walls kept by the linter', () => {
  const eslint = new ESLint({ cwd: ROOT });

  /** The no-restricted-imports messages for one import written in a probe file at `path`. */
  async function refusals(path: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: join(ROOT, path) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it.each(FOLDERS.filter((folder) => folder !== 'cli'))(
    'src/%s has a wall: it may not import the CLI',
    async (folder) => {
      expect(await refusals(`src/${folder}/probe.ts`, "import { cli } from '../cli/main.js';")).toHaveLength(1);
    },
  );

  it.each([
    ['src/sim/probe.ts', "import { renderSvg } from '../report/svg.js';"],
    ['src/sim/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['src/stats/probe.ts', "import { simulate } from '../sim/simulate.js';"],
    ['src/scenario/probe.ts', "import { simulate } from '../sim/simulate.js';"],
    ['src/scenario/probe.ts', "import { sweepPoints } from '../pool/sweep.js';"],
    ['src/analytic/probe.ts', "import { simulate } from '../sim/simulate.js';"],
    ['src/report/run/charts/probe.ts', "import type { Sim } from '../../../sim/state.js';"],
    ['src/report/probe.ts', "import { loadScenario } from '../scenario/index.js';"],
    ['src/model/probe.ts', "import { Z975 } from '../stats/welford.js';"],
    ['src/stores/probe.ts', "import { simulate } from '../sim/simulate.js';"],
  ])('%s may not: %s', async (path, code) => {
    expect(await refusals(path, code)).toHaveLength(1);
  });

  it.each([
    ['src/sim/probe.ts', "import { Histogram } from '../stats/histogram.js';"],
    ['src/sim/probe.ts', "import seedrandom from 'seedrandom';"],
    ['src/scenario/probe.ts', "import type { Scenario } from '../model/scenario.js';"],
    ['src/report/run/charts/probe.ts', "import { frame } from '../../chart.js';"],
    ['src/report/run/charts/probe.ts', "import { METRICS } from '../../../model/metrics.js';"],
    ['src/cli/probe.ts', "import { simulate } from '../sim/simulate.js';"],
    ['src/stores/probe.ts', "import pg from 'pg';"],
  ])('%s may: %s', async (path, code) => {
    expect(await refusals(path, code)).toEqual([]);
  });
});
