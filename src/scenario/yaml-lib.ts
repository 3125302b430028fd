// The yaml package, loaded on first use: a run of the built-in defaults reads no YAML, and
// the package is two thirds of the scenario layer's code, ~10 ms of every start to read
// and load. The built CLI loads it from dist/vendor/yaml.cjs, the package in one file
// that scripts/bundle.mjs writes at build time (and that starts from stored code, as the
// bundle does); run from src/ (tests), the package loads directly. Either way it is the
// same yaml code, and every part of idemsim takes it from here.
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

export type YamlLibrary = typeof Yaml;

const requireHere = createRequire(import.meta.url);
/** Relative to this module, in dist/ as in src/: src/vendor/ never exists, so tests load the package. */
const BUNDLE = '../vendor/yaml.cjs';

/** The yaml package, loaded once. */
export const yaml: () => YamlLibrary = (() => {
  let loaded: YamlLibrary | undefined;
  return () => (loaded ??= load());
})();

/**
 * The bundle, or the package when the bundle is not there. Only the file itself missing
 * means "not built": any other failure to load it is a real fault, and is thrown.
 */
function load(): YamlLibrary {
  try {
    return requireHere(BUNDLE) as YamlLibrary;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (!(e?.code === 'MODULE_NOT_FOUND' && typeof e.message === 'string' && e.message.includes(BUNDLE))) {
      throw error;
    }
  }
  return requireHere('yaml') as YamlLibrary;
}
