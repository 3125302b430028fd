import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    files: ['bin/**/*.js', 'scripts/**/*.mjs', '.ci/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // The core is a pure function of the scenario: no ambient randomness, clocks or output.
    files: ['src/sim/**/*.ts', 'src/stats/**/*.ts', 'src/analytic/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded streams in src/sim/rng.ts.' },
        { object: 'Date', property: 'now', message: 'The simulation has its own clock.' },
        { object: 'performance', property: 'now', message: 'The simulation has its own clock.' },
      ],
      'no-restricted-globals': ['error', 'console', 'process'],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'chalk'] }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/main.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='exit']", message: 'Only src/cli/main.ts exits.' },
      ],
    },
  },
);
