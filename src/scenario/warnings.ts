// Scenarios that load but do not do what they seem to ask: a lease, or its renewal, beside
// a transactional effect (a crashed transaction holds no row to lease, MODEL.md A), and a
// renewal without a lease; a preset whose client has no default for a field the scenario
// leaves unset, and a retry throttle or budget with no retry to limit (MODEL.md D). A warning is an issue in shape (file, line and column of the field, a stable code,
// one line) that does not stop the scenario from running.
import { PRESETS } from '../presets/presets.js';
import { fieldAt } from '../model/field-lookup.js';
import { type Issue, type Pos, type Problem, issueAt } from './issues.js';
import * as msg from './messages.js';
import { written } from './serialize.js';
import { type MapNode, entryAt } from './tree.js';
import type { Scenario } from '../model/scenario.js';

/** The warnings of a valid scenario, each at the key of the field it is about, in field order. */
export function scenarioWarnings(root: MapNode, scenario: Scenario): Issue[] {
  const warnings: Issue[] = [];
  const keyOf = (path: string): Pos | undefined => entryAt(root, path.split('.'))?.keyPos;
  // A field the preset filled has no key of its own: the warning goes to the preset's.
  const warn = (path: string, problem: Problem): void => {
    warnings.push(issueAt(keyOf(path) ?? keyOf('client.preset') ?? root.pos, path, problem));
  };
  const { preset, retries, throttle, budget } = scenario.client;
  if (preset !== 'none') {
    for (const path of PRESETS[preset].requires ?? []) {
      const field = fieldAt(path);
      if (keyOf(path) !== undefined || field === undefined) continue;
      warn('client.preset', msg.presetRequires(preset, path, String(written(field, field.default))));
    }
  }
  if (retries === 0) {
    const from = (path: string): string | undefined =>
      keyOf(path) === undefined && preset !== 'none' ? preset : undefined;
    if (throttle !== 'none') warn('client.throttle', msg.nothingToLimit('client.throttle', from('client.throttle')));
    if (budget !== 'none') warn('client.budget', msg.nothingToLimit('client.budget', from('client.budget')));
  }
  const { transactional, lease, leaseRenewal } = scenario.keys;
  if (transactional) {
    if (lease !== 'none') warn('keys.lease', msg.leaseIgnored('keys.lease', 'lease'));
    if (leaseRenewal) warn('keys.leaseRenewal', msg.leaseIgnored('keys.leaseRenewal', 'leaseRenewal'));
  } else if (leaseRenewal && lease === 'none') {
    warn('keys.leaseRenewal', msg.renewalWithoutLease('keys.leaseRenewal'));
  }
  return warnings;
}
