// Every message the scenario loader can give, each a small function with a stable code.
// A message names the field, says what was found and what to write instead, on one line.
import type { Pos, Problem } from './issues.js';
import { Code } from './codes.js';
import { LIMITS } from '../model/limits.js';
import { proseDuration } from '../format/format.js';
import { found, last, list, problem, show, where } from './message-text.js';
import type { TreeNode } from './tree.js';

export { hint, rangeText } from './hints.js';
export { Code } from './codes.js';
export { found, show } from './message-text.js';
export * from './messages-client.js';
export * from './messages-layer-paths.js';

// Document and YAML level

export const yamlSyntax = (detail: string): Problem => problem(Code.yamlSyntax, `YAML syntax error: ${detail}`);
export const multipleDocuments = (): Problem =>
  problem(
    Code.multipleDocuments,
    'a scenario file holds one YAML document and a second one starts here; remove the --- line or put each scenario in its own file',
  );
export const emptyFile = (): Problem =>
  problem(
    Code.emptyFile,
    'the scenario has no fields; write at least one field (for example "actions: 1000"), or run without a file to use the built-in defaults',
  );
export const notAMap = (node: TreeNode): Problem =>
  problem(Code.notAMap, `the top level must be a map of fields such as "actions: 1000", found ${found(node)}`);
export const tooLarge = (length: number): Problem =>
  problem(
    Code.tooLarge,
    `the text has ${length} characters, more than the limit of ${LIMITS.maxTextLength}; a scenario needs a few dozen lines`,
  );
export const tooDeep = (): Problem =>
  problem(Code.tooDeep, `values nested more than ${LIMITS.maxDepth} levels deep; a scenario nests at most 4 levels`);
export const tooManyNodes = (): Problem =>
  problem(
    Code.tooManyNodes,
    `more than ${LIMITS.maxNodes} values once aliases are expanded (an alias bomb?); refusing to read further: write the values out`,
  );
export const tooManyAliases = (): Problem =>
  problem(
    Code.tooManyAliases,
    `more than ${LIMITS.maxAliases} alias expansions (an alias bomb?); refusing to read further: write the values out`,
  );
export const aliasCycle = (name: string): Problem =>
  problem(Code.aliasCycle, `alias *${name} refers to a value that contains it; point it at a finished value`);
export const unknownAnchor = (name: string): Problem =>
  problem(Code.unknownAnchor, `alias *${name} has no anchor &${name} before it; define the anchor first`);
/** A year of 365.25 days, ms. */
const YEAR_MS = 31_557_600_000;
/** A span of ms in years, to three digits: "557 years". */
const years = (ms: number): string => `${(ms / YEAR_MS).toPrecision(3)} years`;
/** The histogram's limit as the messages name it: "557 years (2^44 ms)". */
const limitText = (limit: number): string => `${Math.round(limit / YEAR_MS)} years (2^44 ms)`;

export const runTooLong = (field: string, ms: number, limit: number): Problem =>
  problem(
    Code.runTooLong,
    `${field}: with it a run could reach ${years(ms)} of simulated time (its arrivals, then its longest action), beyond the ${limitText(limit)} within which idemsim measures latencies: shorten it`,
  );
export const serviceTooLong = (field: string, ms: number, median: number, limit: number): Problem => {
  const what = field.startsWith('incidents')
    ? `executions starting in its window take a median of ${years(ms)} (the median service time, ${proseDuration(median)}, times the factor)`
    : `the median service time is ${years(ms)}`;
  return problem(
    Code.runTooLong,
    `${field}: with it ${what}, beyond the ${limitText(limit)} within which idemsim measures times: half of those executions would outlast it; lower it`,
  );
};
export const yamlTag = (tag: string): Problem =>
  problem(
    Code.yamlTag,
    `the YAML tag ${tag} means nothing to idemsim, which would read the value as plain text: remove the tag (a scenario's values need none)`,
  );
export const badKey = (node: TreeNode): Problem =>
  problem(Code.badKey, `keys must be plain names such as "timeout", found ${found(node)}`);
export const mergeKey = (): Problem =>
  problem(Code.mergeKey, 'merge keys (<<) are not supported; write the fields out, or use an alias for a whole value');
export const duplicateKey = (key: string, first: Pos): Problem =>
  problem(
    Code.duplicateKey,
    `duplicate key ${show(key)} (first at line ${first.line}, column ${first.col}); keep one of them`,
  );

// Fields

/** `suggestion` is a close sibling or a field elsewhere; otherwise the valid keys are listed. */
export const unknownKey = (parent: string, key: string, suggestion: string | undefined, valid: readonly string[]) =>
  problem(
    Code.unknownKey,
    `unknown field ${show(key)} ${where(parent)}; ` +
      (suggestion !== undefined ? `did you mean ${show(suggestion)}?` : `the fields here are ${list(valid)}`),
  );
