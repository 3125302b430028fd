// The page every report folder opens with, index.html: one self-contained page (inline
// CSS and SVG, system fonts, no script, nothing fetched, no date), its header, figures with
// their captions, and the list of the folder's files. Run, sweep, recommend and article
// pages are this skeleton with their own sections.
import { inlineSvg } from './inline-svg.js';
import { INTERVAL_NOTE } from './text.js';
import { xmlChars } from './xml.js';

export interface HtmlChart {
  /** File stem in the folder, also the figure's anchor. */
  name: string;
  title: string;
  caption: string;
  svg: string;
  /** Shown before the title ("Figure 3."), where a page numbers its figures. */
  number?: number;
  /** What to read in the chart, in a few sentences after the caption. */
  detail?: string;
  /** The scenarios behind the chart, one line each. */
  sources?: readonly string[];
  /** NAME.png is in the folder too: the figure links it beside the SVG. */
  png?: boolean;
}

export interface HtmlLink {
  /** A file name in the folder. */
  href: string;
  /** What the file holds, after its name. */
  note: string;
}

/** The meta line of a simulated report: the version and what the brackets mean. */
export function simulatedBy(version: string): string {
  return `Simulated by idemsim ${escapeHtml(version)}. ${escapeHtml(INTERVAL_NOTE)}.`;
}

/**
 * A self-contained page: inline style, no scripts, no URLs. `meta` is HTML (escaped by
 * the caller); `body` lines follow the header; `css`, rules of this page's own after the
 * shared ones (none: the other pages' bytes do not change).
 */
export function htmlPage(heading: string, meta: string, body: readonly string[], css = ''): string {
  const page = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)}</title>`,
    `<style>${css === '' ? CSS : `${CSS}\n${css}`}</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${escapeHtml(heading)}</h1>`,
    `<p class="meta">${meta}</p>`,
    '</header>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  // The last pass over what every page holds, escaped or not: nothing XML forbids gets through.
  return xmlChars(page);
}

/** The list of the report folder's files, each with a one-line note. */
export function fileList(links: readonly HtmlLink[]): string {
  return [
    '<section id="files">',
    '<h2>Files in this folder</h2>',
    '<ul>',
    ...links.map((link) => {
      const href = escapeHtml(link.href);
      return `<li><a href="${href}">${href}</a>: ${inlineCode(link.note)}</li>`;
    }),
    '</ul>',
    '</section>',
  ].join('\n');
}

/**
 * The title and caption are in the page for its outline, search and screen readers; where
 * the picture already shows them (vega draws the spec's title and subtitle), they are
 * visually hidden rather than printed twice. A figure number, a detail paragraph and the
 * sources are shown where given (the article's page gives them).
 */
export function figure(chart: HtmlChart): string {
  const name = escapeHtml(chart.name);
  const drawn = (text: string): string => (chart.svg.includes(`>${escapeSvgText(text)}<`) ? ' class="drawn"' : '');
  const title = escapeHtml(chart.title);
  const heading =
    chart.number === undefined
      ? `<h3${drawn(chart.title)}>${title}</h3>`
      : `<h3>Figure ${chart.number}. <span${drawn(chart.title)}>${title}</span></h3>`;
  const detail = chart.detail === undefined ? '' : ` ${escapeHtml(chart.detail)}`;
  const sources =
    chart.sources === undefined
      ? ''
      : ` <span class="facts">From: ${chart.sources.map((source) => escapeHtml(source)).join('; ')}.</span>`;
  const files = [
    `<a href="${name}.svg">SVG</a>`,
    ...(chart.png === true ? [`<a href="${name}.png">PNG</a>`] : []),
    `<a href="${name}.vl.json">Vega-Lite spec</a>`,
  ].join(' · ');
  return [
    `<figure id="chart-${name}">`,
    heading,
    `<div class="chart">${inlineSvg(chart.svg, `${chart.name}-`)}</div>`,
    `<figcaption><span${drawn(chart.caption)}>${escapeHtml(chart.caption)}</span>${detail}${sources} <span class="files">${files}</span></figcaption>`,
    '</figure>',
  ].join('\n');
}

/** Text as vega writes it inside an SVG <text> element, and renderSvg then cleans it. */
function escapeSvgText(text: string): string {
  return xmlChars(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Escaped text with `backquoted` parts set as code. */
export function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** Text for element content and quoted attribute values, without a character XML forbids. */
export function escapeHtml(text: string): string {
  return xmlChars(text)
    .replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
    .replace(BIDI, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The bidirectional embeddings, overrides and isolates: in a page they would reorder what
 * the reader sees ("evil\u202egnp.exe" as "evilexe.png"), so they are shown as their escapes,
 * as a terminal gets them (text.ts).
 */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// System fonts only: a font fetched from a URL would break the page offline.
export const CSS = `
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto; padding: 1.5rem 2rem 3rem; max-width: 75rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.25rem; margin: 2.25rem 0 .75rem; border-bottom: 1px solid #ddd; padding-bottom: .25rem; }
h3 { font-size: 1.05rem; margin: 0 0 .5rem; }
.meta, .facts, .none, .ci, figcaption { color: #555; }
dl { margin: 0; }
dt { font-weight: 600; margin-top: .75rem; }
dd { margin: .15rem 0 0 1.25rem; max-width: 60rem; }
.facts { display: block; font-size: .9em; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .2rem .75rem; text-align: right; border-bottom: 1px solid #eee; vertical-align: top; }
th[scope="row"], tr.section th { text-align: left; font-weight: normal; }
th[scope="row"].sub { padding-left: 1.75rem; }
thead th { font-weight: 600; border-bottom: 2px solid #ccc; }
tr.section th { font-weight: 600; padding-top: 1rem; border-bottom: 1px solid #ccc; }
#headline td { font-weight: 600; }
.ci { font-size: .85em; font-weight: normal; white-space: nowrap; }
figure { margin: 0 0 2.5rem; }
.chart { overflow-x: auto; }
.chart svg { max-width: 100%; height: auto; display: block; }
figcaption { margin-top: .25rem; max-width: 60rem; }
.files { white-space: nowrap; font-size: .9em; }
/* Said by the picture itself: kept for screen readers and search, not shown twice. */
.drawn { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }
a { color: #0b5cad; }
`.trim();
