// `presets --verify` refusals, in-process: a missing SDK is a usage error naming it (exit 2,
// one line), and the flags it cannot take. The registry of drivers is replaced so that one
// package reads as missing: the real run is test/cli/presets-verify.test.ts.
import { describe, expect, it, vi } from 'vitest';
import { inProcess } from './in-process.js';

vi.mock('../../src/conformance/sdk-runs.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/conformance/sdk-runs.js')>();
  return { ...real, missingPackages: async () => ['@langchain/langgraph', 'ai'] };
});

describe('presets --verify refusals', () => {
  it('exits 2 with one line naming the first missing package, and how to install them', async () => {
    const r = await inProcess(['presets', '--verify']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('@langchain/langgraph is not installed (nor ai)');
    expect(lines[0]).toContain('devDependencies');
  });

  it('refuses --compare, --set and --out beside it, and an unknown format', async () => {
    for (const args of [
      ['presets', '--verify', '--compare'],
      ['presets', '--verify', '--set', 'keys.scope=intent'],
      ['presets', '--verify', '--out', 'x'],
      ['presets', '--verify', '--format', 'csv'],
    ]) {
      const r = await inProcess(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
