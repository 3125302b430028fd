import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The walls between the folders of src/: the other folders each may import (its own files
 * always) and the libraries it may use. A wrong import fails `npm test`. The command line
 * (src/cli) sits outside the walls and may import anything; test/architecture.test.ts
 * checks that every folder has a wall here and that no import cycle joins two folders.
 */
export const WALLS = {
  // The shared vocabulary: types, the field table and the metric catalogue. It imports nothing.
  model: { folders: [], packages: [] },
  // How numbers read for a person: counts, rates, durations and sizes.
  format: { folders: ['model'], packages: [] },
  stats: { folders: ['model'], packages: ['simple-statistics'] },
  // The retry defaults of real clients, as read in their sources.
  presets: { folders: ['model'], packages: [] },
  sim: { folders: ['model', 'stats', 'format'], packages: ['seedrandom'] },
  // node:module only to load yaml on first use (src/scenario/yaml-lib.ts).
  // analytic: how long a call and a step can last, for the warnings on a key's retention.
  scenario: { folders: ['model', 'stats', 'format', 'presets', 'analytic'], packages: ['yaml', 'node:module'] },
  analytic: { folders: ['model', 'stats', 'format'], packages: ['simple-statistics'] },
  pool: { folders: ['model', 'format', 'scenario', 'sim'], packages: ['node:'] },
  recommend: { folders: ['model', 'stats', 'format', 'scenario', 'analytic'], packages: [] },
  figures: { folders: ['model', 'stats', 'format', 'sim', 'analytic'], packages: [] },
  // The real key stores and their clients (PGlite, pg, Redis); the simulator's op log comes in as model types.
  // The idempotency libraries (devDependencies, loaded with import() by `store replay --handler`)
  // run against the same Redis, on a fake Date.
  stores: {
    folders: ['model', 'stats', 'format', 'io'],
    packages: [
      '@electric-sql/pglite',
      'pg',
      '@redis/client',
      '@aws-lambda-powertools/idempotency',
      '@node-idempotency/core',
      '@node-idempotency/storage-adapter-redis',
      'express',
      'express-idempotency',
      'express-idempotency-redis-adapter',
      '@sinonjs/fake-timers',
      'node:',
    ],
  },
  // Every file write, folder swap, lock and signal handler: the one part of src/ outside the
  // command line that touches the disk and the process.
  io: { folders: ['model'], packages: ['node:'] },
  // The writers of summaries and parts copy through the readers of src/saved, so both keep one shape.
  report: {
    folders: ['model', 'stats', 'format', 'presets', 'saved'],
    packages: ['vega', 'vega-lite', 'cli-table3', 'chalk', '@resvg/resvg-js', 'node:'],
  },
  // The real SDKs (devDependencies, each loaded with import() when its driver runs) under a fake clock and fetch;
  // idemsim's side runs the scenario loader and the simulator on the same scripts.
  conformance: {
    folders: ['model', 'stats', 'presets', 'scenario', 'sim', 'io'],
    packages: [
      'openai',
      '@anthropic-ai/sdk',
      'stripe',
      '@smithy/util-retry',
      '@smithy/core',
      '@langchain/langgraph',
      '@langchain/core',
      'ai',
      '@ai-sdk/openai',
      '@sinonjs/fake-timers',
      'seedrandom',
      'node:',
    ],
  },
  // jsonc-parser: where in a refused JSON file (a part, a saved run, a summary) the fault lies;
  // node:module only to load it when a file is refused (src/saved/json-where.ts).
  saved: { folders: ['model', 'stats'], packages: ['jsonc-parser', 'node:module'] },
  // The lab page's script (a browser bundle, scripts/bundle.mjs): the scenario loader, the
  // simulator and the run report's JSON, table cells and picture rows, with no Node module;
  // yaml directly, as yaml-lib.ts's stand-in in the browser.
  lab: { folders: ['model', 'stats', 'format', 'sim', 'scenario', 'report'], packages: ['yaml'] },
};

/** The core is a pure function of the scenario: no ambient randomness or clock. */
const NO_CLOCK_OR_CHANCE = [
  { object: 'Math', property: 'random', message: 'Use the seeded streams in src/sim/rng.ts.' },
  { object: 'Date', property: 'now', message: 'The simulation has its own clock.' },
  { object: 'performance', property: 'now', message: 'The simulation has its own clock.' },
];

