// No text from a file, a flag or a saved summary reaches a terminal raw: a scenario file
// named with ESC, BEL or a line break, a hand-edited summary.json, a hostile label. Every
// control character is shown as an escape (\u001b), in tables, text reports and messages
// on stderr, while idemsim's own colours still work. Binary cases run bin/idemsim.js.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError, reportError } from '../../src/cli/errors.js';
import { recommend } from '../../src/cli/recommend.js';
import { terminalErr } from '../../src/cli/streams.js';
import { checkExpect } from '../../src/stats/bounds.js';
import { diffResults } from '../../src/stats/diff.js';
import { defaultScenario } from '../../src/model/scenario.js';
import type { Sweep } from '../../src/model/sweep.js';
import { renderCheckTable } from '../../src/report/check/text.js';
import { renderDiffMarkdown } from '../../src/report/diff/markdown.js';
import { renderDiffTable } from '../../src/report/diff/table.js';
import { renderExplainTable } from '../../src/report/explain/text.js';
import { renderTable } from '../../src/report/run/table.js';
import { renderSweepTable } from '../../src/report/sweep/text.js';
import { terminalLines, terminalText } from '../../src/report/text.js';
import { fixtureResult } from '../report/fixture.js';
import { controlIn, hostileText, withoutOurColours } from '../report/hostile.js';
import { xmlProblem } from '../report/well-formed.js';
import { idemsim, requireBuild } from './binary.js';
import { captured } from './sinks.js';

/** Terminal output: no control character but line feeds, once idemsim's own colours are set aside. */
function expectSafe(output: string): void {
  expect(controlIn(withoutOurColours(output))).toBeUndefined();
}

describe('terminalText', () => {
  it('leaves no control character, is idempotent, and changes text without one not at all', () => {
    fc.assert(
      fc.property(hostileText, fc.string(), (hostile, plain) => {
        const safe = terminalText(hostile);
        expect(controlIn(safe)).toBeUndefined();
        expect(safe).not.toMatch(/[\n\u2028\u2029]/);
        expect(terminalText(safe)).toBe(safe);
        expect(controlIn(terminalLines(hostile))).toBeUndefined();
        if (controlIn(plain) === undefined && !/[\n\u2028\u2029]/.test(plain)) expect(terminalText(plain)).toBe(plain);
      }),
      { seed: 41, numRuns: 3000 },
    );
  });

  it('shows what it replaced', () => {
    expect(terminalText('a\u001b[31mb\u0007\nc\td')).toBe('a\\u001b[31mb\\u0007\\nc\\td');
    expect(terminalLines('one\ntwo\u001b')).toBe('one\ntwo\\u001b');
  });
});

