// Every XML idemsim writes stays well-formed whatever text it carries: the JUnit file of
// `check --junit`, each SVG chart (vega escapes & < > but passes control characters on),
// the HTML page that inlines them, and the PNG drawn from an SVG. Text is escaped, and
// what XML 1.0 forbids is replaced by U+FFFD.
import fc from 'fast-check';
import { Resvg } from '@resvg/resvg-js';
import { XMLValidator } from 'fast-xml-parser';
import type { TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { checkExpect } from '../../src/stats/bounds.js';
import { defaultScenario } from '../../src/model/scenario.js';
import { renderJunit } from '../../src/report/check/junit.js';
import { escapeHtml, figure, htmlPage } from '../../src/report/page.js';
import { renderPng } from '../../src/report/png.js';
import { duplicatesChart } from '../../src/report/run/charts/duplicates.js';
import { renderSvg } from '../../src/report/svg.js';
import { REPLACEMENT, xmlChars, xmlText } from '../../src/report/xml.js';
import { fixtureResult } from './fixture.js';
import { hostileText } from './hostile.js';
import { scenarioRun } from './run/charts/runs.js';
import { xmlProblem } from './well-formed.js';

/** Well-formed by the strict check here and by fast-xml-parser's validator. */
function expectWellFormed(xml: string): void {
  expect(xmlProblem(xml)).toBeUndefined();
  expect(XMLValidator.validate(xml)).toBe(true);
}

describe('xmlText and escapeHtml', () => {
  it('give text that sits in element content and in a quoted attribute of well-formed XML', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        for (const escape of [xmlText, escapeHtml]) {
          const safe = escape(text);
          expectWellFormed(`<a b="${safe}" c='${safe}'>${safe}</a>`);
        }
      }),
      { seed: 31, numRuns: 2000 },
    );
  });

  it('keep every allowed character and replace each forbidden one by U+FFFD', () => {
    expect(xmlChars('a\u0000b\u001bc\ufffed\ud800e\t\n\r\u0085 😀')).toBe(
      `a${REPLACEMENT}b${REPLACEMENT}c${REPLACEMENT}d${REPLACEMENT}e\t\n\r\u0085 😀`,
    );
    expect(xmlText(`</svg><script>'&"\n`)).toBe('&lt;/svg&gt;&lt;script&gt;&apos;&amp;&quot;&#10;');
  });
});

describe('check --junit', () => {
  it('writes well-formed XML whatever the scenario, file, gate and message hold', () => {
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, hostileText, (name, file, gate, message) => {
        const scenario = { ...defaultScenario(), name, expect: { duplicatesPerThousand: { max: 0.1 } } };
        const rows = checkExpect(scenario, fixtureResult());
        const xml = renderJunit([{ scenario: name, file, rows, seconds: 1 }], { strict: true }, [
          { scenario: name, name: gate, verdict: 'fail', message },
        ]);
        expectWellFormed(xml);
        expect(xml).not.toContain('<script');
      }),
      { seed: 32, numRuns: 500 },
    );
  });
});

/**
 * A chart that draws `text` wherever idemsim puts a user's text: the title and subtitle,
 * the description, and the categories its axis and legend label. (Never a channel's own
 * title: vega-lite copies those unescaped into an expression of the chart's description.)
 */
function textChart(text: string): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: text,
    title: { text, subtitle: text },
    data: {
      values: [
        { label: text, value: 1 },
        { label: `${text}2`, value: 2 },
      ],
    },
    mark: 'bar',
    encoding: {
      x: { field: 'label', type: 'nominal', title: 'scenario' },
      y: { field: 'value', type: 'quantitative', title: 'value' },
      color: { field: 'label', type: 'nominal', title: 'scenario' },
    },
  };
}

/** Whether resvg's XML parser (roxmltree, strict) takes the SVG. */
function resvgParses(svg: string): boolean {
  new Resvg(svg);
  return true;
}

describe('charts', () => {
  it('an SVG is well-formed XML, resvg reads it, and no markup escapes it, whatever text it draws', async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        const svg = await renderSvg(textChart(text));
        expectWellFormed(svg);
        expect(resvgParses(svg)).toBe(true);
        expect(svg).not.toContain('<script');
      }),
      { seed: 33, numRuns: 40 },
    );
  });

  it("a report's chart drawn for a scenario with a hostile name, and the page that inlines it", async () => {
    const run = scenarioRun('refunds-2-call-key');
    await fc.assert(
      fc.asyncProperty(hostileText, async (name) => {
        const chart = duplicatesChart([{ ...run, scenario: { ...run.scenario, name } }]);
        const svg = await renderSvg(chart.spec);
        expectWellFormed(svg);
        const page = htmlPage(name, escapeHtml(name), [
          figure({ name: 'duplicates', title: name, caption: name, svg }),
        ]);
        expect(page).toBe(xmlChars(page));
        expect(page).not.toContain('<script');
        expect(page.split('<svg').length).toBe(page.split('</svg>').length);
      }),
      { seed: 34, numRuns: 15 },
    );
  });

  it('--png draws a chart whose text held control characters, instead of failing', async () => {
    const svg = await renderSvg(textChart('a\u001b[31m\u0007\ufffe\ud800</svg><script>'));
    const png = renderPng(svg);
    expect([...png.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
