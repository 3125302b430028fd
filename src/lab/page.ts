/// <reference lib="dom" />
// The lab page: reads its configuration (the scenario it opened, the missions' files, the
// version) from the page, starts the worker, and on every change of a knob, a mission or
// the URL asks it for a new result and shows it. The current result is also written, as
// `idemsim run --format json` prints it, into #lab-result, for tests and for anyone who
// wants the numbers behind the picture.
import type { LabAnswer, LabRequest } from './compute.js';
import { Controls } from './controls.js';
import { MISSIONS, STARS_KEY, missionById } from './missions.js';
import { PictureView } from './picture-view.js';
import { showHeadline, showLegend, showMission } from './results.js';
import { type LabState, decodeState, encodeState, setsOf } from './state.js';

/** The picture draws this many of the first actions, as the article's lab does. */
const PICTURE_ROWS = 4000;

export interface LabConfig {
  version: string;
  base: { text: string; file: string } | null;
  missions: { id: string; file: string; text: string; description: string }[];
}

declare const __LAB_WORKER__: string;

const $ = <T extends HTMLElement>(id: string): T => {
  const e = document.getElementById(id);
  if (e === null) throw new Error(`the page has no #${id}`);
  return e as T;
};

const config = JSON.parse($('lab-config').textContent ?? '{}') as LabConfig;
const workerUrl = URL.createObjectURL(new Blob([__LAB_WORKER__], { type: 'text/javascript' }));
let worker = startWorker();
/** Whether the worker is simulating a request not yet answered. */
let busy = false;
const decoded = decodeState(location.hash);
let state: LabState = decoded.state;
/** What of the link this page could not use, said beside the numbers until the page is reloaded. */
const linkNote =
  decoded.ignored.length === 0
    ? ''
    : `The link's ${decoded.ignored.join(', ')} ${decoded.ignored.length === 1 ? 'was' : 'were'} left out: not a knob this page turns${decoded.state.mission === null ? '' : ' in this mission'}.`;
let latest = 0;
let sentAt = 0;
let answer: Extract<LabAnswer, { ok: true }> | null = null;

const body = document.body;
const controls = new Controls($('knobs'), (path, text) => {
  state = { ...state, sets: { ...state.sets, [path]: text } };
  update();
});
const picture = new PictureView(
  $('picture-scroll'),
  $('picture-spacer'),
  $<HTMLCanvasElement>('picture'),
  $('story'),
  (data) => showLegend($('legend'), data.legend, data.calls),
);

