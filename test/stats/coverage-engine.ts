// The idemsim functions scripts/coverage-grid.mjs measures with, loaded from src/: one
// engine for the coverage studies of the tests (scripts/coverage.mjs loads dist/'s).
import { scopeNoneReasons } from '../../src/analytic/applies.js';
import { closedFormInputs } from '../../src/analytic/inputs.js';
import { scopeNoneExpectations, scopeNoneUnknownPerAction } from '../../src/analytic/retries.js';
import { defaultsWithSets } from '../../src/scenario/index.js';
import { simulate } from '../../src/sim/simulate.js';
import type { Engine } from '../../scripts/coverage-grid.mjs';

export const engine: Engine = {
  defaultsWithSets,
  closedFormInputs,
  scopeNoneExpectations,
  scopeNoneUnknownPerAction,
  scopeNoneReasons,
  simulate,
};