export const unknownSetPath = (
  path: string,
  suggestion: string | undefined,
  parent: string,
  valid: readonly string[],
): Problem => {
  const fix =
    suggestion !== undefined
      ? `did you mean ${show(suggestion)}?`
      : valid.length > 0
        ? `the fields ${where(parent)} are ${list(valid)}`
        : `${parent} is a single value with no fields; write --set ${parent}=VALUE`;
  return problem(Code.unknownKey, `unknown field ${show(path)}; ${fix}`);
};
export const wrongType = (path: string, node: TreeNode, hint: string): Problem =>
  problem(
    Code.wrongType,
    node.kind === 'scalar' && node.value === null
      ? `${path}: found nothing (an empty value); write ${hint}, or remove the key to use the default`
      : `${path}: found ${found(node)}; write ${hint}`,
  );
export const badUnit = (
  path: string,
  text: string,
  unit: string,
  fixed: string | undefined,
  units: readonly string[],
) =>
  problem(
    Code.badUnit,
    `${path}: unknown unit ${show(unit)} in ${show(text)}; ` +
      (fixed !== undefined ? `units are case-sensitive: did you mean ${show(fixed)}?` : `the units are ${list(units)}`),
  );

export type UnitKind = 'duration' | 'size' | 'probability';
export const missingUnit = (path: string, number: string, kind: UnitKind): Problem => {
  const fix = {
    duration: `write ${number} without quotes for milliseconds, or add a unit as in "${number}s"`,
    size: `write ${number} without quotes for bytes, or add a unit as in "${number}KB"`,
    probability: `write ${number} without quotes for a probability between 0 and 1, or a percentage such as "2%"`,
  }[kind];
  return problem(Code.missingUnit, `${path}: the string ${show(number)} has no unit; ${fix}`);
};
// `written` below is the value as the user wrote it, already quoted if it was a string.

export const notFinite = (path: string, written: string, hint: string): Problem =>
  problem(Code.notFinite, `${path}: found ${written}, which is not a finite number; write ${hint}`);
export const unsafeNumber = (path: string, written: string): Problem =>
  problem(
    Code.unsafeNumber,
    `${path}: ${written} is beyond the safe number range (magnitude at most ${Number.MAX_SAFE_INTEGER}); write a smaller value`,
  );
export const notInteger = (path: string, written: string, example: string): Problem =>
  problem(Code.notInteger, `${path}: must be a whole number, found ${written}; write for example ${example}`);
/** An embedding, override or isolate (U+202A-202E, U+2066-2069): it reorders the text around it. */
const isBidi = (code: number): boolean => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

export const controlCharacter = (path: string, at: number, code: number, lineBreaks: boolean): Problem =>
  problem(
    Code.controlCharacter,
    `${path}: holds ${isBidi(code) ? 'a bidirectional control character' : 'a control character'} (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at position ${at + 1}; ` +
      `it would reach terminals, XML and CSV as it is: remove it${lineBreaks ? ' (line breaks and tabs are fine here)' : ''}`,
  );
export const tooLong = (path: string, length: number, max: number): Problem =>
  problem(Code.tooLong, `${path}: ${length} characters long; at most ${max}: shorten it`);
export const latencySpread = (path: string, sigma: number, max: number): Problem =>
  problem(
    Code.outOfRange,
    `${path}: p99 over p50 gives sigma ${sigma.toPrecision(3)}; at most ${max} (p99 up to about ${Math.exp(max * 2.3263).toPrecision(2)} times p50): bring p99 closer to p50`,
  );
export const outOfRange = (path: string, written: string, range: string, example: string): Problem =>
  problem(Code.outOfRange, `${path}: must be ${range}, found ${written}; write for example ${example}`);
export const badEnum = (path: string, node: TreeNode, values: readonly string[], suggestion: string | undefined) =>
  problem(
    Code.badEnum,
    `${path}: found ${found(node)}; ` +
      (suggestion !== undefined ? `did you mean ${show(suggestion)}? ` : '') +
      `write one of ${list(values)}`,
  );

/** `min` and `max` are as written, `(the default)` added by the caller when one was not written. */
export const rangeOrder = (path: string, min: string, max: string): Problem =>
  problem(Code.rangeOrder, `${path}: min ${min} is greater than max ${max}; write min <= max`);
export const latencyOrder = (path: string, p50: string, p99: string): Problem =>
  problem(Code.rangeOrder, `${path}: p99 ${p99} is below p50 ${p50}; write p99 >= p50`);
export const latencyMixed = (path: string, key: string, others: readonly string[]): Problem =>
  problem(
    Code.latencyMixed,
    `${path}: cannot mix ${key} with ${list(others)}; write either { median, sigma } or { p50, p99 }`,
  );
export const latencyIncomplete = (path: string, present: string, missing: string): Problem =>
  problem(
    Code.latencyIncomplete,
    `${path}: ${present} needs ${missing} too; write both, as in { p50: 300ms, p99: 1.2s }`,
  );

// List fields: arrivals.profile, incidents

