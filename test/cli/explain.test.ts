// `idemsim explain`: informational, so exit 0 after any run and 2 on bad input; the table
// shows each closed form beside the simulated value, or says why it does not apply.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROW } from '../../src/analytic/explain.js';
import { cli } from '../../src/cli/main.js';
import { ERROR_LINE, captured, lines } from './sinks.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function explain(args: readonly string[]) {
  const ctx = captured({ cwd: ROOT });
  const code = await cli(['explain', ...args], ctx);
  return { code, out: ctx.out.text, err: ctx.err.text };
}

/** The table line of a row, found by its name at the start of the line. */
function line(text: string, name: string): string {
  const found = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (found === undefined) throw new Error(`no table line for ${name} in:\n${text}`);
  return found;
}

/** The text with every run of whitespace (a wrapped line's break and indent) as one space. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

interface JsonRow {
  name: string;
  formula: string;
  closedForm: number | null;
  simulated: number | null;
  interval: { low: number; high: number } | null;
  unit: string;
  applies: boolean;
  why: string | null;
  verdict: string;
}

const dir = mkdtempSync(join(tmpdir(), 'idemsim-explain-'));
const write = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('idemsim explain', () => {
  it('explains the built-in defaults with exit 0: P(S > T) = 2.24% and 43.8 duplicates per 1000', async () => {
    const r = await explain(['--actions', '2000']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(lines(r.out)[0]).toBe('article-defaults (the built-in defaults): 2,000 actions, seed 1');
    expect(line(r.out, ROW.pSlow)).toMatch(/^P\(S > T\)\s+2\.24%\s+\S+ \[\S+, \S+\]\s+(within|outside) CI$/);
    expect(line(r.out, ROW.duplicates)).toMatch(/\s43\.8\s/);
    expect(r.out).toContain('1 - Phi(ln(T / m) / s), T = 1 s, m = 300 ms, s = 0.6');
  });

  it("shows the article's key store for intent keys kept 1 h: 180,000 keys, 36.0 MB", async () => {
    const r = await explain(['scenarios/refunds-4-retention-1h.yaml', '--actions', '20000']);
    expect(r.code).toBe(0);
    expect(lines(r.out)[0]).toContain('(scenarios/refunds-4-retention-1h.yaml): 20,000 actions');
    expect(line(r.out, ROW.keysRule)).toMatch(/^key-store keys, rule of thumb\s+180,000\s/);
    expect(line(r.out, ROW.bytes)).toMatch(/^key-store bytes\s+36\.0 MB\s/);
    expect(line(r.out, ROW.replayCatch)).toMatch(/100\.00%/);
  });

  it('prints no closed-form number where a closed form does not apply, and says why', async () => {
    const r = await explain(['--actions', '2000', '--set', 'service.concurrency=8', '--set', 'keys.scope=intent']);
    expect(r.code).toBe(0);
    for (const name of [ROW.pSlow, ROW.q, ROW.attempts, ROW.keys]) {
      expect(line(r.out, name), name).toMatch(/^.+?\s+-\s+\S.*\s+does not apply/);
    }
    expect(line(r.out, ROW.pSlow)).toContain('does not apply: limited concurrency (8) adds queueing');
    expect(line(r.out, ROW.attempts)).toContain('does not apply: keys are on (scope intent): the key store');
    // The scope-none rows share their reasons: the first gives them, the rest point up.
    expect(line(r.out, ROW.executions)).toMatch(/does not apply \(as above\)$/);
  });

  it('writes JSON that parses, one row per closed form, with no number where it does not apply', async () => {
    const r = await explain(['--actions', '2000', '--set', 'agent.crash.probability=0.01', '--format', 'json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as {
      idemsim: string;
      scenario: string;
      file: null;
      actions: number;
      rows: JsonRow[];
    };
    expect(doc.scenario).toBe('article-defaults');
    expect(doc.file).toBeNull();
    expect(doc.actions).toBe(2000);
    expect(doc.rows.map((row) => row.name)).toEqual(Object.values(ROW));
    for (const row of doc.rows) {
      if (!row.applies) {
        expect(row.closedForm, row.name).toBeNull();
        expect(row.verdict, row.name).toBe(`does not apply: ${row.why ?? ''}`);
      }
    }
    const attempts = doc.rows.find((row) => row.name === ROW.attempts);
    expect(attempts?.why).toContain('crashes replay whole steps');
    expect(doc.rows.find((row) => row.name === ROW.pSlow)?.closedForm).toBeCloseTo(0.0224, 4);
  });

  it('gives a crash or lease reason on the rows it breaks: server crashes, a lease', async () => {
    const r = await explain([
      '--actions',
      '2000',
      '--set',
      'service.crash.probability=0.1',
      '--set',
      'keys.scope=intent',
      '--set',
      'keys.lease=2s',
    ]);
    expect(r.code).toBe(0);
    expect(line(r.out, ROW.pSlow)).toContain('does not apply: server crashes (probability 0.1): a crashed');
    expect(line(r.out, ROW.keysRule)).toContain('does not apply: non-transactional server crashes');
    expect(flat(r.out)).toContain(
      'a lease (2 s) without renewal: takeovers can run a second execution while the first',
    );
  });

  it('keeps the per-action closed forms under an arrival profile, and names the base rate', async () => {
    const file = write(
      'profile.yaml',
      'arrivals:\n  rate: 50\n  profile:\n    - { until: 10m, rate: 150 }\nkeys: { scope: intent }\n',
    );
    const r = await explain([file, '--actions', '2000']);
    expect(r.code).toBe(0);
    expect(line(r.out, ROW.pSlow)).toMatch(/^P\(S > T\)\s+2\.24%\s/);
    expect(line(r.out, ROW.keysRule)).toMatch(/^key-store keys, rule of thumb\s+180,000\s/);
    expect(r.out).toContain('rate retention, rate = 50/s (the base rate), retention = 1 h');
    expect(flat(r.out)).toContain("with an arrival profile the store's size follows the changing rate");
  });

  it('says where incidents and reads before a repeat break the scope-none expectations', async () => {
    const file = write(
      'incident.yaml',
      'incidents:\n  - { at: 1m, for: 1m, replyLoss: 0.5 }\nagent:\n  checkFirst: { probability: 0.5 }\n',
    );
    const doc = JSON.parse((await explain([file, '--actions', '2000', '--format', 'json'])).out) as { rows: JsonRow[] };
    const why = (name: string): string => doc.rows.find((row) => row.name === name)?.why ?? '';
    expect(why(ROW.pSlow)).not.toContain('incident');
    expect(why(ROW.q)).toContain('an incident changes reply loss inside its window: q holds only outside it');
    expect(why(ROW.duplicates)).toContain('the formula holds only outside it');
    expect(why(ROW.duplicates)).toContain('the agent reads before a re-plan or replay (checkFirst 0.5)');
  });

  it('exits 2 for a file that cannot be read or parsed, with one line and no stack', async () => {
    const missing = await explain([join(dir, 'missing.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.out).toBe('');
    expect(lines(missing.err)[0]).toMatch(ERROR_LINE);
    const broken = await explain([write('broken.yaml', 'client: [\n')]);
    expect(broken.code).toBe(2);
    expect(broken.err).not.toContain('    at ');
    const invalid = await explain([write('invalid.yaml', 'client: { timeout: -1 }\n')]);
    expect(invalid.code).toBe(2);
  });

  it('exits 2 for an unknown --format, a bad --set and a second file', async () => {
    expect((await explain(['--format', 'csv'])).code).toBe(2);
    expect((await explain(['--set', 'keys.scope=sometimes'])).code).toBe(2);
    expect((await explain(['scenarios/article-defaults.yaml', 'scenarios/slow-service.yaml'])).code).toBe(2);
  });
});

describe('idemsim explain (binary)', () => {
  beforeAll(() => {
    const buildError = inject('buildError');
    if (buildError !== '') throw new Error(buildError);
  });

  it('is registered in the built program: exit 0 and JSON on stdout', () => {
    const r = spawnSync(
      process.execPath,
      [join(ROOT, 'bin/idemsim.js'), 'explain', '--actions', '1000', '--format', 'json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { rows: unknown[] }).rows).toHaveLength(Object.keys(ROW).length);
  });
});
