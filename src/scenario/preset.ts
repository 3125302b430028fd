// The steps of validation that need the whole client block (MODEL.md D, real clients): a preset
// fills the fields the scenario did not write (any field the scenario writes wins, `none`
// included), and then hedging is checked against the retries it excludes, wherever those
// retries came from.
import { PRESETS, applyPreset } from '../presets/presets.js';
import { handlerValues } from '../presets/handlers.js';
import { setValueAt } from '../model/fields.js';
import type { Scenario } from '../model/scenario.js';
import { type Issue, issueAt } from './issues.js';
import * as msg from './messages.js';
import { type MapNode, nodeAt } from './tree.js';

/** Whether the file or a --set wrote the field at `path` (a map written whole counts, not each member). */
export const isWritten = (root: MapNode, path: string): boolean => nodeAt(root, path.split('.')) !== undefined;

/**
 * The scenario with its client preset's values, and its handler profile's (MODEL.md F), in
 * every field the tree does not write; a no-op without either.
 */
export function fillFromPreset(root: MapNode, scenario: Scenario): void {
  const name = scenario.client.preset;
  if (name !== 'none') applyPreset(scenario, name, (path) => isWritten(root, path));
  const handler = scenario.keys.handler;
  if (handler !== 'reference') {
    for (const [path, value] of handlerValues(handler)) {
      if (path !== 'keys.handler' && !isWritten(root, path)) setValueAt(scenario, path, value);
    }
  }
}

/**
 * Hedging with retries (gRPC allows one policy or the other): an issue at the hedge. Not
 * checked when the retries or the preset could not be read (`failed`: those paths), since
 * their value is then unknown and another issue says why.
 */
export function checkHedge(root: MapNode, scenario: Scenario, failed: ReadonlySet<string>, issues: Issue[]): void {
  const { hedge, retries, preset } = scenario.client;
  if (hedge === 'none' || retries === 0 || failed.has('client.retries') || failed.has('client.preset')) return;
  // A hedge comes from the tree: no preset has one.
  const node = nodeAt(root, ['client', 'hedge']);
  if (node === undefined) return;
  const source: msg.RetriesSource = isWritten(root, 'client.retries')
    ? { kind: 'scenario' }
    : preset !== 'none' && PRESETS[preset].client.retries !== undefined
      ? { kind: 'preset', name: preset }
      : { kind: 'default' };
  issues.push(issueAt(node.pos, 'client.hedge', msg.hedgeWithRetries('client.hedge', retries, source)));
}
