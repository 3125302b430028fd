// The lab's page as text: the skeleton the script fills (page.ts), its style, and the
// configuration it reads (the scenario opened, the missions' files, the version) in a JSON
// script element. No network at run time: the style is inline, the one script is beside it.
import type { LabConfig } from './page.js';
import { escapeHtml } from '../report/page.js';

/** JSON safe inside a <script> element: no `</script>` or `<!--` can end or bend it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 "DejaVu Sans",Arial,sans-serif;color:#222;background:#fafafa}
header{padding:12px 16px 4px}
h1{font-size:20px;margin:0 0 4px}
header p{margin:0;color:#444;max-width:70em}
main{display:grid;grid-template-columns:280px minmax(0,1fr) 330px;gap:12px;padding:8px 16px 24px;align-items:start}
section{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 12px}
#side,#figures{display:flex;flex-direction:column;gap:12px}
section{margin:0}
#mission{width:100%}
h2{font-size:15px;margin:0 0 8px}
.knob{display:grid;grid-template-columns:8.5em minmax(0,1fr);grid-template-rows:auto auto;column-gap:8px;margin:6px 0}
.knob label{grid-row:1/3;align-self:center;font-weight:600}
.knob input,.knob select{width:100%;margin:0}
.knob output{font-size:12px;color:#333}
.knob.locked{opacity:.45}
button,select{font:inherit;padding:4px 8px}
button{margin:4px 6px 0 0;cursor:pointer}
:focus-visible{outline:3px solid #0b5fff;outline-offset:2px}
#mission-goal{font-size:13px;color:#333;margin:6px 0}
.verdict{font-weight:600;margin:6px 0}
.verdict.none{font-weight:normal;color:#444}.verdict.pass{color:#0b6b3a}.verdict.fail{color:#a1260d}.verdict.undecided{color:#7a5a00}
.stars .glyphs{font-size:22px;letter-spacing:2px;color:#b8860b}
.star-list{margin:4px 0 0;padding-left:1.2em;font-size:13px}
.star-list li.won{font-weight:600}
#headline{border-collapse:collapse;width:100%;font-size:13px}
#headline caption{text-align:left;color:#555;font-size:12px;padding-bottom:4px}
#headline th,#headline td{padding:2px 4px;text-align:left;font-weight:normal;vertical-align:top}
#headline td{text-align:right;white-space:nowrap}
#headline th.section{font-weight:700;padding-top:8px}
.ci{color:#555;font-size:12px}
#legend ul{list-style:none;margin:0 0 6px;padding:0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12px}
.swatch{display:inline-block;vertical-align:middle}
.swatch.bar{width:22px;height:10px}
.swatch.dot{width:10px;height:10px;border-radius:50%;border:1px solid #222}
.swatch.ring{width:12px;height:12px;border-radius:50%;border:2px solid}
.swatch.glyph{font-size:11px;width:12px;text-align:center}
#picture-scroll{position:relative;height:min(70vh,620px);overflow-y:auto;border:1px solid #ccc;background:#fff}
#picture-scroll:focus-visible{outline:3px solid #0b5fff}
#picture{position:sticky;top:0;display:block}
#picture-spacer{position:absolute;top:0;left:0;width:1px}
#story{min-height:3em;font-size:13px;margin:8px 0 0}
#errors{white-space:pre-wrap;color:#a1260d;font-weight:600}
#timing,#notes,#copy-status{font-size:12px;color:#555;margin:4px 0}
textarea{width:100%;min-height:16em;font:12px/1.4 "DejaVu Sans Mono",monospace}
.row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
@media (min-width:761px){#picture-box,#numbers{position:sticky;top:8px}}
@media (max-width:1180px){main{grid-template-columns:280px minmax(0,1fr)}#numbers{grid-column:2}}
@media (max-width:760px){main{grid-template-columns:minmax(0,1fr);padding:8px}#numbers{grid-column:1}#picture-scroll{height:60vh}.knob{grid-template-columns:7.5em minmax(0,1fr)}}
`;

export function labHtml(config: LabConfig, script: string): string {
  const opened = config.base === null ? 'the built-in article defaults' : config.base.file;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>idemsim lab</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body data-state="loading">
<header>
<h1>idemsim lab</h1>
<p>Each row is one action, each bar one attempt, coloured by how it ended (a timeout also carries a dark dashed line, its own dash for each kind). White dots are executions on the service, pink dots duplicate executions, cyan rings answers the key store gave without executing. Turn a knob and the simulation runs again. Running: <code id="opened">${escapeHtml(opened)}</code>.</p>
</header>
<main>
<div id="side">
<section aria-labelledby="mission-heading">
<h2 id="mission-heading">Mission</h2>
<label for="mission">Play</label>
<select id="mission"><option value="">free play: the scenario opened</option></select>
<p id="mission-goal"></p>
<div id="mission-box" role="status" aria-live="polite"></div>
</section>
<section aria-labelledby="knobs-heading">
<h2 id="knobs-heading">Knobs</h2>
<form id="knobs" onsubmit="return false"></form>
<div class="row"><button type="button" id="reset">Reset knobs</button></div>
</section>
<section aria-labelledby="scenario-heading">
<h2 id="scenario-heading">Take it with you</h2>
<div class="row"><button type="button" id="copy-yaml">Copy as scenario YAML</button><button type="button" id="download-yaml">Download YAML</button><button type="button" id="copy-link">Copy link</button></div>
<p id="copy-status" role="status"></p>
<details id="yaml-box"><summary>Scenario as YAML</summary><textarea id="scenario-yaml" readonly aria-label="the scenario as YAML"></textarea></details>
</section>
</div>
<section id="picture-box" aria-labelledby="picture-heading">
<h2 id="picture-heading">The first actions</h2>
<div class="row"><div id="legend"></div><label for="row-height">row height</label><select id="row-height"><option value="2">2 px</option><option value="3">3 px</option><option value="5" selected>5 px</option><option value="8">8 px</option><option value="14">14 px</option></select></div>
<div id="picture-scroll" role="group" tabindex="0" aria-label="the picture: one row per action; arrow keys pick a row" aria-describedby="story"><div id="picture-spacer"></div><canvas id="picture"></canvas></div>
<p id="story" aria-live="polite"></p>
</section>
<section id="numbers" aria-labelledby="numbers-heading">
<h2 id="numbers-heading">Numbers</h2>
<p id="errors" role="alert" hidden></p>
<table id="headline"></table>
<p id="notes"></p>
<p id="timing" role="status"></p>
</section>
</main>
<script type="application/json" id="lab-config">${scriptJson(config)}</script>
<script type="application/json" id="lab-result"></script>
<script src="${escapeHtml(script)}"></script>
</body>
</html>
`;
}
