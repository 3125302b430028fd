// The three renderings of a diff: the table for a person, markdown for a pull-request
// comment, JSON for machines; and the cells they share.
import { describe, expect, it } from 'vitest';
import { Worse, type DiffReport, type FailOn } from '../../../src/model/diff.js';
import { diffResults } from '../../../src/stats/diff.js';
import type { RunResult } from '../../../src/model/result.js';
import { signed, verdictLine, type DiffSides } from '../../../src/report/diff/cells.js';
import { renderDiffJson } from '../../../src/report/diff/json.js';
import { MARKDOWN_LIMIT, renderDiffMarkdown } from '../../../src/report/diff/markdown.js';
import { renderDiffTable } from '../../../src/report/diff/table.js';
import { fixtureResult } from '../fixture.js';

const SIDES: DiffSides = {
  base: { files: ['ci/baseline.json'], sets: [], idemsim: '0.1.0', simulated: false },
  new: { files: ['ci/refunds.yaml'], sets: ['client.retries=0'], idemsim: '0.1.0', simulated: true },
};

const UNKNOWN: FailOn = {
  metric: 'unknownPerThousand',
  worse: Worse.increase,
  tolerance: 1,
  relative: false,
  text: 'unknownPerThousand=+1',
};

function worse(): RunResult {
  const result = fixtureResult();
  result.metrics.unknownPerThousand = 40;
  result.intervals['unknownPerThousand'] = { low: 33, high: 47 };
  return result;
}

function report(fresh: RunResult, failOn: FailOn[] = [UNKNOWN], name = 'refunds'): DiffReport {
  return diffResults([{ name, result: fixtureResult() }], [{ name, result: fresh }], failOn);
}

describe('signed', () => {
  it('writes a change with its sign, in the unit of its metric', () => {
    expect(signed(0.25, 'perThousand')).toBe('+0.250');
    expect(signed(-1200, 'ms')).toBe('-1.20 s');
    expect(signed(0, 'count')).toBe('0');
    expect(signed(0, 'perThousand', 0.00926)).toBe('0');
    expect(signed(0, 'ms', 86.6)).toBe('0 ms');
    expect(signed(0.3, 'keys')).toBe('0');
    expect(signed(0.00001, 'ratio')).toBe('0.00 pp');
    expect(signed(Number.NaN, 'count')).toBe('n/a');
  });

  it('writes a change of a share in percentage points', () => {
    expect(signed(0.02, 'ratio')).toBe('+2.00 pp');
    expect(signed(-0.005, 'ratio')).toBe('-0.50 pp');
  });
});

describe('verdictLine', () => {
  it('names each failed gate and its scenario, the other verdicts, and the false-alarm rate', () => {
    expect(verdictLine(report(worse()))).toBe(
      'FAIL: 1 of 1 gate failed (unknownPerThousand=+1 in refunds); 0 passed, 0 undecided; false-alarm rate 5% for the 1 gate',
    );
  });

  it('says pass when no gate failed, and counts real changes without gates', () => {
    expect(verdictLine(report(fixtureResult()))).toMatch(
      /^pass: no gate failed in 1 scenario \(\d passed, \d undecided\); false-alarm rate 5% for the 1 gate$/,
    );
    expect(verdictLine(report(fixtureResult(), []))).toBe(
      'no --fail-on gate; 0 metric changes real at 95% each in 1 scenario',
    );
  });
});

/** `count` scenarios, each with `unknownPerThousand` from 0.5 to 40: a real change that fails its gate. */
function many(count: number, failing: number): DiffReport {
  const names = Array.from({ length: count }, (_, i) => `scenario-${String(i).padStart(3, '0')}`);
  return diffResults(
    names.map((name) => ({ name, result: fixtureResult() })),
    names.map((name, i) => ({ name, result: i === failing ? worse() : fixtureResult() })),
    [UNKNOWN, { ...UNKNOWN, metric: 'duplicatesPerThousand', text: 'duplicatesPerThousand=+1' }],
  );
}