function readStars(): Record<string, number> {
  try {
    const stored = JSON.parse(localStorage.getItem(STARS_KEY) ?? '{}') as unknown;
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** A mission's best stars as kept: 0 to 3, whatever the storage holds. */
function bestOf(all: Record<string, number>, mission: string): number {
  const n = Math.trunc(Number(all[mission]));
  return n >= 0 && n <= 3 ? n : 0;
}

function keepStars(mission: string, stars: number): number {
  const all = readStars();
  const best = Math.max(bestOf(all, mission), stars);
  all[mission] = best;
  try {
    localStorage.setItem(STARS_KEY, JSON.stringify(all));
  } catch {
    // Storage refused (a private window): the stars last as long as the page.
  }
  return best;
}

function baseOf(mission: string | null): LabConfig['base'] {
  const m = mission === null ? undefined : config.missions.find((x) => x.id === mission);
  return m === undefined ? config.base : { text: m.text, file: m.file };
}

/** Ask for the current state's result; the URL follows the state. */
function update(): void {
  history.replaceState(null, '', encodeState(state) || location.pathname + location.search);
  const mission = state.mission === null ? undefined : missionById(state.mission);
  controls.lock(mission?.allowed ?? null);
  const described = config.missions.find((m) => m.id === state.mission);
  $('mission-goal').textContent = described?.description ?? '';
  $('opened').textContent = described?.file ?? config.base?.file ?? 'the built-in article defaults';
  ($('mission') as HTMLSelectElement).value = state.mission ?? '';
  const request: LabRequest = {
    id: ++latest,
    base: baseOf(state.mission),
    sets: setsOf(state),
    rows: PICTURE_ROWS,
    mission: state.mission,
    version: config.version,
  };
  body.dataset.state = 'busy';
  $('timing').textContent = 'simulating…';
  sentAt = performance.now();
  // A run still going is of settings already changed: stop it rather than wait for it
  // (a large scenario takes seconds), and start a fresh worker for the new ones.
  if (busy) {
    worker.terminate();
    worker = startWorker();
  }
  busy = true;
  worker.postMessage(request);
}

function startWorker(): Worker {
  const w = new Worker(workerUrl);
  w.onmessage = onAnswer;
  w.onerror = (event) => {
    busy = false;
    failed([`The simulation stopped: ${event.message}`]);
  };
  return w;
}

/** The settings were refused: no result is shown as if it were theirs. */
function failed(lines: readonly string[]): void {
  const errors = $('errors');
  errors.hidden = false;
  errors.textContent = [...lines, 'Move a knob back, or press Reset knobs.'].join('\n');
  answer = null;
  const result = $('lab-result');
  result.textContent = '';
  delete result.dataset.revision;
  $('timing').textContent = '';
  body.dataset.state = 'error';
}

function onAnswer(event: MessageEvent<LabAnswer>): void {
  const a = event.data;
  if (a.id !== latest) return;
  busy = false;
  const errors = $('errors');
  if (!a.ok) {
    // The loader names a knob's value as the --set it is.
    failed(a.errors.map((line) => line.replace(/^--set /, 'the knob ')));
    return;
  }
  errors.hidden = true;
  answer = a;
  const result = $('lab-result');
  result.textContent = a.json;
  result.dataset.revision = String(a.id);
  controls.show(a.values);
  showHeadline($<HTMLTableElement>('headline'), a.headline);
  const mission = state.mission === null ? undefined : missionById(state.mission);
  const now = showMission($('mission-box'), mission, a.judgements, 0);
  if (mission !== undefined) showMission($('mission-box'), mission, a.judgements, keepStars(mission.id, now.stars));
  ($('scenario-yaml') as HTMLTextAreaElement).value = a.yaml;
  $('notes').textContent = [linkNote, ...a.warnings].filter((t) => t !== '').join(' ');
  picture.show(a.trace);
  const ms = performance.now() - sentAt;
  const drawn = Math.min(a.actions, PICTURE_ROWS).toLocaleString('en-US');
  $('timing').textContent =
    `${a.name}: ${a.actions.toLocaleString('en-US')} actions simulated, the first ${drawn} drawn, in ${Math.round(ms)} ms`;
  body.dataset.ms = String(Math.round(ms));
  body.dataset.state = 'ready';
  if (mission !== undefined) labelMissions();
}

const missionSelect = $<HTMLSelectElement>('mission');
for (const m of MISSIONS) {
  const option = document.createElement('option');
  option.value = m.id;
  missionSelect.append(option);
}

/** Each mission's entry in the menu, with the stars this browser has kept for it. */
function labelMissions(): void {
  const stars = readStars();
  for (const m of MISSIONS) {
    const option = missionSelect.querySelector(`option[value="${m.id}"]`);
    const best = bestOf(stars, m.id);
    if (option !== null)
      option.textContent = `${m.id.replace('mission-', 'Mission ')}: ${m.title}${best > 0 ? ` (${'★'.repeat(best)})` : ''}`;
  }
}
labelMissions();
missionSelect.addEventListener('change', () => {
  state = { mission: missionSelect.value === '' ? null : missionSelect.value, sets: {} };
  update();
});

$('reset').addEventListener('click', () => {
  state = { ...state, sets: {} };
  update();
});

$<HTMLSelectElement>('row-height').addEventListener('change', (e) =>
  picture.setRowHeight(Number((e.target as HTMLSelectElement).value)),
);

async function copy(text: string, done: string): Promise<void> {
  const status = $('copy-status');
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = done;
  } catch {
    const box = $<HTMLTextAreaElement>('scenario-yaml');
    ($('yaml-box') as HTMLDetailsElement).open = true;
    box.focus();
    box.select();
    status.textContent = 'The browser refused the clipboard: the YAML is selected below, copy it with Ctrl+C.';
  }
}

$('copy-yaml').addEventListener('click', () => {
  if (answer !== null)
    void copy(answer.yaml, `Copied. Save it as ${answer.name}.yaml and run: idemsim run ${answer.name}.yaml`);
});
$('download-yaml').addEventListener('click', () => {
  if (answer === null) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([answer.yaml], { type: 'application/yaml' }));
  link.download = `${answer.name}.yaml`;
  link.click();
  URL.revokeObjectURL(link.href);
});
$('copy-link').addEventListener(
  'click',
  () => void copy(location.href, 'Link copied: it opens this page with these settings.'),
);

window.addEventListener('hashchange', () => {
  state = decodeState(location.hash).state;
  update();
});

update();
