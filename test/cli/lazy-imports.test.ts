// Start-up: a command loads only what it uses. The static imports (not `import type`, not
// `await import(...)`) reachable from each command's module must not reach the chart
// renderers or the key-store clients, which only the commands that draw or open a store
// load, when they do.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '..', '..', 'src');
const HEAVY = ['vega', 'vega-lite', '@resvg/resvg-js', '@electric-sql/pglite', 'pg', '@redis/client'];
/** Where charts become SVG (vega, which svg.ts imports when it first draws) and PNG (resvg). */
const DRAWING = [join(SRC, 'report', 'svg.ts'), join(SRC, 'report', 'png.ts')];

/** The static import specifiers of one TypeScript file. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms)) {
    found.push(match[1] as string);
  }
  for (const match of text.matchAll(/^export\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms)) {
    found.push(match[1] as string);
  }
  return found;
}

/** Every package and source file reachable from `entry` by static imports. */
function closure(entry: string): { packages: Set<string>; files: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  }
  return { packages, files };
}

const LIGHT_COMMANDS = [
  'run',
  'validate',
  'init',
  'schema',
  'check',
  'diff',
  'explain',
  'sweep',
  'merge',
  'recommend',
  'fit-latency',
  'presets',
  'handlers',
  'store',
  'glossary',
  'lab',
];

describe('what a command loads before it runs', () => {
  it('main loads no command until it knows which one is asked for', () => {
    const { files } = closure(join(SRC, 'cli', 'main.ts'));
    const commands = [...files].filter((f) => LIGHT_COMMANDS.some((c) => f.endsWith(`/cli/${c}.ts`)));
    expect(commands).toEqual([]);
  });

  it.each(LIGHT_COMMANDS)('%s loads no chart renderer and no key-store client up front', (command) => {
    const { packages } = closure(join(SRC, 'cli', `${command}.ts`));
    expect([...packages].filter((p) => HEAVY.includes(p))).toEqual([]);
  });

  it.each(LIGHT_COMMANDS)('%s loads no chart drawing code up front', (command) => {
    const { files } = closure(join(SRC, 'cli', `${command}.ts`));
    expect([...files].filter((f) => DRAWING.includes(f))).toEqual([]);
  });

  it('no source file imports the yaml package as code: it loads on first use (src/scenario/yaml-lib.ts)', () => {
    const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    // But for the lab's browser bundle, whose stand-in for yaml-lib.ts (the build swaps it in) Node never loads.
    const importers = files.filter((f) => staticImports(join(SRC, f)).includes('yaml'));
    expect(importers).toEqual([join('lab', 'yaml-browser.ts')]);
    // Guards the test: an import of yaml as code is seen, and one of its types only is not.
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-imports-'));
    try {
      const sample = join(dir, 'sample.ts');
      writeFileSync(sample, "import type { Document } from 'yaml';\nimport { parse } from 'yaml';\n");
      expect(staticImports(sample)).toEqual(['yaml']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the check itself sees the drawing code where it is imported', () => {
    // Guards the test: figures draws charts, so its closure must reach the SVG and PNG code.
    const { files } = closure(join(SRC, 'cli', 'figures.ts'));
    for (const file of DRAWING) expect(files.has(file)).toBe(true);
  });
});
