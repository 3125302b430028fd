// The JSON Schema against the loader, case by case: an editor using the schema must accept
// every file the loader accepts, and reject every file the loader rejects except where
// JSON Schema cannot say the rule (src/scenario/schema.ts lists those gaps).
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { type Issue, formatIssue, loadScenario } from '../../../src/scenario/index.js';
import { scenarioSchema } from '../../../src/scenario/schema.js';
import { type Case, FILE } from './documents.js';
import { Violation } from './checks.js';

/** ajv as strict as it goes: unknown keywords, union types and NaN or Infinity are errors. */
export function schemaValidator(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: true, strictNumbers: true, allowUnionTypes: true });
  ajv.addVocabulary(['enumDescriptions']);
  return ajv.compile(scenarioSchema());
}

/**
 * The document as an editor's schema check sees it, or undefined when the YAML itself is
 * broken. YAML 1.1 tags (`!!binary`, `!!set`, `!!omap`, `!!timestamp`) stay plain strings,
 * maps and lists, as the loader reads them, rather than becoming bytes, Sets or Dates.
 */
export function asJson(text: string): { value: unknown } | undefined {
  try {
    return { value: parse(text, { logLevel: 'error', resolveKnownTags: false }) as unknown };
  } catch {
    return undefined;
  }
}

/** Rules of the loader that are about the YAML text, not the values: an editor's parser flags those. */
const YAML_LEVEL = new Set([
  'yaml-syntax',
  'multiple-documents',
  'too-large',
  'too-deep',
  'too-many-nodes',
  'too-many-aliases',
  'alias-cycle',
  'unknown-anchor',
  'yaml-tag',
  'duplicate-key',
]);

/** The written value an issue points at: its line from the column on, up to a flow delimiter. */
function token(text: string, issue: Issue): string {
  const line = text.split('\n')[issue.line - 1] ?? '';
  return (/^[^,}\]#]*/.exec(line.slice(issue.col - 1))?.[0] ?? '').trim();
}

/**
 * Whether JSON Schema cannot catch this issue: min <= max, p99 >= p50, a profile's
 * increasing `until`, a hedge's `retries: 0` (a default's or a preset's) and a retry layer's
 * `retries` where its preset has none relate two values;
 * the size of a number written as a string with an exponent or more than 15 digits is not
 * a regular language; YAML-level problems are the parser's to flag.
 */
export function beyondSchema(text: string, issue: Issue): boolean {
  if (
    ['range-order', 'not-increasing', 'hedge-with-retries', 'run-too-long'].includes(issue.code) ||
    YAML_LEVEL.has(issue.code)
  )
    return true;
  // A retry layer needs retries unless its preset gives them: the rule relates two members.
  if (issue.code === 'missing-member' && /^client\.layers\[\d+\]$/.test(issue.path)) return true;
  if (!['out-of-range', 'unsafe-number', 'not-finite'].includes(issue.code)) return false;
  const written = token(text, issue);
  return /^["']?[+-]?[\d.]*[eE]/.test(written) || /\d{16,}/.test(written);
}

export interface Agreement {
  /** The schema accepted a file the loader refused, for a reason beyond JSON Schema. */
  gap: boolean;
}

/** Sets are a command-line matter, so only cases without them are compared. */
export function checkAgreement(c: Case, validate: ValidateFunction): Agreement {
  if (c.sets.length > 0) return { gap: false };
  const outcome = loadScenario(c.text, FILE);
  const json = asJson(c.text);
  const accepted = json !== undefined && validate(json.value);
  if (outcome.ok) {
    const errors = JSON.stringify(validate.errors ?? 'the YAML does not parse').slice(0, 600);
    if (!accepted) throw new Violation(`the loader accepts what the schema rejects: ${errors}`);
    return { gap: false };
  }
  if (!accepted) return { gap: false };
  const unexplained = outcome.issues.filter((issue) => !beyondSchema(c.text, issue));
  if (unexplained.length > 0) {
    throw new Violation(`the schema accepts what the loader rejects: ${unexplained.map(formatIssue).join(' | ')}`);
  }
  return { gap: true };
}
