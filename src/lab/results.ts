/// <reference lib="dom" />
// What the page writes from an answer: the headline numbers with their 95% intervals (the
// terminal table's own cells), a mission's verdict and stars, and the picture's legend.
import { DUPLICATE_PINK, STORED_CYAN } from '../report/chart.js';
import type { HeadlineRow, Judgement } from './compute.js';
import { starsOf } from './compute.js';
import { type BarLook, drawBar } from './draw.js';
import { CALL } from '../report/run/charts/timeline-rows.js';
import { describeRow } from '../report/check/describe.js';
import type { Mission } from './missions.js';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className !== undefined) e.className = className;
  return e;
}

export function showHeadline(table: HTMLTableElement, rows: readonly HeadlineRow[]): void {
  const body = rows.flatMap((row, i) => {
    const out: HTMLTableRowElement[] = [];
    if (i === 0 || rows[i - 1]?.section !== row.section) {
      const head = element('tr');
      const th = element('th', row.section, 'section');
      th.colSpan = 2;
      th.scope = 'colgroup';
      head.append(th);
      out.push(head);
    }
    const tr = element('tr');
    const label = element('th', row.label);
    label.scope = 'row';
    const value = element('td', row.value);
    if (row.interval !== undefined) value.append(' ', element('span', row.interval, 'ci'));
    tr.append(label, value);
    out.push(tr);
    return out;
  });
  table.replaceChildren(element('caption', 'Value and 95% interval, as idemsim run prints them'), ...body);
}

/** The verdict on the goal: met only when every bound's interval is on the right side. */
export function verdictOf(goal: Judgement | undefined): {
  verdict: 'pass' | 'fail' | 'undecided' | 'none';
  text: string;
} {
  if (goal === undefined || goal.rows.length === 0)
    return { verdict: 'none', text: 'Free play: this scenario sets no goal. Choose a mission for one.' };
  const failed = goal.rows.find((r) => r.verdict === 'fail');
  if (failed !== undefined) return { verdict: 'fail', text: `Not yet: ${describeRow(failed)}.` };
  const open = goal.rows.find((r) => r.verdict === 'undecided');
  if (open !== undefined) {
    return {
      verdict: 'undecided',
      text: `Undecided: ${describeRow(open)}.`,
    };
  }
  return { verdict: 'pass', text: 'Goal met: every bound holds on its 95% interval.' };
}

export function showMission(
  box: HTMLElement,
  mission: Mission | undefined,
  judgements: readonly Judgement[],
  best: number,
): { stars: number; verdict: string } {
  const { verdict, text } = verdictOf(judgements[0]);
  const stars = mission === undefined ? 0 : starsOf(judgements);
  const verdictLine = element('p', text, `verdict ${verdict}`);
  verdictLine.id = 'mission-verdict';
  verdictLine.dataset.verdict = verdict;
  if (mission === undefined) {
    box.replaceChildren(verdictLine);
    return { stars, verdict };
  }
  const starLine = element('p', '', 'stars');
  starLine.id = 'mission-stars';
  starLine.dataset.stars = String(stars);
  starLine.dataset.best = String(best);
  starLine.setAttribute('aria-label', `${stars} of 3 stars now; best ${best} of 3`);
  starLine.append(
    element('span', '★'.repeat(stars) + '☆'.repeat(3 - stars), 'glyphs'),
    ` best kept in this browser: ${best} of 3`,
  );
  const list = element('ol', undefined, 'star-list');
  const labels = ['the goal', ...mission.stars.map((s) => s.label)];
  labels.forEach((label, i) => {
    const won = i < stars;
    const item = element('li', `${won ? '★' : '☆'} ${label}`, won ? 'won' : '');
    const judged = judgements[i];
    if (judged !== undefined && !won) item.title = judged.rows.map(describeRow).join('\n');
    list.append(item);
  });
  box.replaceChildren(verdictLine, starLine, list);
  return { stars, verdict };
}

/** The glyph draw.ts's callMark draws for each kind of new call. */
const CALL_GLYPH: Readonly<Record<string, string>> = { [CALL.replan]: '▼', [CALL.replay]: '◆', [CALL.layer]: '▶' };

/** The picture's legend: the outcomes and the kinds of new call its rows hold, and the service's marks. */
export function showLegend(
  box: HTMLElement,
  outcomes: readonly ({ label: string } & BarLook)[],
  calls: readonly string[],
): void {
  const item = (swatch: HTMLElement, label: string): HTMLElement => {
    const li = element('li');
    li.append(swatch, ` ${label}`);
    return li;
  };
  // Drawn by the picture's own code, so a swatch is its bar, dash and all.
  const bar = (look: BarLook): HTMLElement => {
    const canvas = element('canvas', undefined, 'swatch bar');
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(22 * ratio);
    canvas.height = Math.round(10 * ratio);
    const g = canvas.getContext('2d');
    if (g !== null) {
      g.scale(ratio, ratio);
      drawBar(g, look, 0, 5, 22, 8);
    }
    return canvas;
  };
  const dot = (fill: string, ring = false): HTMLElement => {
    const s = element('span', undefined, ring ? 'swatch ring' : 'swatch dot');
    if (ring) s.style.borderColor = fill;
    else s.style.background = fill;
    return s;
  };
  const list = element('ul');
  list.append(
    ...outcomes.map((o) => item(bar(o), o.label)),
    item(dot('#ffffff'), 'execution'),
    item(dot(DUPLICATE_PINK), 'duplicate execution'),
    item(dot(STORED_CYAN, true), 'stored answer, not executed'),
    ...calls.map((kind) => item(element('span', CALL_GLYPH[kind] ?? '•', 'swatch glyph'), kind)),
  );
  box.replaceChildren(list);
}
