// The CLI starts from V8's code stored at build time (src/cli/boot.ts). The stored code is
// only ever a faster way to the same program: V8 must take it for this Node, it must never
// cover a file that import()s an ES module, and a binary whose stored code V8 refuses (or
// that has none) must print exactly what the normal one prints.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, idemsim, requireBuild } from './binary.js';
import { betaQuantile } from '../../src/stats/quantiles.js';

const BUNDLE = join(ROOT, 'dist', 'bundle');
const CACHE = join(BUNDLE, 'cache');
const wrap = (Module as unknown as { wrap(content: string): string }).wrap;

/** A copy of the package (bin/, dist/, package.json; node_modules linked) to break. */
let copy: string;

beforeAll(() => {
  requireBuild();
  copy = mkdtempSync(join(tmpdir(), 'idemsim-boot-'));
  for (const part of ['bin', 'dist', 'package.json', 'scenarios'])
    cpSync(join(ROOT, part), join(copy, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
});

afterAll(() => {
  if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
});

function runIn(root: string, args: readonly string[]) {
  const result = spawnSync(process.execPath, [join(root, 'bin', 'idemsim.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the stored code the CLI starts from', () => {
  const stored = (): string[] => readdirSync(CACHE).filter((f) => f.endsWith('.cjs.v8'));

  it('covers the files a run loads, the vendored yaml included, and this Node takes every stored file', () => {
    const files = stored();
    for (const first of ['main.', 'errors-', 'simulate-', 'schema-', 'run-', 'yaml.']) {
      expect(files.some((f) => f.startsWith(first))).toBe(true);
    }
    // Where each stored file's source is: the stamps the store keeps (src/cli/stored-code.ts).
    const stamps = JSON.parse(readFileSync(join(CACHE, 'stamps.json'), 'utf8')) as Record<string, { path: string }>;
    for (const file of files) {
      const source = readFileSync(stamps[file.replace(/\.v8$/, '')]?.path ?? '', 'utf8');
      const script = new Script(wrap(source), { filename: file, cachedData: readFileSync(join(CACHE, file)) });
      expect(script.cachedDataRejected, file).toBe(false);
    }
  });

  it('never covers a file that imports an ES module with import()', () => {
    const importers = readdirSync(BUNDLE).filter(
      (f) => f.endsWith('.cjs') && /\bimport\(/.test(readFileSync(join(BUNDLE, f), 'utf8')),
    );
    // The charts (vega) and PGlite are loaded so: the check is not vacuous.
    expect(importers.length).toBeGreaterThanOrEqual(2);
    for (const file of importers) expect(stored()).not.toContain(`${file}.v8`);
  });

  it('is ASCII, as every bundle and vendored file is (one other character makes V8 keep a file as two-byte text)', () => {
    const VENDOR = join(ROOT, 'dist', 'vendor');
    const files = [BUNDLE, VENDOR].flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.cjs'))
        .map((f) => join(dir, f)),
    );
    expect(files).toContain(join(VENDOR, 'yaml.cjs'));
    for (const file of files) expect(/[\u0080-\uffff]/.test(readFileSync(file, 'utf8')), file).toBe(false);
  });

  const COMMANDS = [
    ['run', '--actions', '3000', '--format', 'json'],
    ['run', 'scenarios/lease-too-short.yaml', '--actions', '2000'],
    // Points long enough that the worker thread, which starts from stored code too, takes some.
    ['sweep', '--actions', '60000', '--vary', 'seed=1,2,3,4', '--jobs', '2', '--format', 'csv'],
    ['validate', 'scenarios/article-defaults.yaml'],
  ];

  it.each(['refused by V8', 'missing'])('when %s, changes nothing a command prints', (how) => {
    const expected = COMMANDS.map((args) => idemsim(args));
    for (const file of readdirSync(join(copy, 'dist', 'bundle', 'cache')).filter((f) => f.endsWith('.v8'))) {
      const path = join(copy, 'dist', 'bundle', 'cache', file);
      if (how === 'missing') rmSync(path);
      else writeFileSync(path, 'not code');
    }
    COMMANDS.forEach((args, i) => {
      const got = runIn(copy, args);
      expect(got.status).toBe(expected[i]?.status);
      expect(got.stdout).toBe(expected[i]?.stdout);
      expect(got.stderr).toBe(expected[i]?.stderr);
    });
  });

  it('gives the quantiles from stored code exactly as the source gives them', () => {
    // In a process of its own: the hook patches Node's loader for the whole process. The
    // simulation chunk holds the quantiles and exports the beta one (Student's t needs it).
    const points = [0.005, 0.025, 0.5, 0.975, 0.995].flatMap((p) =>
      [0.5, 1, 3, 44, 957, 2_500, 1e6].flatMap((a) => [0.5, 1, 7, 900, 1e6].map((b) => [p, a, b])),
    );
    const chunk = readdirSync(BUNDLE).filter((f) => /^simulate-[\w-]+\.cjs$/.test(f));
    expect(chunk).toHaveLength(1);
    const script = `
      const { useStoredCode, CACHE_DIR } = await import(${JSON.stringify(join(ROOT, 'dist', 'cli', 'boot.js'))});
      const { CodeStore } = await import(${JSON.stringify(join(ROOT, 'dist', 'cli', 'stored-code.js'))});
      const { createRequire } = await import('node:module');
      const path = ${JSON.stringify(join(BUNDLE, chunk[0] ?? ''))};
      if (new CodeStore(CACHE_DIR).get(path) === undefined) throw new Error('no stored code for the simulation chunk');
      useStoredCode();
      const { betaQuantile } = createRequire(path)(path);
      const points = ${JSON.stringify(points)};
      process.stdout.write(JSON.stringify(points.map(([p, a, b]) => betaQuantile(p, a, b))));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe(JSON.stringify(points.map(([p, a, b]) => betaQuantile(p!, a!, b!))));
  });

  it("starts a sweep's worker threads through dist/bundle/worker-boot.cjs, as bin/idemsim.js starts the CLI", () => {
    // Without that start the sweep has no worker: the bundle runs no other.
    const got = withFile(join('dist', 'bundle', 'worker-boot.cjs'), null, () =>
      runIn(copy, ['sweep', '--actions', '500', '--vary', 'seed=1,2', '--jobs', '2', '--format', 'csv']),
    );
    expect(got.status).toBe(70);
    expect(got.stderr).toContain(`sweep worker not built: ${join(copy, 'dist', 'bundle', 'worker-boot.cjs')}`);
  });

  /** What a process has loaded when it exits: Node's built-in modules, and files by path. */
  const loaded = (args: readonly string[]): { builtins: Set<string>; files: string[] } => {
    const preload = join(copy, 'loaded.cjs');
    writeFileSync(
      preload,
      "process.on('exit', () => require('node:fs').writeSync(3, JSON.stringify([process.moduleLoadList, Object.keys(require.cache)])));\n",
    );
    const child = spawnSync(process.execPath, ['-r', preload, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    expect(child.status, child.stderr).toBe(0);
    const [builtins, files] = JSON.parse(child.output[3] ?? '') as [string[], string[]];
    return { builtins: new Set(builtins.filter((m) => m.startsWith('NativeModule '))), files };
  };
  const runArgs = [join(ROOT, 'bin', 'idemsim.js'), 'run', '--actions', '1', '--format', 'json'];

  it("starts a run without Node's ES module loader and without a terminal module", () => {
    // The built-in modules the run loads that `node -e 0` does not.
    const node = loaded(['-e', '0']).builtins;
    const added = [...loaded(runArgs).builtins].filter((m) => !node.has(m));
    // Not vacuous: the run loads built-ins of its own (node:vm for the stored code).
    expect(added).toContain('NativeModule vm');
    // An ES module anywhere on the way (the binary, the boot) sets up the loader: ~10 ms.
    expect(added.filter((m) => m.includes('/esm/'))).toEqual([]);
    // With stdout and stderr pipes nothing needs node:tty.
    expect(added).not.toContain('NativeModule tty');
  });

  it('loads the yaml package only for a command that reads YAML', () => {
    const yaml = (files: readonly string[]) => files.filter((f) => f.endsWith(join('vendor', 'yaml.cjs')));
    // The defaults with --actions (read as a plain integer) need no YAML parser...
    expect(yaml(loaded(runArgs).files)).toEqual([]);
    // ...a scenario file does, and gets it from the vendored bundle, as its stored code covers.
    const file = loaded([...runArgs, 'scenarios/article-defaults.yaml']).files;
    expect(yaml(file)).toEqual([join(ROOT, 'dist', 'vendor', 'yaml.cjs')]);
    expect(file.filter((f) => f.includes(`${join('node_modules', 'yaml')}`))).toEqual([]);
  });

  /** Runs `check` with `file` (in the copy) replaced by `content`, or removed; restores it. */
  function withFile<T>(file: string, content: string | null, check: () => T): T {
    const path = join(copy, file);
    const kept = readFileSync(path);
    try {
      if (content === null) rmSync(path);
      else writeFileSync(path, content);
      return check();
    } finally {
      writeFileSync(path, kept);
    }
  }

  it('says in one line how to build a tree that was never built, exit 70', () => {
    const got = withFile(join('dist', 'bundle', 'boot.cjs'), null, () => runIn(copy, ['run', '--actions', '10']));
    expect(got.status).toBe(70);
    expect(got.stdout).toBe('');
    expect(got.stderr).toBe(
      `idemsim: not built (no ${join(copy, 'dist', 'bundle', 'boot.cjs')}): run \`npm install\` or \`npm run build\` in ${copy}\n`,
    );
  });

  it('exits 70 with a line, never 0, when a command is left waiting on nothing', () => {
    // A worker that takes a point off the shared counter and ends without its result: the
    // sweep waits for a point no runner will report, and Node runs out of work.
    const lost =
      "const { workerData } = require('node:worker_threads');\nAtomics.add(new Int32Array(workerData.next), 0, 1);\n";
    const args = ['sweep', '--actions', '200000', '--vary', 'seed=1,2,3,4,5,6,7,8', '--jobs', '2', '--format', 'csv'];
    const got = withFile(join('dist', 'bundle', 'worker.cjs'), lost, () => runIn(copy, args));
    expect(got.status).toBe(70);
    expect(got.stdout).toBe('');
    expect(got.stderr).toBe('idemsim: internal error: the command stopped before it finished\n');
  });

  it('draws charts, which load vega with import() from the CommonJS bundle', () => {
    const out = join(copy, 'report');
    const got = runIn(copy, ['run', '--actions', '500', '--out', out, '--quiet']);
    expect(got.stderr).toBe('');
    expect(got.status).toBe(0);
    expect(readFileSync(join(out, 'duplicates.svg'), 'utf8')).toMatch(/^<svg/);
  });
});
