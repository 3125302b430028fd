// Placeholder until the core lands; see the core implementation in progress.
import type { Scenario } from '../scenario/types.js';
import type { RunResult } from './result.js';

export function simulate(_scenario: Scenario): RunResult {
  throw new Error('simulate: not implemented yet');
}
