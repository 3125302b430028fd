// `idemsim presets [NAME]`: the client presets as a person reads them (one row per preset,
// then where each value was read) or as scenario fields (one preset), and as stable JSON.
// Durations are written as a scenario file writes them; the caller passes that writer in
// (the scenario layer's durationLiteral), so report/ renders without loading.
import Table from 'cli-table3';
import { PRESET_DOCS, PRESET_NAMES, type PresetName } from '../../model/presets.js';
import { PRESETS, presetValues } from '../../presets/presets.js';
import { NO_BORDER, wrap } from '../text.js';

/** A duration (ms) as a scenario file writes it: `500ms`, `8s`, `10m`. */
export type DurationText = (ms: number) => string;

/** The fields whose numbers are durations (ms). */
const DURATIONS = new Set([
  'client.timeout',
  'client.backoff.base',
  'client.backoff.max',
  'client.backoff.floor',
  'client.deadline',
  // A jitter's additive pair: the delay plus U(lo, hi) of durations.
  'client.backoff.jitter.additive',
]);

/** A preset's values by dotted path, `client.preset` left out (it is the preset's name). */
function valuesOf(name: PresetName): Map<string, unknown> {
  const values = presetValues(name).filter(([path]) => path !== 'client.preset');
  // The client block first, then keys: as a scenario file lists them.
  const client = values.filter(([path]) => path.startsWith('client.'));
  return new Map([...client, ...values.filter(([path]) => !path.startsWith('client.'))]);
}

/** A value as it is written in a scenario file: a duration literal, a word, a flow map. */
export function fieldText(path: string, value: unknown, duration: DurationText): string {
  if (typeof value === 'number') return DURATIONS.has(path) ? duration(value) : String(value);
  if (Array.isArray(value)) return `[${value.map((v) => fieldText(path, v, duration)).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${k}: ${fieldText(`${path}.${k}`, v, duration)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return String(value);
}

const WIDTH = 100;

/** Every preset, one row each, then the source and version of its values. */
export function renderPresetList(duration: DurationText): string {
  const table = new Table({
    head: ['preset', 'timeout', 'retries', 'backoff', 'jitter', 'floor', 'deadline', 'throttle', 'budget', 'key'],
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  for (const name of PRESET_NAMES) {
    const values = valuesOf(name);
    const required = new Set(PRESETS[name].requires ?? []);
    const cell = (path: string, text: (value: unknown) => string = (v) => fieldText(path, v, duration)): string => {
      if (required.has(path)) return '(set)';
      return values.has(path) ? text(values.get(path)) : '-';
    };
    const backoff = `${cell('client.backoff.base')} x${cell('client.backoff.multiplier')} to ${cell('client.backoff.max')}`;
    table.push([
      name,
      cell('client.timeout'),
      cell('client.retries'),
      backoff,
      cell('client.backoff.jitter', (v) => jitterCell(v, duration)),
      cell('client.backoff.floor'),
      cell('client.deadline'),
      cell('client.throttle', throttleCell),
      cell('client.budget', budgetCell),
      cell('keys.scope'),
    ]);
  }
  const notes = [
    "(set): the client has no default; the scenario sets it (else idemsim's default applies). -: left to the scenario.",
    'jitter U(lo, hi): the capped delay times a uniform draw, { proportional: [lo, hi] }; +U(lo, hi): plus one, { additive: [lo, hi] }. throttle: capacity/retryCost/timeoutCost/successRefill. budget: percent, at least minConcurrency retries.',
    'In a scenario, client: { preset: NAME } fills these fields; any field the scenario sets wins. `idemsim presets NAME` shows one preset as scenario fields.',
  ];
  const sources = new Table({
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  for (const name of PRESET_NAMES) sources.push([name, `${PRESETS[name].source}\n${PRESETS[name].version}`]);
  return [
    "Client presets: real clients' retry defaults, each read in the client's own source.",
    '',
    trimLines(table.toString()),
    '',
    ...notes.flatMap((note) => wrap(note, WIDTH)),
    '',
    'Sources (the values hold for these versions; check them again before relying on a newer release):',
    trimLines(sources.toString()),
    '',
    ...wrap(
      `Checked by running the real package (idemsim presets --verify): ${PRESET_NAMES.filter((n) => PRESETS[n].checked === 'run').join(', ')}. ` +
        `From the source only: ${PRESET_NAMES.filter((n) => PRESETS[n].checked !== 'run').join(', ')}.`,
      WIDTH,
    ),
    '',
  ].join('\n');
}

/** One preset: what it models, where its values come from, and each value as a scenario field. */
export function renderPresetDetail(name: PresetName, duration: DurationText): string {
  const preset = PRESETS[name];
  const table = new Table({
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  for (const [path, value] of valuesOf(name)) table.push([path, fieldText(path, value, duration)]);
  const requires = preset.requires ?? [];
  return [
    ...wrap(`${name}: ${PRESET_DOCS[name]}`, WIDTH, '', '  '),
    `source: ${preset.source}`,
    `version: ${preset.version}`,
    preset.checked === 'run'
      ? 'checked: by running its real package beside the model (idemsim presets --verify)'
      : `checked: against its source only (${preset.checked.source})`,
    '',
    trimLines(table.toString()),
    '',
    requires.length === 0
      ? 'The scenario must set: nothing (the client has a default for every field).'
      : `The scenario must set: ${requires.join(', ')} (the client has no default; else idemsim's applies).`,
    ...wrap(
      `In a scenario: client: { preset: ${name} }; any field the scenario sets wins. Fields not listed are left to the scenario.`,
      WIDTH,
    ),
    '',
  ].join('\n');
}

/** The presets for machines: each with its values as dotted path -> normalized value (ms). */
export function renderPresetJson(names: readonly PresetName[], version: string): string {
  const document = {
    idemsim: version,
    presets: names.map((name) => {
      const preset = PRESETS[name];
      return {
        name,
        description: PRESET_DOCS[name],
        source: preset.source,
        version: preset.version,
        values: Object.fromEntries(valuesOf(name)),
        requires: [...(preset.requires ?? [])],
      };
    }),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function jitterCell(value: unknown, duration: DurationText): string {
  if (typeof value === 'object' && value !== null && 'proportional' in value) {
    const [lo, hi] = (value as { proportional: [number, number] }).proportional;
    return `U(${lo}, ${hi})`;
  }
  if (typeof value === 'object' && value !== null && 'additive' in value) {
    const [lo, hi] = (value as { additive: [number, number] }).additive;
    return `+U(${duration(lo)}, ${duration(hi)})`;
  }
  return String(value);
}

function throttleCell(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const t = value as { capacity: number; retryCost: number; timeoutCost: number; successRefill: number };
  return `${t.capacity}/${t.retryCost}/${t.timeoutCost}/${t.successRefill}`;
}

function budgetCell(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const b = value as { percent: number; minConcurrency: number };
  return `${b.percent}%, min ${b.minConcurrency}`;
}

function trimLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}
