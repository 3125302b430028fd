// Scenarios that load but do not do what they seem to ask: a lease, or its renewal, beside
// a transactional effect (a crashed transaction holds no row to lease, MODEL.md part two,
// A), and a renewal without a lease. A warning is an issue in shape (file, line and column
// of the field, a stable code, one line) that does not stop the scenario from running.
import { type Issue, type Problem, issueAt } from './issues.js';
import * as msg from './messages.js';
import { type MapNode, entryAt } from './tree.js';
import type { Scenario } from '../model/scenario.js';

/** The warnings of a valid scenario, each at the key of the field it is about, in field order. */
export function scenarioWarnings(root: MapNode, scenario: Scenario): Issue[] {
  const warnings: Issue[] = [];
  const warn = (path: string, problem: Problem): void => {
    const pos = entryAt(root, path.split('.'))?.keyPos ?? root.pos;
    warnings.push(issueAt(pos, path, problem));
  };
  const { transactional, lease, leaseRenewal } = scenario.keys;
  if (transactional) {
    if (lease !== 'none') warn('keys.lease', msg.leaseIgnored('keys.lease', 'lease'));
    if (leaseRenewal) warn('keys.leaseRenewal', msg.leaseIgnored('keys.leaseRenewal', 'leaseRenewal'));
  } else if (leaseRenewal && lease === 'none') {
    warn('keys.leaseRenewal', msg.renewalWithoutLease('keys.leaseRenewal'));
  }
  return warnings;
}
