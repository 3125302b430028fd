// One batch of the long fuzz campaign (scripts/fuzz.mjs runs batches in worker threads):
// the checks of fuzz.test.ts and schema.test.ts over `count` cases drawn with `seed`,
// counted, with every failure kept instead of stopping at the first.
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import { checkCase } from './checks.js';
import { anyCase } from './documents.js';
import { checkAgreement, schemaValidator } from './schema-check.js';

export interface Failure {
  seed: number;
  index: number;
  message: string;
  text: string;
  sets: string[];
}

export interface BatchResult {
  cases: number;
  /** Valid by construction: each loaded to exactly its scenario. */
  valid: number;
  /** Loaded (valid or not by construction), checked against MODEL.md and simulated. */
  simulated: number;
  /** Refused, with every issue located. */
  refused: number;
  /** Accepted by the schema, refused by the loader for a rule JSON Schema cannot express. */
  schemaGaps: number;
  failures: Failure[];
}

let validator: ValidateFunction | undefined;

export function runBatch(seed: number, count: number): BatchResult {
  validator ??= schemaValidator();
  const result: BatchResult = { cases: 0, valid: 0, simulated: 0, refused: 0, schemaGaps: 0, failures: [] };
  for (const [index, c] of fc.sample(anyCase, { seed, numRuns: count }).entries()) {
    result.cases += 1;
    try {
      const outcome = checkCase(c);
      if (c.expected !== undefined) result.valid += 1;
      if (outcome.simulated) result.simulated += 1;
      else result.refused += 1;
      if (checkAgreement(c, validator).gap) result.schemaGaps += 1;
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      result.failures.push({ seed, index, message, text: c.text, sets: c.sets });
    }
  }
  return result;
}