describe('renderDiffMarkdown', () => {
  it('leads with a one-line verdict, then the failed gates', () => {
    const lines = renderDiffMarkdown(report(worse()), SIDES).split('\n');
    expect(lines[0]).toBe(`**idemsim diff** ❌ ${verdictLine(report(worse()))}`);
    expect(lines[2]).toBe('**❌ Failed: 1**');
    expect(lines[4]).toBe('- unknownPerThousand=+1 in refunds: +39.5 [+32.5, +46.5], limit +1.00');
    expect(renderDiffMarkdown(report(fixtureResult()), SIDES).startsWith('**idemsim diff** ✅ pass')).toBe(true);
  });

  it('lists an undecided gate with the smallest change it detects', () => {
    const noisy = fixtureResult();
    noisy.metrics.unknownPerThousand = 2;
    noisy.intervals['unknownPerThousand'] = { low: 0, high: 4 };
    const text = renderDiffMarkdown(report(noisy), SIDES);
    expect(text).toContain('**❔ Undecided (more actions would tell): 1**');
    expect(text).toMatch(/- unknownPerThousand=\+1 in refunds: \+1\.50 \[[^\]]+\], limit \+1\.00, fails above \+\d/);
  });

  it('tables only the real changes, and folds every metric of each scenario into a details block', () => {
    const text = renderDiffMarkdown(report(worse()), SIDES);
    const rows = text.split('\n').filter((line) => line.startsWith('| '));
    expect(rows).toContain('| scenario | metric | base | new | change | 95% CI of change | gate |');
    expect(rows).toContain(
      '| refunds | unknownPerThousand | 0.500 | 40.0 | +39.5 | [+32.5, +46.5] | ❌ **FAIL (limit +1.00)** |',
    );
    const real = text.slice(text.indexOf('**Real changes**'), text.indexOf('<details>'));
    expect(real.split('\n').filter((line) => line.startsWith('| refunds |'))).toHaveLength(1);
    expect(text).toMatch(/<details>\n<summary>refunds: all \d+ metrics<\/summary>/);
    expect(rows.some((row) => row.startsWith('| duplicates |'))).toBe(true);
  });

  it('escapes a pipe in a scenario name so it cannot break the table', () => {
    const text = renderDiffMarkdown(report(worse(), [UNKNOWN], 'a|b'), SIDES);
    expect(text).toContain('| a\\|b | unknownPerThousand |');
    expect(text).toContain('<summary>a\\|b: all ');
  });

  it('says where each side came from, --set included', () => {
    expect(renderDiffMarkdown(report(worse()), SIDES)).toContain(
      'new: `ci/refunds.yaml with --set client.retries=0 (simulated by idemsim 0.1.0)`',
    );
  });

  it(`never passes ${MARKDOWN_LIMIT} characters, puts the failed gate in the first 20 lines, and says what it cut`, () => {
    for (const count of [30, 300]) {
      const text = renderDiffMarkdown(many(count, count - 1), SIDES);
      expect(text.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
      const head = text.split('\n').slice(0, 20).join('\n');
      expect(head).toContain(`- unknownPerThousand=+1 in scenario-${String(count - 1).padStart(3, '0')}`);
      if (count === 300)
        expect(text).toMatch(/_Cut to stay under 60,000 characters: the full tables of \d+ scenarios;/);
    }
    // Every scenario is named in full when it fits.
    const small = renderDiffMarkdown(many(3, 1), SIDES);
    expect(small).not.toContain('_Cut to stay under');
    expect(small.match(/<summary>/g)).toHaveLength(3);
  });
});

describe('renderDiffTable', () => {
  it('has a row per metric with its gate, and ends with the verdict', () => {
    const text = renderDiffTable(report(worse()), SIDES, { color: false });
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('base  ci/baseline.json (idemsim 0.1.0)');
    expect(lines.find((l) => l.trim().startsWith('unknownPerThousand'))).toMatch(/yes, up\s+FAIL \(limit \+1\.00\)$/);
    expect(lines.find((l) => l.trim().startsWith('duplicates '))).toMatch(/no interval$/);
    expect(lines.at(-1)).toBe(verdictLine(report(worse())));
  });

  it('has no gate column without gates, and no colour unless asked', () => {
    const text = renderDiffTable(report(worse(), []), SIDES, { color: false });
    expect(text.split('\n')[2]).toMatch(/^metric .* real$/);
    expect(text).not.toContain('\u001b[');
    expect(renderDiffTable(report(worse()), SIDES, { color: true })).toContain('\u001b[');
  });
});

describe('renderDiffJson', () => {
  it('writes the document in a fixed key order with a version', () => {
    const document = JSON.parse(renderDiffJson(report(worse()), SIDES, '0.1.0')) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual([
      'idemsim',
      'diffVersion',
      'level',
      'falseAlarm',
      'passed',
      'failed',
      'undecided',
      'base',
      'new',
      'failOn',
      'scenarios',
      'onlyInBase',
      'onlyInNew',
    ]);
    expect(document).toMatchObject({
      idemsim: '0.1.0',
      diffVersion: 2,
      level: 0.95,
      falseAlarm: 0.05,
      passed: false,
      failed: 1,
      undecided: 0,
    });
  });

  it('gives each metric its change, interval and test in full precision', () => {
    const document = JSON.parse(renderDiffJson(report(worse()), SIDES, '0.1.0')) as {
      scenarios: { gates: unknown[]; metrics: Record<string, unknown>[] }[];
    };
    const [scenario] = document.scenarios;
    expect(scenario?.gates).toEqual([
      {
        failOn: 'unknownPerThousand=+1',
        metric: 'unknownPerThousand',
        limit: 1,
        verdict: 'fail',
        pValue: expect.any(Number),
        failsBeyond: expect.any(Number),
      },
    ]);
    const unknown = scenario?.metrics.find((m) => m['metric'] === 'unknownPerThousand');
    expect(Object.keys(unknown ?? {})).toEqual([
      'metric',
      'unit',
      'base',
      'new',
      'change',
      'interval',
      'design',
      'real',
    ]);
    // Hand-made results carry no batches: the runs are compared as independent ones.
    expect(unknown).toMatchObject({ base: 0.5, new: 40, change: 39.5, design: 'independent', real: true });
    expect(scenario?.metrics.find((m) => m['metric'] === 'duplicates')).toMatchObject({
      interval: null,
      design: null,
      real: null,
    });
  });

  it('writes a value a side lacks as null', () => {
    const fresh = worse();
    fresh.metrics.lostPerThousand = Number.NaN;
    const document = JSON.parse(renderDiffJson(report(fresh), SIDES, '0.1.0')) as {
      scenarios: { metrics: Record<string, unknown>[] }[];
    };
    expect(document.scenarios[0]?.metrics.find((m) => m['metric'] === 'lostPerThousand')).toMatchObject({
      new: null,
      change: null,
      interval: null,
      real: null,
    });
  });
});