/** Deepest nesting of folders inside one src/ folder that the walls cover. */
const MAX_NESTING = 4;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A library import that is not allowed: any bare name but the listed ones (a name ending in ':' is a prefix). */
function packagePattern(folder, packages) {
  const allowed = packages.map((p) => (p.endsWith(':') ? `${escape(p)}` : `${escape(p)}(?:/|$)`));
  return {
    regex: `^(?!\\.|${allowed.join('|') || '$^'})`,
    message: `src/${folder} may use only these libraries: ${packages.join(', ') || 'none'} (walls in eslint.config.js).`,
  };
}

/** A relative import that leaves the folder for one it may not import, from a file `nesting` folders deep. */
function folderPattern(folder, folders, nesting) {
  const up = `(?:\\.\\./){${nesting + 1}}`;
  const allowed = folders.map((f) => `${f}/`).join('|');
  return {
    regex: `^${up}(?!${allowed || '$^'})`,
    message: `src/${folder} may import only ${folders.length === 0 ? 'its own files' : `src/${folders.join(', src/')} and its own files`} (walls in eslint.config.js).`,
  };
}

const walls = Object.entries(WALLS).flatMap(([folder, { folders, packages }]) =>
  Array.from({ length: MAX_NESTING + 1 }, (_, nesting) => ({
    files: [`src/${folder}/${'*/'.repeat(nesting)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [packagePattern(folder, packages), folderPattern(folder, folders, nesting)] },
      ],
    },
  })),
);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'scratch/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['bin/**/*.js', 'scripts/**/*.mjs', 'scripts/**/*.cjs', '.ci/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // The binary is CommonJS (bin/package.json): it starts without Node's ES module loader.
    // So is the bench's CPU probe, preloaded into the processes it times.
    files: ['bin/**/*.js', 'scripts/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...walls,
  {
    // The core is a pure function of the scenario: no ambient randomness, clocks or output.
    files: [
      'src/model/**/*.ts',
      'src/sim/**/*.ts',
      'src/stats/**/*.ts',
      'src/analytic/**/*.ts',
      'src/format/**/*.ts',
      'src/presets/**/*.ts',
    ],
    rules: {
      'no-restricted-properties': ['error', ...NO_CLOCK_OR_CHANCE],
      'no-restricted-globals': ['error', 'console', 'process'],
    },
  },
  {
    // A run gives the same bits in Node and in the lab's browser: the engines round these
    // differently in the last bit, src/stats/libm.ts computes them the same everywhere.
    files: ['src/model/**/*.ts', 'src/sim/**/*.ts', 'src/stats/**/*.ts'],
    // cosine.ts hands arguments past its reduction's range to the engine's Math.cos.
    ignores: ['src/stats/libm.ts', 'src/stats/cosine.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        // The rule's later setting replaces the earlier one for these files: both lists.
        ...NO_CLOCK_OR_CHANCE,
        ...['exp', 'log', 'cos', 'sin', 'tan', 'pow', 'hypot', 'log1p', 'expm1', 'atan2', 'cbrt'].map((property) => ({
          object: 'Math',
          property,
          message: `Math.${property} rounds differently in other engines: take it from src/stats/libm.ts (or add it there).`,
        })),
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/main.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='exit']",
          message: 'Only src/cli/main.ts exits.',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name=/^(max|min)$/] > SpreadElement",
          message: 'A spread list overflows the stack when long: use maxOf / minOf (src/stats/extent.ts).',
        },
        {
          selector: "ImportExpression[source.value='yaml']",
          message: 'Take yaml from yaml() in src/scenario/yaml-lib.ts, which loads it once, on first use.',
        },
      ],
    },
  },
  {
    // yaml loads on first use (src/scenario/yaml-lib.ts): a run of the defaults starts
    // without it. Elsewhere only its types are imported.
    files: ['src/**/*.ts'],
    // The lab's browser bundle imports yaml as any module (yaml-browser.ts stands in for yaml-lib.ts there).
    ignores: ['src/scenario/yaml-lib.ts', 'src/lab/yaml-browser.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'yaml',
              allowTypeImports: true,
              message: 'Take yaml from yaml() in src/scenario/yaml-lib.ts, which loads it once, on first use.',
            },
          ],
        },
      ],
    },
  },
);