export const tooManyItems = (path: string, count: number): Problem =>
  problem(
    Code.tooManyItems,
    `${path}: ${count} items, more than the limit of ${LIMITS.maxListItems}; merge neighbouring items into fewer, longer ones`,
  );
/** `missing`: the required members the item lacks; `hint`: what a whole item looks like. */
export const missingMember = (path: string, missing: readonly string[], hint: string): Problem =>
  problem(Code.missingMember, `${path}: needs ${last(missing, 'and')}; write ${hint}`);
export const emptyItem = (path: string, hint: string): Problem =>
  problem(Code.wrongType, `${path}: found nothing (an empty item); write ${hint}, or remove the line`);
/** `until` and `previous` as written. */
export const notIncreasing = (path: string, until: string, previous: string): Problem =>
  problem(
    Code.notIncreasing,
    `${path}: ${until} is not after the previous step's until ${previous}; list the steps in time order, each until later than the one before`,
  );
export const emptyIncident = (path: string, effects: readonly string[]): Problem =>
  problem(
    Code.emptyIncident,
    `${path}: names no effect, so it changes nothing; add ${last(effects, 'or')}, or remove it`,
  );

// Warnings: accepted, but not what the file seems to ask for

export const leaseIgnored = (path: string, key: string): Problem =>
  problem(
    Code.leaseIgnored,
    `${path}: a crashed transaction holds no row: ${key} has no effect with transactional: true; remove ${key}, or set transactional: false`,
  );
export const renewalWithoutLease = (path: string): Problem =>
  problem(
    Code.renewalWithoutLease,
    `${path}: renewal without a lease does nothing (keys.lease is none); give keys.lease a duration such as 90s, or remove leaseRenewal`,
  );
export const retentionShorterThanRepeat = (
  retention: string,
  repeat: string,
  longest: string,
  call: string,
  needed: string,
): Problem =>
  problem(
    Code.retentionShorterThanRepeat,
    `keys.retention: ${retention} is shorter than the longest ${repeat}, ${longest}, plus the client's worst-case call, ${call}: a repeat that comes later finds its record expired and runs the action again; set keys.retention to at least ${needed}`,
  );
export const timeoutOutlivesRecord = (timeout: string, retention: string): Problem =>
  problem(
    Code.timeoutOutlivesRecord,
    `client.timeout: ${timeout} is longer than keys.retention (${retention}): a retry sent after a timeout may find the record expired and run the action again; keep the retention longer than the timeout`,
  );

// expect:

export const emptyBound = (path: string): Problem =>
  problem(Code.emptyBound, `${path}: a bound needs min, max or both; write for example { max: 1 }`);
export const unknownMetric = (name: string, suggestion: string | undefined, all: readonly string[]): Problem =>
  problem(
    Code.unknownMetric,
    `unknown metric ${show(name)} in expect; ` +
      (suggestion !== undefined ? `did you mean ${show(suggestion)}?` : `the metrics are ${list(all)}`),
  );

// sweep:

export const sweepVaryType = (path: string): Problem =>
  problem(
    Code.sweepType,
    `${path}: write a map from field path to values, such as client.timeout: 400ms..3s:200ms or keys.retention: [5m, 15m, 1h]`,
  );
export const sweepSpecType = (path: string): Problem =>
  problem(
    Code.sweepType,
    `${path}: write a range with a step such as 400ms..3s:200ms, or a list of single values such as [5m, 15m, 1h]`,
  );
export const sweepMetricsType = (path: string): Problem =>
  problem(Code.sweepType, `${path}: write a list of metric names, such as [duplicatesPerThousand, lostPerThousand]`);
export const unknownVaryPath = (path: string, suggestion: string | undefined): Problem =>
  problem(
    Code.unknownVaryPath,
    `sweep cannot vary ${show(path)}; ` +
      (suggestion !== undefined
        ? `did you mean ${show(suggestion)}?`
        : 'name a field that holds a single value, such as client.timeout or agent.replan.delay.max'),
  );
export const badVarySpec = (path: string, problemText: string): Problem =>
  problem(Code.badVarySpec, `${path}: ${problemText}`);
export const unknownSweepMetric = (name: string, suggestion: string | undefined, all: readonly string[]): Problem =>
  problem(
    Code.unknownMetric,
    `unknown metric ${show(name)} in sweep.metrics; ` +
      (suggestion !== undefined ? `did you mean ${show(suggestion)}?` : `the metrics are ${list(all)}`),
  );
export const repeatedSweepMetric = (name: string): Problem =>
  problem(Code.repeatedMetric, `sweep.metrics lists ${show(name)} twice; list each metric once`);

// --set

export const badSet = (arg: string): Problem =>
  problem(Code.badSet, `--set needs path=value, found ${show(arg)}; write for example --set client.timeout=2s`);
export const tooManySets = (count: number): Problem =>
  problem(Code.tooManySets, `${count} --set overrides, more than the limit of ${LIMITS.maxSets}; put them in a file`);
