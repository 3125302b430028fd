// `idemsim presets --verify` end to end, as CI and a user run it: every runnable preset
// and stack agrees with its real package (exit 0), and the table docs/reference/presets.md
// shows is the one the command prints today (a package upgrade that changes a verdict or
// a p-value shows up here). The refusals run in-process in test/cli/presets.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, idemsim, requireBuild } from './binary.js';

beforeAll(requireBuild);

const START = '<!-- presets --verify --format markdown: start -->';
const END = '<!-- presets --verify --format markdown: end -->';

describe('presets --verify', () => {
  it('exits 0 with every runnable preset agreeing, and prints the table the reference page holds', () => {
    const run = idemsim(['presets', '--verify', '--format', 'markdown']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const page = readFileSync(join(ROOT, 'docs/reference/presets.md'), 'utf8');
    const table = page.slice(page.indexOf(START) + START.length, page.indexOf(END)).trim();
    expect(run.stdout.trim()).toBe(table);
    for (const name of [
      'openai',
      'anthropic',
      'stripe',
      'aws-2026',
      'langgraph',
      'vercel-ai',
      'langgraph(openai)',
      'ai(openai)',
    ]) {
      expect(table).toContain(`| \`${name}\``);
    }
    expect(table).not.toMatch(/\| [0-5] of 6 \|/);
  });

  it('names the source-only presets and exits 0 for one of them alone', () => {
    const run = idemsim(['presets', 'temporal', '--verify']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('temporal: an activity retry policy needs a Temporal server to run');
  });

  it("prints one preset's verdict, script by script, in the table format", () => {
    const run = idemsim(['presets', 'stripe', '--verify']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('stripe: agrees (stripe@');
    expect(run.stdout).toContain(
      'ok   every attempt gets 503: 3 requests, error; wait 1 500 ms on both; wait 2 500 ms on both',
    );
  });
});
