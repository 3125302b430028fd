// The keys fields the handler profiles fill, as the listing and the comparison show them:
// read from the profiles themselves, so that a field a profile gains shows up in both.
import { proseDuration } from '../../format/format.js';
import { FIELDS } from '../../model/fields.js';
import { HANDLER_NAMES } from '../../model/handlers.js';
import { HANDLERS, handlerValues } from '../../presets/handlers.js';

const ORDER = FIELDS.map((field) => field.path);

/** Every keys field some profile fills (`keys.handler` aside), in the field table's order. */
export const PROFILE_FIELDS: readonly string[] = [
  ...new Set(HANDLER_NAMES.flatMap((name) => handlerValues(name).map(([path]) => path))),
]
  .filter((path) => path !== 'keys.handler')
  .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));

/** A field's column heading: its name inside `keys`, as a scenario file writes it. */
export const heading = (path: string): string => path.slice('keys.'.length);

/** A keys value as the tables write it: a lease as a duration ("3 s"), the rest as a scenario file does. */
export function keysText(path: string, value: unknown): string {
  return path === 'keys.lease' && typeof value === 'number' ? proseDuration(value) : String(value);
}

/** Whether a library has no default for the field, so that the scenario must give it. */
export const required = (name: keyof typeof HANDLERS, path: string): boolean =>
  (HANDLERS[name].requires ?? []).includes(path);
