// Scenarios that load but do not do what they seem to ask: a lease, or its renewal, beside
// a transactional effect (a crashed transaction holds no row to lease, MODEL.md A), and a
// renewal without a lease; a preset whose client has no default for a field the scenario
// leaves unset, a retry throttle or budget with no retry to limit (MODEL.md D), a retry
// layer's newCall under a key that is not made from the call id (MODEL.md E), and a key
// kept for less time than the repeats it must catch can take to come. A warning is an issue in shape (file, line and column of the field, a stable code,
// one line) that does not stop the scenario from running.
import { PRESETS } from '../presets/presets.js';
import { HANDLERS } from '../presets/handlers.js';
import { fieldAt } from '../model/field-lookup.js';
import { type Issue, type Pos, type Problem, issueAt } from './issues.js';
import * as msg from './messages.js';
import { written } from './serialize.js';
import { type MapNode, entryAt, findEntry, nodeAt } from './tree.js';
import type { Scenario } from '../model/scenario.js';
import { callSpan, intentLike } from '../analytic/spans.js';
import { durationLiteral } from './units.js';

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
  const handler = scenario.keys.handler;
  for (const path of HANDLERS[handler].requires ?? []) {
    const field = fieldAt(path);
    if (keyOf(path) !== undefined || field === undefined) continue;
    warnings.push(
      issueAt(
        keyOf('keys.handler') ?? root.pos,
        'keys.handler',
        msg.handlerRequires(handler, path, String(written(field, profileValue(handler, path) ?? field.default))),
      ),
    );
  }
  const { scope } = scenario.keys;
  const layerItems = nodeAt(root, ['client', 'layers']);
  scenario.client.layers.forEach((layer, i) => {
    if (!layer.newCall || scope === 'call') return;
    // At the layer's own newCall key, wherever it was written (the file, or a --set).
    const item = layerItems?.kind === 'list' ? layerItems.items[i] : undefined;
    const at = item?.kind === 'map' ? findEntry(item, 'newCall')?.keyPos : undefined;
    const path = `client.layers[${i}].newCall`;
    const problem = msg.newCallWithoutCallKey(path, scope);
    if (at === undefined) warn('client.layers', problem);
    else warnings.push(issueAt(at, path, problem));
  });
  retentionWarnings(scenario, warn);
  const { transactional, lease, leaseRenewal } = scenario.keys;
  if (transactional) {
    if (lease !== 'none') warn('keys.lease', msg.leaseIgnored('keys.lease', 'lease'));
    if (leaseRenewal) warn('keys.leaseRenewal', msg.leaseIgnored('keys.leaseRenewal', 'leaseRenewal'));
  } else if (leaseRenewal && lease === 'none') {
    warn('keys.leaseRenewal', msg.renewalWithoutLease('keys.leaseRenewal'));
  }
  return warnings;
}

/**
 * A key that cannot catch the repeats it is there for (the mistakes the article lists): an
 * intent-like key (every call of an action carries it) kept for less than the longest wait
 * before a repeat (a crash's resume delay, a re-plan's delay) plus the client's worst-case
 * call; and a timeout longer than the retention, so that a retry may come after the record
 * has gone.
 */
function retentionWarnings(s: Scenario, warn: (path: string, problem: Problem) => void): void {
  const { scope, retention } = s.keys;
  if (scope === 'none' || scope === 'attempt') return;
  const { crash, replan } = s.agent;
  const waits: [string, number][] = [];
  if (crash.probability > 0 && crash.max > 0) {
    waits.push(['resume delay (agent.crash.resumeDelay.max)', crash.resumeDelay.max]);
  }
  if (replan.probability > 0 && replan.max > 0) {
    waits.push(['re-plan delay (agent.replan.delay.max)', replan.delay.max]);
  }
  const [repeat, longest] = waits.reduce<[string, number] | [undefined, number]>(
    (most, wait) => (wait[1] > most[1] ? wait : most),
    [undefined, 0],
  );
  if (intentLike(s) && repeat !== undefined) {
    const call = callSpan(s);
    const needed = longest + call;
    if (retention < needed) {
      // Rounded up to a whole minute (a whole second below one) so that it reads as a setting.
      const unit = needed >= 60_000 ? 60_000 : 1000;
      const setting = Math.ceil(needed / unit) * unit;
      const text = (ms: number): string => durationLiteral(ms);
      warn(
        'keys.retention',
        msg.retentionShorterThanRepeat(text(retention), repeat, text(longest), text(call), text(setting)),
      );
    }
  }
  const retries = s.client.retries > 0 || s.client.hedge !== 'none';
  if (retries && s.client.timeout > retention) {
    warn('client.timeout', msg.timeoutOutlivesRecord(durationLiteral(s.client.timeout), durationLiteral(retention)));
  }
}

/** The value handler profile `handler` fills at `path` (a `keys.` field), if it fills one. */
function profileValue(handler: Scenario['keys']['handler'], path: string): unknown {
  const keys: Record<string, unknown> = HANDLERS[handler].keys;
  return keys[path.slice('keys.'.length)];
}
