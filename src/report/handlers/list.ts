// `idemsim handlers`: the handler profiles as a person reads them (one row each with the
// keys fields it fills, then what it models, its source and how it was checked) and as
// stable JSON. Durations are written as `run` writes them in prose ("3 s").
import Table from 'cli-table3';
import { HANDLER_DOCS, HANDLER_NAMES, type HandlerName } from '../../model/handlers.js';
import { HANDLERS, handlerValues } from '../../presets/handlers.js';
import { maxOf } from '../../stats/extent.js';
import { NO_BORDER, wrap } from '../text.js';
import { PROFILE_FIELDS, heading, keysText, required } from './fields.js';

const WIDTH = 100;

/** "run", or "docs" where the behaviour was read, not run. */
export function checkedWord(name: HandlerName): 'run' | 'docs' {
  return HANDLERS[name].checked === 'run' ? 'run' : 'docs';
}

function checkedNote(name: HandlerName): string {
  const checked = HANDLERS[name].checked;
  return checked === 'run'
    ? 'run (its code run against a real Redis, every command captured)'
    : `docs (${checked.docs})`;
}

/**
 * A profile's value for one keys field; "(set)" after a value the scenario should give its
 * own of (Powertools' lease: the function's timeout), "-" where it keeps the scenario's.
 */
function cell(name: HandlerName, path: string): string {
  const value = handlerValues(name).find(([p]) => p === path)?.[1];
  if (required(name, path)) return value === undefined ? '(set)' : `${keysText(path, value)} (set)`;
  return value === undefined ? '-' : keysText(path, value);
}

export function renderHandlerList(): string {
  const table = new Table({
    head: ['handler', ...PROFILE_FIELDS.map(heading), 'checked'],
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  for (const name of HANDLER_NAMES)
    table.push([name, ...PROFILE_FIELDS.map((path) => cell(name, path)), checkedWord(name)]);
  const pad = maxOf(HANDLER_NAMES.map((name) => name.length)) + 3;
  const about = HANDLER_NAMES.flatMap((name) => [
    ...wrap(HANDLER_DOCS[name], WIDTH, name.padEnd(pad), ' '.repeat(pad)),
    ...wrap(`source: ${HANDLERS[name].source}`, WIDTH, ' '.repeat(pad), ' '.repeat(pad + 2)),
    ...wrap(`checked: ${checkedNote(name)}`, WIDTH, ' '.repeat(pad), ' '.repeat(pad + 2)),
  ]);
  const notes = [
    "(set): the library has no default (Powertools' lease is the Lambda's remaining time at the claim): set keys.lease to your function's timeout. -: the profile leaves the field to the scenario (Powertools checks no fingerprint, so it sends no mismatchStatus). The fields are the scenario's keys fields: docs/reference/scenario.md says what each does.",
    'In a scenario, keys: { handler: NAME } fills these fields; any field the scenario sets wins. `idemsim handlers --compare FILE` runs the scenario under each profile. Where each value was read: docs/reference/handlers.md.',
  ];
  return [
    "Handler profiles: real idempotency libraries' behaviour, as keys.handler fills the keys block.",
    '',
    ...table
      .toString()
      .split('\n')
      .map((line) => line.trimEnd()),
    '',
    ...about,
    '',
    ...notes.flatMap((note) => wrap(note, WIDTH)),
    '',
  ].join('\n');
}

/** Every profile with the values it fills (durations in ms), for a script. */
export function renderHandlerListJson(version: string): string {
  const handlers = HANDLER_NAMES.map((name) => ({
    name,
    description: HANDLER_DOCS[name],
    source: HANDLERS[name].source,
    checked: checkedWord(name),
    values: Object.fromEntries(handlerValues(name)),
    requires: [...(HANDLERS[name].requires ?? [])],
  }));
  return `${JSON.stringify({ idemsim: version, handlers }, null, 2)}\n`;
}
