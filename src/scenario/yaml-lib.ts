// The yaml package, loaded on first use: a run of the built-in defaults reads no YAML, and
// the package is two thirds of the scenario layer's code, ~10 ms of every start to read
// and load. The built CLI loads it from dist/vendor/yaml.cjs, the package in one file
// that scripts/bundle.mjs writes at build time (and that starts from stored code, as the
// bundle does); run from src/ (tests), the package loads directly. Either way it is the
// same yaml code, and every part of idemsim takes it from here.
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { loadOnFirstUse } from '../model/vendored.js';

export type YamlLibrary = typeof Yaml;

const requireHere = createRequire(import.meta.url);

/** The yaml package, loaded once. */
export const yaml: () => YamlLibrary = loadOnFirstUse(
  requireHere,
  '../vendor/yaml.cjs',
  () => requireHere('yaml') as YamlLibrary,
);
