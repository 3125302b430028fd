// The metric glossary's tables (docs/reference/metrics.md), from the metric catalogue: every
// metric with its unit, meaning and whether it carries an interval, and each unit with the
// form a bound on it takes in `expect:` and `--target` (the one reader, scenario/bounds.ts).
import { METRICS, hasInterval } from '../../model/metrics.js';
import { Unit } from '../../model/metric-types.js';
import { boundForm } from '../bounds.js';
import { hint } from '../hints.js';
import { code, table } from './markdown.js';

/** What a value in each unit is. */
const UNIT_TEXT = {
  count: 'a count of what this run saw',
  perThousand: 'per 1000 actions',
  perAction: 'per action',
  ratio: 'a fraction from 0 to 1 (tables show a percentage)',
  ms: 'milliseconds',
  bytes: 'bytes',
  keys: 'key records',
} as const satisfies Record<Unit, string>;

function glossary(): string {
  const rows = METRICS.map(({ name, unit, description }) => [
    code(name),
    code(unit),
    description,
    hasInterval(name) ? 'yes' : 'no',
  ]);
  return table(['metric', 'unit', 'meaning', '95% interval'], rows);
}

function units(): string {
  const rows = Object.keys(Unit).map((key) => {
    const unit = key as Unit;
    const form = boundForm(unit);
    return [code(unit), UNIT_TEXT[unit], hint(form.kind), code(`{ max: ${form.example} }`)];
  });
  return table(['unit', 'a value is', 'a bound is written as', 'example'], rows);
}

/** The blocks of docs/reference/metrics.md. */
export function metricBlocks(): Map<string, string> {
  return new Map([
    ['units', units()],
    ['metrics', glossary()],
  ]);
}
