// What a copy of a scenario leaves out: an off field, unless a preset would fill it with
// something else when the text is read back (a client preset, or a handler profile).
import { type Field, valueAt } from '../model/field-types.js';
import { isOff } from '../model/field-lookup.js';
import type { Scenario } from '../model/scenario.js';
import { presetValues } from '../presets/presets.js';
import { handlerValues } from '../presets/handlers.js';

/**
 * An off field is left out of what a person reads or a file holds; but not beside a
 * `client.preset` that would fill it with something else when the text is read back (a
 * scenario that turned a preset's throttle off writes `throttle: none`).
 */
export function isOmitted(field: Field, scenario: Scenario): boolean {
  const value = valueAt(scenario, field.path);
  if (!isOff(field, value)) return false;
  const { preset } = scenario.client;
  const { handler } = scenario.keys;
  const filled = [
    ...(preset === 'none' ? [] : presetValues(preset)),
    ...(handler === 'reference' ? [] : handlerValues(handler)),
  ].find(([path]) => path === field.path);
  return filled === undefined || JSON.stringify(filled[1]) === JSON.stringify(value);
}
