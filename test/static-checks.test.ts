// The type check and the linter, run as test files so that they share the two workers with
// the rest of the suite instead of running before it: `npm test` is `vitest run`.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('static checks', () => {
  it('the type check finds no error (tsc --noEmit -p tsconfig.json)', () => {
    const configPath = ts.findConfigFile(ROOT, ts.sys.fileExists, 'tsconfig.json') as string;
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const text = ts.formatDiagnostics(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => ROOT,
      getNewLine: () => '\n',
    });
    expect(text).toBe('');
  });

  it('the linter finds no problem (eslint .)', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const results = await eslint.lintFiles(['.']);
    const formatter = await eslint.loadFormatter('stylish');
    const problems = results.filter((result) => result.errorCount + result.warningCount > 0);
    expect(await formatter.format(problems)).toBe('');
  });
});
