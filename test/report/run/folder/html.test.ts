// index.html from hand-made charts: what the page holds, that it needs no network, and
// that text cannot break out of it. folder.test.ts checks the same on the real charts.
import { describe, expect, it } from 'vitest';
import { escapeHtml, type HtmlChart } from '../../../../src/report/page.js';
import { renderHtml } from '../../../../src/report/run/html.js';
import { inlineSvg } from '../../../../src/report/inline-svg.js';
import { SECTIONS } from '../../../../src/report/run/sections.js';
import { FIELDS } from '../../../../src/model/fields.js';
import { scenarioSettings } from '../../../../src/scenario/settings.js';
import { CSS } from '../../../../src/report/page.js';
import { defaultsRun, intentRun } from '../../fixture.js';
import { EXTERNAL_URL, withoutSvgNamespaces } from './fixture.js';

/** A chart as vega writes one: namespaces, a clip path numbered from 1 in every chart. */
function chart(name: string): HtmlChart {
  return {
    name,
    title: `Title of ${name}`,
    caption: `What ${name} shows.`,
    svg:
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" class="marks" width="400" height="200" viewBox="0 0 400 200">' +
      `<defs><clipPath id="clip1"><rect width="10" height="10"/></clipPath></defs><g clip-path="url(#clip1)"><text>${name}</text></g></svg>`,
  };
}

const NAMES = ['timeline', 'duplicates', 'responses', 'latency', 'key-store'];

function page(runs = [defaultsRun(), intentRun()]): string {
  return renderHtml({
    version: '9.9.9',
    runs,
    charts: NAMES.map(chart),
    links: [
      { href: 'summary.json', note: 'the data; `idemsim report` redraws it' },
      { href: 'summary.csv', note: 'one row per metric' },
    ],
    settings: scenarioSettings,
  });
}

