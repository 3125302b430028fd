// The beta and gamma quantile functions behind the exact intervals, from @stdlib, loaded on
// first use. The built CLI loads them from dist/vendor/quantiles.cjs, one file that
// scripts/bundle.mjs bundles at build time, because the packages as published are ~400
// CommonJS modules whose resolution alone cost ~180 ms of start-up; run from src/ (tests),
// the packages load directly. Either way it is the same @stdlib code.
//
// Compiling that file is still ~10 ms of every run's start, so the build also stores V8's
// compiled code for it (dist/vendor/cache/, made by compileBundle below after a first use;
// see stored-code.ts for when it is used). It changes the time, never the code that runs.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { CodeStore } from './stored-code.js';

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
export function codeStoreOf(bundlePath: string): CodeStore {
  return new CodeStore(join(dirname(bundlePath), 'cache'));
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
  const source = bundleText(path);
  if (source !== null) return compileBundle(path, source, codeStoreOf(path).get(path)).quantiles;
  const require = createRequire(import.meta.url);
  return {
    beta: require('@stdlib/stats-base-dists-beta-quantile') as Quantiles['beta'],
    gamma: require('@stdlib/stats-base-dists-gamma-quantile') as Quantiles['gamma'],
  };
}

/** The bundle's text; null only when it does not exist (not built): anything else is a real fault. */
function bundleText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') return null;
    throw error;
  }
}
