// The report folder drawn from a real (small) run and the real charts.
import { describe, expect, it } from 'vitest';
import { charts } from '../../../../src/report/run/charts/index.js';
import { reportFiles, scenarioFiles } from '../../../../src/report/run/folder.js';
import { escapeHtml } from '../../../../src/report/page.js';
import { loadScenario, scenarioToYaml } from '../../../../src/scenario/index.js';
import { scenarioSettings } from '../../../../src/scenario/settings.js';
import { REPORT_MARKERS } from '../../../../src/io/folder.js';
import { SECTIONS } from '../../../../src/report/run/sections.js';
import { detailedRun, summaryOf, EXTERNAL_URL, withoutSvgNamespaces } from './fixture.js';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function text(files: { name: string; content: string | Uint8Array }[], name: string): string {
  const file = files.find((f) => f.name === name);
  if (file === undefined) throw new Error(`no ${name}`);
  return typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('latin1');
}

describe('reportFiles', () => {
  const run = detailedRun();
  run.scenario.description = 'Blind retries, no key: the picture the article starts from.';
  const summary = summaryOf(run);
  const expected = charts(summary.runs);

  it('writes the page, the summary, the CSV, the scenario and a spec and an SVG per chart', async () => {
    const files = await reportFiles(summary, { png: false, scenarioYaml: scenarioToYaml, settings: scenarioSettings });
    expect(files.map((f) => f.name)).toEqual([
      'index.html',
      'summary.json',
      'summary.csv',
      'scenario.yaml',
      ...expected.flatMap((chart) => [`${chart.name}.vl.json`, `${chart.name}.svg`]),
    ]);
    for (const marker of REPORT_MARKERS) expect(files.map((f) => f.name)).toContain(marker);
  });

  it('puts every chart in index.html, inline, with its title and caption', async () => {
    const html = text(
      await reportFiles(summary, { png: false, scenarioYaml: scenarioToYaml, settings: scenarioSettings }),
      'index.html',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(html.match(/<svg\b/g)).toHaveLength(expected.length);
    for (const chart of expected) {
      expect(html).toMatch(new RegExp(`<h3( class="drawn")?>${escapeRegExp(escapeHtml(chart.title))}</h3>`));
      expect(html).toContain(escapeHtml(chart.caption));
    }
  });

  it('puts the headline table and the scenario’s name and description in index.html', async () => {
    const html = text(
      await reportFiles(summary, { png: false, scenarioYaml: scenarioToYaml, settings: scenarioSettings }),
      'index.html',
    );
    const headline = SECTIONS.find((section) => section.headline === true)?.rows ?? [];
    const table = html.slice(html.indexOf('<section id="headline">'), html.indexOf('<section id="settings">'));
    for (const row of headline) expect(table).toContain(`<td>${escapeHtml(row.cell(run).value)}`);
    expect(html).toContain(`<dt>${escapeHtml(run.scenario.name)}</dt>`);
    expect(html).toContain(escapeHtml(run.scenario.description));
  });

  it('shows every setting of the scenario beside the headline, the defaults marked when the summary says', async () => {
    const marked = summaryOf({ ...run, defaults: ['client.timeout', 'keys.retention'] });
    const html = text(
      await reportFiles(marked, { png: false, scenarioYaml: scenarioToYaml, settings: scenarioSettings }),
      'index.html',
    );
    const settings = html.slice(html.indexOf('<section id="settings">'), html.indexOf('<section id="charts">'));
    expect(html.indexOf('<section id="headline">')).toBeLessThan(html.indexOf('<section id="settings">'));
    expect(settings).toMatch(
      /<code>client\.timeout<\/code><\/th><td class="default">1 s <span class="tag">default<\/span><\/td>/,
    );
    expect(settings).toMatch(/<code>client\.retries<\/code><\/th><td>3<\/td>/);
    expect(settings).toMatch(/<code>keys\.retention<\/code><\/th><td class="default">1 h /);
    expect(settings).toContain('<code>client.backoff.base</code></th><td>100 ms</td>');
  });

  it('references no external URL in index.html, the real charts included', async () => {
    const html = text(
      await reportFiles(summary, { png: false, scenarioYaml: scenarioToYaml, settings: scenarioSettings }),
      'index.html',
    );
    expect(withoutSvgNamespaces(html)).not.toMatch(EXTERNAL_URL);
    expect(html).not.toMatch(/<script|<link|<img|@import/i);
  });

  it('links every other file of the folder from index.html', async () => {
    const files = await reportFiles(summary, { png: true, scenarioYaml: scenarioToYaml, settings: scenarioSettings });
    const html = text(files, 'index.html');
    for (const { name } of files.slice(1)) expect(html).toContain(`href="${name}"`);
  });

  it('writes the specs as the charts give them, and the SVGs as standalone files', async () => {
    const files = await reportFiles(summary, { png: false, scenarioYaml: scenarioToYaml, settings: scenarioSettings });
    for (const chart of expected) {
      expect(JSON.parse(text(files, `${chart.name}.vl.json`))).toEqual(JSON.parse(JSON.stringify(chart.spec)));
      expect(text(files, `${chart.name}.svg`)).toMatch(/^<svg[^>]* xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });

  it('writes a PNG per chart when asked', async () => {
    const files = await reportFiles(summary, { png: true, scenarioYaml: scenarioToYaml, settings: scenarioSettings });
    for (const chart of expected) {
      const png = files.find((f) => f.name === `${chart.name}.png`)?.content;
      expect(png).toBeInstanceOf(Uint8Array);
      expect([...(png as Uint8Array).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });

  it('is the same bytes when drawn twice', async () => {
    const first = await reportFiles(summary, { png: false, scenarioYaml: scenarioToYaml, settings: scenarioSettings });
    const second = await reportFiles(summary, { png: false, scenarioYaml: scenarioToYaml, settings: scenarioSettings });
    expect(second).toEqual(first);
  });
});

describe('scenario files', () => {
  it('writes scenario.yaml for one scenario, which loads back to the same scenario', () => {
    const run = detailedRun(['keys.scope=call', 'seed=7']);
    const [file] = scenarioFiles([run], scenarioToYaml);
    expect(file?.name).toBe('scenario.yaml');
    const outcome = loadScenario(String(file?.content), 'scenario.yaml');
    expect(outcome.ok && outcome.scenario).toEqual(run.scenario);
  });

  it('writes scenario-NAME.yaml for each of several, numbering repeated names and making names safe', () => {
    const runs = [detailedRun(), detailedRun(), detailedRun()];
    runs[1]!.scenario.name = 'article-defaults';
    runs[2]!.scenario.name = '../refunds: 3/intent key';
    expect(scenarioFiles(runs, scenarioToYaml).map((f) => f.name)).toEqual([
      'scenario-article-defaults.yaml',
      'scenario-article-defaults-2.yaml',
      'scenario-refunds-3-intent-key.yaml',
    ]);
  });
});
