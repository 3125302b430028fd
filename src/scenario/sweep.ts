// The `sweep:` block: what `idemsim sweep FILE` varies when no --vary is given.
//
//   sweep:
//     vary:
//       client.timeout: 400ms..3s:200ms     # a range with a step, as --vary takes it
//       keys.retention: [5m, 15m, 1h]       # or a list (also written 5m,15m,1h)
//     metrics: [duplicatesPerThousand, lostPerThousand]   # optional: the sweep's defaults
//
// Each dimension is checked here exactly as `--vary PATH=SPEC` is (parseVary), so a bad
// spec is reported at its line and column with the same message. The normalized Scenario
// keeps the block as `sweep` (absent when the file has none); `run` and `check` ignore it
// and the canonical JSON of a scenario never includes it (see canonical.ts).
import { METRIC_NAMES, metricInfo } from '../model/metrics.js';
import { DEFAULT_SWEEP_METRICS } from '../model/sweep.js';
import { issueAt } from './issues.js';
import type { Spec } from './kinds.js';
import * as msg from './messages.js';
import { closest } from './suggest.js';
import { type TreeNode, isNull } from './tree.js';
import { parseVary, varyPathProblem } from './vary.js';
import type { SweepSpec } from '../model/scenario.js';

const BLOCK_KEYS = ['vary', 'metrics'] as const;

/** parseVary's message without the `PATH=SPEC: ` it starts with: the file position replaces it. */
function varyProblem(message: string, arg: string): string {
  return message.startsWith(`${arg}: `) ? message.slice(arg.length + 2) : message;
}

/** A list item or a scalar spec as `--vary` would take it. */
function scalarText(node: TreeNode): string | undefined {
  if (node.kind !== 'scalar' || node.value === null) return undefined;
  return typeof node.value === 'string' ? node.value : String(node.value);
}

function readVary(node: TreeNode, spec: Spec): SweepSpec['vary'] | undefined {
  const path = `${spec.path}.vary`;
  if (node.kind !== 'map' || node.entries.length === 0) {
    spec.issues.push(issueAt(node.pos, path, msg.sweepVaryType(path)));
    return undefined;
  }
  const vary: SweepSpec['vary'] = [];
  let failed = false;
  for (const entry of node.entries) {
    const at = `${path}.${entry.key}`;
    const problem = varyPathProblem(entry.key);
    if (problem !== undefined) {
      spec.issues.push(issueAt(entry.keyPos, at, problem));
      failed = true;
      continue;
    }
    const value = entry.value;
    let text: string | undefined;
    if (value.kind === 'list') {
      const items = value.items.map(scalarText);
      const bad = value.items.find((item, i) => items[i] === undefined || (items[i] as string).includes(','));
      if (value.items.length > 0 && bad === undefined) text = items.join(',');
      else {
        spec.issues.push(issueAt((bad ?? value).pos, at, msg.sweepSpecType(at)));
        failed = true;
        continue;
      }
    } else text = scalarText(value);
    if (text === undefined || text.trim() === '') {
      spec.issues.push(issueAt(value.pos, at, msg.sweepSpecType(at)));
      failed = true;
      continue;
    }
    const arg = `${entry.key}=${text}`;
    const outcome = parseVary(arg);
    if (!outcome.ok) {
      spec.issues.push(issueAt(value.pos, at, msg.badVarySpec(at, varyProblem(outcome.message, arg))));
      failed = true;
      continue;
    }
    vary.push({ path: entry.key, spec: text });
  }
  return failed ? undefined : vary;
}

function readMetrics(node: TreeNode, spec: Spec): string[] | undefined {
  const path = `${spec.path}.metrics`;
  if (isNull(node)) return [...DEFAULT_SWEEP_METRICS];
  if (node.kind !== 'list' || node.items.length === 0) {
    spec.issues.push(issueAt(node.pos, path, msg.sweepMetricsType(path)));
    return undefined;
  }
  const metrics: string[] = [];
  let failed = false;
  for (const item of node.items) {
    const name = item.kind === 'scalar' && typeof item.value === 'string' ? item.value : undefined;
    if (name === undefined) {
      spec.issues.push(issueAt(item.pos, path, msg.sweepMetricsType(path)));
      failed = true;
    } else if (metricInfo(name) === undefined) {
      const problem = msg.unknownSweepMetric(name, closest(name, METRIC_NAMES), METRIC_NAMES);
      spec.issues.push(issueAt(item.pos, path, problem));
      failed = true;
    } else if (metrics.includes(name)) {
      spec.issues.push(issueAt(item.pos, path, msg.repeatedSweepMetric(name)));
      failed = true;
    } else metrics.push(name);
  }
  return failed ? undefined : metrics;
}

/** The block, or undefined when it is empty (`sweep:`) or has issues (reported in spec.issues). */
export function readSweep(node: TreeNode, spec: Spec): SweepSpec | undefined {
  if (isNull(node)) return undefined;
  if (node.kind !== 'map') {
    spec.issues.push(issueAt(node.pos, spec.path, msg.wrongType(spec.path, node, spec.hint)));
    return undefined;
  }
  let failed = false;
  const byKey = new Map<string, TreeNode>();
  for (const entry of node.entries) {
    if ((BLOCK_KEYS as readonly string[]).includes(entry.key)) byKey.set(entry.key, entry.value);
    else {
      const problem = msg.unknownKey(spec.path, entry.key, closest(entry.key, BLOCK_KEYS), BLOCK_KEYS);
      spec.issues.push(issueAt(entry.keyPos, `${spec.path}.${entry.key}`, problem));
      failed = true;
    }
  }
  const varyNode = byKey.get('vary');
  if (varyNode === undefined) {
    spec.issues.push(issueAt(node.pos, `${spec.path}.vary`, msg.sweepVaryType(`${spec.path}.vary`)));
    return undefined;
  }
  const vary = readVary(varyNode, spec);
  const metricsNode = byKey.get('metrics');
  const metrics = metricsNode === undefined ? [...DEFAULT_SWEEP_METRICS] : readMetrics(metricsNode, spec);
  if (failed || vary === undefined || metrics === undefined) return undefined;
  return { vary, metrics };
}
