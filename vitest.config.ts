import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ once for the end-to-end tests that run bin/idemsim.js.
    globalSetup: ['test/cli/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
