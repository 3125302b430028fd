// The article's page is the shared report page: its figures carry a number, what to read
// in the chart, the scenarios behind it and a link to their PNG, a number's aside sits under
// its row, and the other reports' figures stay as they were.
import { describe, expect, it } from 'vitest';
import { renderArticleHtml } from '../../../src/report/figures/html.js';
import { CSS, figure } from '../../../src/report/page.js';
import { SHARE, SIZE, SIZE_ASIDE } from './fixture.js';

const SVG = '<svg><text>Drawn title</text><text>Drawn caption</text></svg>';

describe('figure()', () => {
  it('draws a run, sweep or recommend chart exactly as before the article fields existed', () => {
    expect(figure({ name: 'duplicates', title: 'Drawn title', caption: 'Not drawn', svg: SVG })).toBe(
      [
        '<figure id="chart-duplicates">',
        '<h3 class="drawn">Drawn title</h3>',
        `<div class="chart">${SVG}</div>`,
        '<figcaption><span>Not drawn</span> <span class="files"><a href="duplicates.svg">SVG</a> · <a href="duplicates.vl.json">Vega-Lite spec</a></span></figcaption>',
        '</figure>',
      ].join('\n'),
    );
  });

  it('shows a figure number, the detail and the sources where given, the drawn title kept for readers', () => {
    const html = figure({
      name: 'timeout',
      title: 'Drawn title',
      caption: 'Drawn caption',
      svg: SVG,
      number: 1,
      detail: 'P(S > T) rises.',
      sources: ['scenarios/a.yaml', 'scenarios/b.yaml'],
    });
    expect(html).toContain('<h3>Figure 1. <span class="drawn">Drawn title</span></h3>');
    expect(html).toContain(
      '<figcaption><span class="drawn">Drawn caption</span> P(S &gt; T) rises. <span class="facts">From: scenarios/a.yaml; scenarios/b.yaml.</span> <span class="files">',
    );
  });

  it('links NAME.png between the SVG and the spec where the folder holds one', () => {
    expect(figure({ name: 'timeout', title: 'T', caption: 'C', svg: SVG, png: true })).toContain(
      '<span class="files"><a href="timeout.svg">SVG</a> · <a href="timeout.png">PNG</a> · <a href="timeout.vl.json">Vega-Lite spec</a></span>',
    );
  });
});

describe('the article page', () => {
  const html = renderArticleHtml([SHARE, SIZE], [], [{ href: 'numbers.md', note: 'the numbers' }]);

  it('uses the shared page and its CSS, with the rules of its asides after it', () => {
    expect(html).toContain(`<style>${CSS}\ntr.with-aside th`);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain('<h1>idemsim: the article&#39;s numbers and figures</h1>');
  });

  it('has a row per number, the interval set like the reports set theirs, the scenario on hover', () => {
    expect(html).toContain(
      '<tr title="npx idemsim run scenarios/article-defaults.yaml --set actions=200000 --set client.retries=0"><td>1</td><th scope="row">P(S &gt; T): an attempt outlasts the 1 s timeout</th><td>about 2.2%</td><td>0.0224</td><td>0.0224</td><td>0.0226 <span class="ci">[0.0219, 0.0232]</span></td></tr>',
    );
  });

  it('sets an aside in a row under its number, across the columns but the first, code as code', () => {
    const page = renderArticleHtml([SIZE_ASIDE], [], []);
    expect(page).toContain(
      '<tr class="with-aside" title="npx idemsim run scenarios/article-defaults.yaml --set keys.retention=24h"><td>1</td>',
    );
    expect(page).toContain(
      '</tr>\n<tr class="aside"><td></td><td colspan="5">Measured with <code>idemsim store measure</code>: 1.44 GB in Redis &lt;7&gt;.</td></tr>',
    );
    expect(html).not.toContain('class="aside"');
  });

  it('lists the folder’s files', () => {
    expect(html).toContain('<li><a href="numbers.md">numbers.md</a>: the numbers</li>');
  });
});
