// The beta and gamma quantile functions behind the exact intervals, from @stdlib, loaded on
// first use. The built CLI loads them from dist/vendor/quantiles.cjs, one file that
// scripts/bundle.mjs bundles at build time, because the packages as published are ~400
// CommonJS modules whose resolution alone cost ~180 ms of start-up; run from src/ (tests),
// the packages load directly. Either way it is the same @stdlib code.
//
// Compiling that file is still ~10 ms of every run's start, so the build also stores V8's
// compiled code for it (dist/vendor/quantiles.cache, made by compileBundle below after a
// first use). V8 takes the cache only if it was made by the same V8 with the same flags;
// otherwise it says so and compiles the source as usual: the cache changes the time, never
// the code that runs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

export interface Quantiles {
  /** Quantile p of Beta(a, b). */
  beta(p: number, a: number, b: number): number;
  /** Quantile p of Gamma(shape k, scale theta). */
  gamma(p: number, k: number, theta: number): number;
}

const BUNDLE = '../vendor/quantiles.cjs';
let loaded: Quantiles | undefined;

/** The quantile functions, loaded once. */
export function quantiles(): Quantiles {
  loaded ??= load();
  return loaded;
}

/** Where the compiled code of the bundle at `bundlePath` is kept. */
export function cachePathOf(bundlePath: string): string {
  return bundlePath.replace(/\.cjs$/, '.cache');
}

/**
 * The bundle at `path` (its text `source`) run as Node runs a CommonJS module, compiled
 * with `cachedData` when V8 accepts it. The script comes back too, for the build to take
 * its code cache once the functions have run.
 */
export function compileBundle(
  path: string,
  source: string,
  cachedData?: Buffer,
): { quantiles: Quantiles; script: Script } {
  // One wrapper, here only: the cache holds the code of exactly this text.
  const script = new Script(`(function (exports, require, module) {${source}\n})`, {
    filename: path,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const module = { exports: {} as unknown };
  const body = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown) => void;
  body(module.exports, createRequire(path), module);
  return { quantiles: module.exports as Quantiles, script };
}

function load(): Quantiles {
  const path = fileURLToPath(new URL(BUNDLE, import.meta.url));
  const source = readIfThere(path);
  if (source !== null) {
    const cache = readIfThere(cachePathOf(path), null);
    return compileBundle(path, source, cache ?? undefined).quantiles;
  }
  const require = createRequire(import.meta.url);
  return {
    beta: require('@stdlib/stats-base-dists-beta-quantile') as Quantiles['beta'],
    gamma: require('@stdlib/stats-base-dists-gamma-quantile') as Quantiles['gamma'],
  };
}

/** The file's text (or bytes, with encoding null); null only when it does not exist: anything else is a real fault. */
function readIfThere(path: string): string | null;
function readIfThere(path: string, encoding: null): Buffer | null;
function readIfThere(path: string, encoding: 'utf8' | null = 'utf8'): string | Buffer | null {
  try {
    return readFileSync(path, encoding);
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') return null;
    throw error;
  }
}
