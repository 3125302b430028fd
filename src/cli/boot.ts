// How bin/idemsim.js starts the CLI: the bundle (dist/bundle/*.cjs, built by
// scripts/bundle.mjs) run with V8's compiled code for it, stored at build time. Compiling
// the bundle's JavaScript is a third of what a short command costs over Node's own start,
// and Node 20 keeps no compile cache (22.1 and later do, and there idemsim uses Node's).
//
// The cache changes the time, never the code that runs: V8 takes a stored file only if the
// same V8 with the same flags made it for a source of the same length, and otherwise
// compiles the source as Node would; and every bundle file with stored code is named by a
// hash of its text (scripts/bundle.mjs), so the stored code of one text never meets another. Only the bundle's own files go through here; everything else
// (node_modules, Node's built-ins) loads as usual.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** The bundle, and its stored code (one file per bundle file, named after it). */
export const BUNDLE_DIR = fileURLToPath(new URL('../bundle/', import.meta.url));
export const CACHE_DIR = join(BUNDLE_DIR, 'cache');

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
  const withNodeCache = (Module as { enableCompileCache?: () => unknown }).enableCompileCache;
  if (withNodeCache === undefined) useStoredCode();
  else withNodeCache();
  await entry().main(argv);
}

/** The bundle's entry (main-HASH.cjs), loaded through the hook when one is installed. */
export function entry(): Entry {
  const main = readdirSync(BUNDLE_DIR).find((name) => /^main-[\w-]+\.cjs$/.test(name));
  if (main === undefined) throw new Error(`idemsim is not built: no main-*.cjs in ${BUNDLE_DIR} (run npm run build)`);
  return createRequire(import.meta.url)(join(BUNDLE_DIR, main)) as Entry;
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
  const scripts = new Map<string, Script>();
  const bundle = dirname(join(BUNDLE_DIR, 'x.cjs'));
  loader.prototype._compile = function (this: LoaderModule, content: string, filename: string): unknown {
    if (dirname(filename) !== bundle) return compile.call(this, content, filename);
    const stored = record === undefined ? storedCode(filename) : undefined;
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
    for (const [filename, script] of scripts) writeFileSync(cacheOf(filename), script.createCachedData());
  };
}

function cacheOf(filename: string): string {
  return join(CACHE_DIR, `${basename(filename)}.v8`);
}

/** The stored code of a bundle file, if the build stored any. */
function storedCode(filename: string): Buffer | undefined {
  try {
    return readFileSync(cacheOf(filename));
  } catch {
    // None stored: a file that imports an ES module, or a build without stored code.
    return undefined;
  }
}
