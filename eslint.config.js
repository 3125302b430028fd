import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The walls between the folders of src/: the other folders each may import (its own files
 * always) and the libraries it may use. A wrong import fails `npm test`. The command line
 * (src/cli) sits outside the walls and may import anything; test/architecture.test.ts
 * checks that every folder has a wall here and that no import cycle joins two folders.
 */
export const WALLS = {
  // The shared vocabulary imports no other folder (simple-statistics: the normal tail).
  model: { folders: [], packages: ['simple-statistics'] },
  stats: { folders: ['model'], packages: ['simple-statistics'] },
  sim: { folders: ['model', 'stats'], packages: ['seedrandom'] },
  // node:module only to load yaml on first use (src/scenario/yaml-lib.ts).
  scenario: { folders: ['model'], packages: ['yaml', 'node:module'] },
  analytic: { folders: ['model', 'stats'], packages: ['simple-statistics'] },
  sweep: { folders: ['model', 'scenario', 'sim'], packages: ['node:'] },
  recommend: { folders: ['model', 'stats', 'scenario', 'analytic'], packages: [] },
  article: { folders: ['model', 'stats', 'sim', 'analytic'], packages: [] },
  // The real key stores and their clients (PGlite, pg, Redis); the simulator's op log comes in as model types.
  stores: { folders: ['model'], packages: ['@electric-sql/pglite', 'pg', '@redis/client', 'node:'] },
  // jsonc-parser: where in a refused JSON file (a part, a saved run, a summary) the fault lies.
  report: {
    folders: ['model', 'stats'],
    packages: ['vega', 'vega-lite', 'cli-table3', 'chalk', '@resvg/resvg-js', 'jsonc-parser', 'node:'],
  },
};

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
    files: ['src/model/**/*.ts', 'src/sim/**/*.ts', 'src/stats/**/*.ts', 'src/analytic/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded streams in src/sim/rng.ts.' },
        { object: 'Date', property: 'now', message: 'The simulation has its own clock.' },
        { object: 'performance', property: 'now', message: 'The simulation has its own clock.' },
      ],
      'no-restricted-globals': ['error', 'console', 'process'],
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
          message: 'A spread list overflows the stack when long: use maxOf / minOf (src/model/extent.ts).',
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
    ignores: ['src/scenario/yaml-lib.ts'],
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
