// Every spec is valid Vega-Lite: checked against the JSON schema the vega-lite package ships.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { charts, type ChartRun } from '../../../../src/report/run/charts/index.js';
import { scenarioRun } from './runs.js';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('vega-lite/vega-lite-schema.json'), 'utf8')) as object;

// The schema is large (draft-07, union types, formats such as "color-hex"): compiled once,
// with ajv's strict mode off because the schema itself uses keywords ajv does not know.
const validate = new Ajv({ strict: false, allowUnionTypes: true, validateFormats: false, allErrors: true }).compile(
  schema,
);

const cases: [string, () => ChartRun[]][] = [
  ['article-defaults, first 40', () => [scenarioRun('article-defaults')]],
  ['refunds-1-no-key, eventful 40', () => [scenarioRun('refunds-1-no-key', 'eventful')]],
  ['refunds-3-intent-key, eventful 40', () => [scenarioRun('refunds-3-intent-key', 'eventful')]],
  [
    'two scenarios side by side',
    () => [scenarioRun('article-defaults'), scenarioRun('refunds-3-intent-key', 'eventful')],
  ],
];

describe('every chart spec validates against the Vega-Lite JSON schema', () => {
  for (const [label, runs] of cases) {
    it(label, () => {
      for (const chart of charts(runs())) {
        const ok = validate(chart.spec);
        expect({ chart: chart.name, errors: ok ? [] : (validate.errors ?? []).slice(0, 5) }).toEqual({
          chart: chart.name,
          errors: [],
        });
      }
    });
  }
});
