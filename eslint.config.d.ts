// Types of eslint.config.js for the tests that read its walls (test/contributing.test.ts).
export declare const WALLS: Readonly<Record<string, { folders: readonly string[]; packages: readonly string[] }>>;
declare const config: unknown;
export default config;