describe('index.html', () => {
  it('holds every chart as inline SVG with its title and caption', () => {
    const html = page();
    expect(html.match(/<svg\b/g)).toHaveLength(NAMES.length);
    for (const name of NAMES) {
      expect(html).toContain(`<figure id="chart-${name}">`);
      expect(html).toContain(`<h3>Title of ${name}</h3>`);
      expect(html).toContain(`What ${name} shows.`);
      expect(html).toContain(`href="${name}.vl.json"`);
    }
  });

  it('holds the headline table, row for row as the terminal table', () => {
    const html = page();
    const headline = html.slice(html.indexOf('<section id="headline">'), html.indexOf('<section id="settings">'));
    const rows = SECTIONS.find((section) => section.headline === true)?.rows ?? [];
    expect(headline.match(/<tr><th scope="row"/g)).toHaveLength(rows.length);
    for (const row of rows) expect(headline).toContain(`>${escapeHtml(row.label.trim())}</th>`);
    for (const run of [defaultsRun(), intentRun()]) {
      expect(headline).toContain(escapeHtml(rows[0]?.cell(run).value ?? 'missing'));
    }
  });

  it('holds the full table, every section and row', () => {
    const html = page();
    const all = html.slice(html.indexOf('<section id="metrics">'));
    for (const section of SECTIONS) expect(all).toContain(`>${escapeHtml(section.title)}</th></tr>`);
    const rowCount = SECTIONS.reduce((n, section) => n + section.rows.length, 0);
    expect(all.match(/<tr><th scope="row"/g)).toHaveLength(rowCount);
  });

  it('shows every field of every scenario as text beside the headline, one column per scenario', () => {
    const html = page();
    const settings = html.slice(html.indexOf('<section id="settings">'), html.indexOf('<section id="charts">'));
    expect(html.indexOf('<div class="overview">')).toBeLessThan(html.indexOf('<section id="headline">'));
    // Every field but the heading's, and the optional ones only where a scenario uses them.
    const shown = scenarioSettings(defaultsRun().scenario);
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.map((s) => s.path)).toEqual(
      FIELDS.map((f) => f.path).filter((path) => shown.some((s) => s.path === path)),
    );
    expect(settings.match(/<tr><th scope="row"/g)).toHaveLength(shown.length);
    for (const field of shown) expect(settings).toContain(`<code>${field.path}</code>`);
    expect(settings).toContain('<code>client.timeout</code></th><td>1 s</td><td>1 s</td>');
    expect(settings).toContain('<code>keys.scope</code></th><td>none</td><td>intent</td>');
    expect(settings).toContain('<code>keys.retention</code></th><td>1 h</td><td>1 h</td>');
    expect(settings).toContain('<code>client.backoff.jitter</code></th><td>full</td>');
  });

  it('lines up every field of every column when one scenario uses an optional feature and another does not', () => {
    const crashing = defaultsRun();
    crashing.scenario = { ...crashing.scenario, name: 'crashing' };
    crashing.scenario.service = { ...crashing.scenario.service, crash: { probability: 0.01, afterEffect: 0.5 } };
    const html = page([intentRun(), crashing]);
    const settings = html.slice(html.indexOf('<section id="settings">'), html.indexOf('<section id="charts">'));
    expect(settings.match(/<tr><th scope="row"/g)).toHaveLength(scenarioSettings(crashing.scenario, true).length);
    expect(settings).toContain('<code>service.crash.probability</code></th><td>0%</td><td>1%</td>');
    expect(settings).toContain('<code>keys.lease</code></th><td>none</td><td>none</td>');
  });

  it('marks the fields that took the default, per scenario, and says so under the table', () => {
    const intent = { ...intentRun(), defaults: ['client.timeout'] };
    const html = page([{ ...defaultsRun(), defaults: ['client.timeout', 'keys.scope'] }, intent]);
    expect(html).toContain(
      '<code>keys.scope</code></th><td class="default">none <span class="tag">default</span></td><td>intent</td>',
    );
    expect(html).toContain('Marked <span class="tag">default</span>: the built-in default');
  });

  it('marks nothing when the summary does not say which fields were defaults, and says that', () => {
    const html = page();
    expect(html).not.toContain('class="default"');
    expect(html).toContain('This summary does not say which values are defaults');
  });

  it("adds the settings table's style to this page only: the shared style is unchanged", () => {
    expect(page()).toContain(`<style>${CSS}\n.overview {`);
  });

  it('names and describes each scenario', () => {
    const runs = [defaultsRun(), intentRun()];
    runs.forEach((run, i) => (run.scenario.description = `Scenario number ${i}: blind retries, "keys" & all.`));
    const html = page(runs);
    for (const { scenario } of runs) {
      expect(html).toContain(`<dt>${escapeHtml(scenario.name)}</dt>`);
      expect(html).toContain(`<dd>${escapeHtml(scenario.description)}`);
    }
  });

  it('references no external URL: no http:, https: or // anywhere but SVG namespace names', () => {
    const html = page();
    expect(withoutSvgNamespaces(html)).not.toMatch(EXTERNAL_URL);
    // The page drops the namespace declarations too (the HTML parser does not need them).
    expect(html).not.toMatch(EXTERNAL_URL);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\((?!#)/i);
  });

  it('escapes scenario text, so a name cannot open a tag', () => {
    const run = defaultsRun();
    run.scenario.name = '<script>alert("x")</script>';
    run.scenario.description = 'a & b <i>c</i>';
    const html = page([run]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('a &amp; b &lt;i&gt;c&lt;/i&gt;');
  });

  it('is the same text for the same input (no date, no clock)', () => {
    expect(page()).toBe(page());
  });
});

describe('chart titles and captions', () => {
  it('are hidden, not dropped, where the picture draws them itself', () => {
    const drawn: HtmlChart = {
      ...chart('latency'),
      svg: '<svg><text>Latency &amp; more</text><text>Seen.</text></svg>',
    };
    drawn.title = 'Latency & more';
    drawn.caption = 'Seen.';
    const html = renderHtml({
      version: '1',
      runs: [defaultsRun()],
      charts: [drawn, chart('timeline')],
      links: [],
      settings: scenarioSettings,
    });
    expect(html).toContain('<h3 class="drawn">Latency &amp; more</h3>');
    expect(html).toContain('<span class="drawn">Seen.</span>');
    expect(html).toContain('<h3>Title of timeline</h3>');
  });
});

describe('inlineSvg', () => {
  it('gives each chart’s ids and the references to them the chart’s prefix', () => {
    const html = page();
    expect(html).toContain('<clipPath id="timeline-clip1">');
    expect(html).toContain('clip-path="url(#key-store-clip1)"');
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('drops the XML prolog and the namespace declarations, and nothing else', () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1"><a href="#x"/></svg>';
    expect(inlineSvg(svg, 'p-')).toBe('<svg width="1"><a href="#x"/></svg>');
  });
});
