// The `expect:` block: metric name -> { min?, max? }, each bound read in the metric's unit
// (durations for ms, sizes for bytes, a probability form for ratios, numbers otherwise).
import { METRICS, METRIC_NAMES, metricInfo } from '../model/metrics.js';
import { type Unit } from '../model/metric-types.js';
import { memberEntries } from './compound.js';
import { boundForm } from './bounds.js';
import { issueAt } from './issues.js';
import type { Spec } from './kinds.js';
import * as msg from './messages.js';
import { closest } from './suggest.js';
import { type MapEntry, type TreeNode, isNull } from './tree.js';
import type { Bound } from '../model/scenario.js';

const BOUND_KEYS = ['min', 'max'] as const;

/** `{ min?, max? }` for one metric: at least one bound, and min <= max. */
function readBound(node: TreeNode, spec: Spec, unit: Unit): Bound | undefined {
  const path = spec.path;
  if (node.kind !== 'map') {
    spec.issues.push(issueAt(node.pos, path, msg.wrongType(path, node, msg.hint('bound'))));
    return undefined;
  }
  const read = memberEntries(node, { ...spec, hint: msg.hint('bound') }, BOUND_KEYS);
  if (read === undefined) return undefined;
  if (read.entries.length === 0 && read.clean) {
    spec.issues.push(issueAt(node.pos, path, msg.emptyBound(path)));
    return undefined;
  }
  const form = boundForm(unit);
  const bound: Bound = {};
  let failed = !read.clean;
  const byKey = new Map<string, MapEntry>();
  for (const key of BOUND_KEYS) {
    const entry = read.entries.find((e) => e.key === key);
    if (entry === undefined) continue;
    byKey.set(key, entry);
    const value = form.read(entry.value, { ...form, path: `${path}.${key}`, issues: spec.issues });
    if (value === undefined) failed = true;
    else bound[key] = value;
  }
  if (failed) return undefined;
  if (bound.min !== undefined && bound.max !== undefined && bound.min > bound.max) {
    const min = byKey.get('min') as MapEntry;
    const text = (key: string): string => {
      const value = byKey.get(key)?.value;
      return value?.kind === 'scalar' ? value.source : '';
    };
    spec.issues.push(issueAt(min.value.pos, path, msg.rangeOrder(path, text('min'), text('max'))));
    return undefined;
  }
  return bound;
}

/** The bounds by metric name, in the order of the metric catalogue. */
export function readExpect(node: TreeNode, spec: Spec): Record<string, Bound> | undefined {
  if (isNull(node)) return {};
  if (node.kind !== 'map') {
    spec.issues.push(issueAt(node.pos, spec.path, msg.wrongType(spec.path, node, spec.hint)));
    return undefined;
  }
  const bounds = new Map<string, Bound>();
  let failed = false;
  for (const entry of node.entries) {
    const info = metricInfo(entry.key);
    if (info === undefined) {
      const problem = msg.unknownMetric(entry.key, closest(entry.key, METRIC_NAMES), METRIC_NAMES);
      spec.issues.push(issueAt(entry.keyPos, `expect.${entry.key}`, problem));
      failed = true;
      continue;
    }
    const bound = readBound(entry.value, { ...spec, path: `expect.${entry.key}` }, info.unit);
    if (bound === undefined) failed = true;
    else bounds.set(entry.key, bound);
  }
  if (failed) return undefined;
  const expect: Record<string, Bound> = {};
  for (const { name } of METRICS) {
    const bound = bounds.get(name);
    if (bound !== undefined) expect[name] = bound;
  }
  return expect;
}
