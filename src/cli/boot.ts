// How bin/idemsim.js starts the CLI: the bundles (dist/bundle/*.cjs, and the
// yaml in dist/vendor/, built by scripts/bundle.mjs) run with V8's compiled code for them,
// stored at build time. Compiling the bundle's JavaScript is a third of what a short
// command costs over Node's own start, and Node 20 keeps no compile cache (22.1 and later
// do, and there idemsim uses Node's). The binary requires this module as the bundle's
// boot.cjs (CommonJS, so that a start sets up no ES module loader); the build's
// scripts/record-code.mjs imports it from dist/cli/.
//
// The stored code changes the time, never the code that runs: V8 takes it only if the same
// V8 with the same flags made it, and src/cli/stored-code.ts only while the file is the
// one it was made from, where it was made; otherwise the file compiles as Node would.
// Only the bundles' own files go through here; everything else (node_modules, Node's
// built-ins) loads as usual.
import { mkdirSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { CodeStore } from './stored-code.js';

/** The bundle, and the stored code of every bundled file (one file each, named after it). */
export const BUNDLE_DIR = fileURLToPath(new URL('../bundle/', import.meta.url));
export const CACHE_DIR = join(BUNDLE_DIR, 'cache');
/** The folders of bundled files: the CLI's, and the vendored yaml's (dist/vendor/). */
const BUNDLED = [BUNDLE_DIR, fileURLToPath(new URL('../vendor/', import.meta.url))].map((dir) =>
  dirname(join(dir, 'x.cjs')),
);

/** What the CLI's entry exports. */
interface Entry {
  main(argv: readonly string[]): Promise<void>;
  cli(argv: readonly string[], ctx: unknown): Promise<number>;
}

/** The parts of Node's CommonJS loader this hooks, which @types/node does not declare. */
interface LoaderModule {
  exports: unknown;
  filename: string;
  require(id: string): unknown;
  _compile(content: string, filename: string): unknown;
}
interface Loader {
  prototype: LoaderModule;
  wrap(content: string): string;
}

/** Runs the CLI with `argv` and exits (the bundle's main does). */
export async function start(argv: readonly string[]): Promise<void> {
  compileFast();
  await entry().main(argv);
}

/**
 * What follows in this thread compiles from code compiled before: the stored code here, or
 * Node's own compile cache where Node has one. A sweep's worker threads call it too
 * (worker-boot.ts): each thread has its own loader.
 */
export function compileFast(): void {
  const withNodeCache = (Module as { enableCompileCache?: () => unknown }).enableCompileCache;
  if (withNodeCache === undefined) useStoredCode();
  else withNodeCache();
}

/** The bundle's entry, loaded through the hook when one is installed. */
export function entry(): Entry {
  return createRequire(import.meta.url)(join(BUNDLE_DIR, 'main.cjs')) as Entry;
}

/**
 * Installs the hook: every bundle file with stored code compiles from it; the others
 * compile as Node compiles them. With `record`, the bundle files load through a script
 * that is kept (but for those named in `record.skip`), and the returned function stores
 * their code as it is at that moment, the functions run so far included: the build calls
 * it after running a few commands. The files to skip are those that import() an ES module
 * (vega, PGlite): a script compiled here could do that only under an experimental flag.
 */
export function useStoredCode(record?: { skip: ReadonlySet<string> }): () => void {
  const loader = Module as unknown as Loader;
  const compile = loader.prototype._compile;
  const store = new CodeStore(CACHE_DIR);
  const scripts = new Map<string, Script>();
  loader.prototype._compile = function (this: LoaderModule, content: string, filename: string): unknown {
    if (!BUNDLED.includes(dirname(filename))) return compile.call(this, content, filename);
    const stored = record === undefined ? store.get(filename) : undefined;
    const recording = record !== undefined && !record.skip.has(basename(filename));
    if (stored === undefined && !recording) return compile.call(this, content, filename);
    const script = new Script(loader.wrap(content), {
      filename,
      ...(stored === undefined ? {} : { cachedData: stored }),
    });
    if (recording) scripts.set(filename, script);
    const body = script.runInThisContext() as (...args: unknown[]) => unknown;
    return body.call(this.exports, this.exports, createRequire(filename), this, filename, dirname(filename));
  };
  return () => {
    mkdirSync(CACHE_DIR, { recursive: true });
    for (const [filename, script] of scripts) store.put(filename, script.createCachedData());
    store.save();
  };
}