describe('text reports', () => {
  it("check's table, whatever the scenario is called", () => {
    fc.assert(
      fc.property(hostileText, (name) => {
        // A bound decided, one undecided and one on a metric not measured: every line that names the scenario.
        const bounds = {
          duplicatesPerThousand: { max: 45 },
          unknownPerThousand: { max: 1 },
          leaseTakeovers: { max: 0 },
        };
        const scenario = { ...defaultScenario(), name, expect: bounds };
        const out = renderCheckTable(checkExpect(scenario, fixtureResult()), { strict: true });
        expectSafe(out);
        expect(out).toContain(terminalText(name).slice(0, 20));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it("run's table with colour: names and descriptions made safe before they are coloured", () => {
    fc.assert(
      fc.property(hostileText, hostileText, (name, description) => {
        const run = { scenario: { ...defaultScenario(), name, description }, result: fixtureResult() };
        const out = renderTable([run], { color: true });
        expectSafe(out);
        if (name !== '') expect(out).toContain(`\u001b[1m${terminalText(name)}\u001b[22m`);
      }),
      { seed: 43, numRuns: 200 },
    );
  });

  it("diff's table and markdown, whatever the names, files and --set arguments", () => {
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, (name, file, set) => {
        const report = diffResults(
          [
            { name, result: fixtureResult() },
            { name: `${name}-old`, result: fixtureResult() },
          ],
          [{ name, result: fixtureResult() }],
          [],
        );
        const sides = {
          base: { files: [file], sets: [], idemsim: '0.1.0', simulated: false },
          new: { files: [file], sets: [set], idemsim: null, simulated: true },
        };
        expectSafe(renderDiffTable(report, sides, { color: true }));
        const markdown = renderDiffMarkdown(report, sides);
        expectSafe(markdown);
        // In a code span a tag is text; anywhere else it would be markup.
        expect(markdown.replace(/`[^`]*`/g, '')).not.toMatch(/<(script|\/svg)/);
      }),
      { seed: 44, numRuns: 200 },
    );
  });

  it("sweep's table and explain's header, whatever the name, labels and file", () => {
    fc.assert(
      fc.property(hostileText, hostileText, (name, label) => {
        const scenario = { ...defaultScenario(), name };
        const sweep: Sweep = {
          name,
          vary: [{ path: 'client.timeout', kind: 'other', sets: [], values: [1, 2], labels: [label, `${label}2`] }],
          metrics: ['duplicatesPerThousand'],
          points: [0, 1].map((i) => ({ at: [i], scenario, result: fixtureResult() })),
        };
        expectSafe(renderSweepTable(sweep));
        expectSafe(renderExplainTable({ scenario: name, file: label, actions: 1, seed: name }, []));
      }),
      { seed: 45, numRuns: 200 },
    );
  });
});

describe('messages on stderr', () => {
  it('a known error quoting hostile input prints one safe line per line', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 3 }), (lines) => {
        const ctx = captured();
        expect(reportError(new InputError(lines), ctx.err)).toBe(2);
        expectSafe(ctx.err.text);
        expect(ctx.err.text.split('\n')).toHaveLength(lines.length + 1);
      }),
      { seed: 46, numRuns: 500 },
    );
  });

  it("standard error escapes every write, and lets through only the progress line's own redraw", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const ctx = captured();
        terminalErr(ctx.err, false).write(`${text}\n`);
        terminalErr(ctx.err, true).write(`\r\u001b[K${text}`);
        expectSafe(ctx.err.text.replace('\r\u001b[K', ''));
      }),
      { seed: 47, numRuns: 500 },
    );
  });

  it('recommend names a file and the scenario after it in its text without a raw control character', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-terminal-'));
    const file = 'evil\u001b[31m\u0007.yaml';
    writeFileSync(join(cwd, file), 'actions: 1000\n');
    const ctx = captured({ cwd });
    const options = { targets: ['duplicatesPerThousand<=1000'], vary: ['client.retries=0,1'], jobs: '1' };
    const fix = ['client.timeout', 'client.backoff.base', 'keys.retention', 'keys.scope'];
    expect(await recommend(file, { ...options, fix, skipGuard: ['all'], format: 'table' }, ctx)).toBe(0);
    expectSafe(ctx.out.text);
    expect(ctx.out.text).toContain('idemsim recommend: evil\\u001b[31m\\u0007');
  });
});

interface SavedSummary {
  idemsim: string;
  runs: { scenario: { name: string; description: string }; defaults?: string[] }[];
}

/** A report folder's summary.json, its runs' name and description no longer marked as defaults. */
function readSummary(folder: string): SavedSummary {
  const summary = JSON.parse(readFileSync(join(folder, 'summary.json'), 'utf8')) as SavedSummary;
  for (const run of summary.runs) run.defaults = run.defaults?.filter((p) => p !== 'name' && p !== 'description');
  return summary;
}

describe('idemsim (binary) with hostile input', () => {
  beforeAll(requireBuild);
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-hostile-'));
  const hostile = 'evil\u001b[31mred\u0007\nline\uffff';
  const scenarioFile = join(dir, `${hostile}.yaml`);
  writeFileSync(scenarioFile, 'actions: 300\nexpect:\n  duplicatesPerThousand: { max: 1 }\n');

  it('run --format table of a file named with ESC, BEL and a line break', () => {
    const r = idemsim(['run', scenarioFile, '--format', 'table']);
    expect(r.status).toBe(0);
    expectSafe(r.stdout + r.stderr);
    expect(r.stdout).toContain('evil\\u001b[31mred\\u0007\\u000aline\\uffff');
  });

  it('check --junit of that file: a failed bound, safe text, well-formed XML', () => {
    const junit = join(dir, 'junit.xml');
    const r = idemsim(['check', scenarioFile, '--junit', junit]);
    expect(r.status).toBe(1);
    expectSafe(r.stdout + r.stderr);
    const xml = readFileSync(junit, 'utf8');
    expect(xmlProblem(xml)).toBeUndefined();
    expect(xml).toContain('file="');
  });

  it('run --out of that file writes a report whose name loads back, and pages and charts without raw controls', () => {
    const out = join(dir, 'report');
    const r = idemsim(['run', scenarioFile, '--out', out]);
    expect(r.stderr).not.toContain('    at ');
    expect(r.status).toBe(0);
    expectSafe(r.stderr);
    for (const name of readdirSync(out).filter((f) => f.endsWith('.svg'))) {
      expect(xmlProblem(readFileSync(join(out, name), 'utf8')), name).toBeUndefined();
    }
    expect(controlIn(readFileSync(join(out, 'index.html'), 'utf8').replace(/\t/g, ''))).toBeUndefined();
  });

  it('report refuses a hand-edited summary.json whose text holds control characters: one safe line, exit 2', () => {
    const out = join(dir, 'base');
    expect(idemsim(['run', '--actions', '200', '--out', out]).status).toBe(0);
    const summary = readSummary(out);
    const edited = (edit: (s: typeof summary) => void): string => {
      const copy = structuredClone(summary);
      edit(copy);
      const file = join(dir, `edited-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(file, JSON.stringify(copy));
      return file;
    };
    for (const file of [
      edited((s) => ((s.runs[0] as (typeof s.runs)[number]).scenario.name = hostile)),
      edited((s) => ((s.runs[0] as (typeof s.runs)[number]).scenario.description = '\u001b]0;owned\u0007')),
      edited((s) => (s.idemsim = '0.1.0\u001b[2J')),
    ]) {
      const r = idemsim(['report', file, '--out', join(dir, `r-${Math.random().toString(36).slice(2)}`)]);
      expect(r.status).toBe(2);
      expectSafe(r.stderr);
      expect(r.stderr).toContain('holds a control character');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      // diff reads only the names and versions: refused when they hold one, and safe either way.
      const d = idemsim(['diff', file, file]);
      expect([0, 2]).toContain(d.status);
      expectSafe(d.stdout + d.stderr);
    }
  });

  it('report draws a summary whose name and description carry markup: escaped in the page and charts', () => {
    const out = join(dir, 'markup-base');
    expect(idemsim(['run', '--actions', '200', '--out', out]).status).toBe(0);
    const summary = readSummary(out);
    const run = summary.runs[0] as (typeof summary.runs)[number];
    run.scenario.name = `</svg><script>alert(1)</script>]]>"'&`;
    run.scenario.description = '<img src=x onerror=alert(1)> & </p>';
    const file = join(dir, 'markup.json');
    writeFileSync(file, JSON.stringify(summary));
    const redrawn = join(dir, 'markup');
    const r = idemsim(['report', file, '--out', redrawn]);
    expect(r.status).toBe(0);
    const page = readFileSync(join(redrawn, 'index.html'), 'utf8');
    expect(page).not.toMatch(/<script|<img/);
    for (const name of readdirSync(redrawn).filter((f) => f.endsWith('.svg'))) {
      const svg = readFileSync(join(redrawn, name), 'utf8');
      expect(xmlProblem(svg), name).toBeUndefined();
      expect(svg).not.toContain('<script');
    }
  });

  it('an unknown option or a bad --set quoting ESC is reported with it escaped', () => {
    for (const args of [
      ['run', '--\u001b[31m'],
      ['run', '--set', 'client.timeout=\u001b]0;x\u0007'],
      ['check', join(dir, 'missing\u001b[2J.yaml')],
    ]) {
      const r = idemsim(args);
      expect(r.status).toBe(2);
      expectSafe(r.stdout + r.stderr);
    }
  });
});
