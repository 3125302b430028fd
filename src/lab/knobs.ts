// The lab's knobs: the settings a reader turns to watch duplicates appear and go away.
// Each is one scenario field (or a member of one), offered as a short list of values in
// the field's own units; a knob moved becomes a `--set PATH=TEXT` on the scenario the page
// started from, so the page and `idemsim run --set ...` read the same text the same way.
import type { Scenario } from '../model/scenario.js';
import { durationLiteral, sizeLiteral } from '../scenario/units.js';
import { formatBytes, formatPercent, proseDuration } from '../format/format.js';

/** A knob's value: the normalized number or name the scenario holds, its `--set` text and its label. */
export interface KnobOption {
  value: string;
  /** As `--set PATH=` takes it, in the file's units: `1s`, `0.02`, `{ min: 2m, max: 20m }`. */
  text: string;
  label: string;
}

export interface Knob {
  path: string;
  label: string;
  /** One line for the page's tooltip and screen readers. */
  help: string;
  /** choice: a few names (a menu); steps: ordered values (a slider). */
  kind: 'choice' | 'steps';
  options: readonly KnobOption[];
  /** The scenario's value as an option (one the list may lack: a file can hold any value). */
  read: (scenario: Scenario) => KnobOption;
}

const name = (value: string, label = value): KnobOption => ({ value, text: value, label });
const duration = (ms: number): KnobOption => ({
  value: String(ms),
  text: durationLiteral(ms),
  label: proseDuration(ms),
});
const ratio = (r: number): KnobOption => ({
  value: String(r),
  text: String(r),
  label: formatPercent(r, { trim: true }),
});
const count = (n: number): KnobOption => ({ value: String(n), text: String(n), label: String(n) });
const size = (bytes: number): KnobOption => ({
  value: String(bytes),
  text: String(sizeLiteral(bytes)),
  label: formatBytes(bytes, { digits: 3, trim: true }),
});
const slowdown = (ms: number): KnobOption => ({
  ...duration(ms),
  label: `${proseDuration(ms)} median (×${Number((ms / ARTICLE_MEDIAN).toPrecision(3))})`,
});
const resume = (min: number, max: number): KnobOption => ({
  value: `${min}-${max}`,
  text: `{ min: ${durationLiteral(min)}, max: ${durationLiteral(max)} }`,
  label: `${proseDuration(min)} to ${proseDuration(max)}`,
});

/** The article's median service latency: the slow-dependency knob says how many times slower. */
const ARTICLE_MEDIAN = 300;

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

export const KNOBS: readonly Knob[] = [
  {
    path: 'keys.scope',
    label: 'key scope',
    help: 'What the idempotency key identifies: none (no key), one attempt, one tool call, the payload, the intent (run and step) or the business identity.',
    kind: 'choice',
    options: ['none', 'attempt', 'call', 'payload', 'intent', 'business'].map((s) => name(s)),
    read: (s) => name(s.keys.scope),
  },
  {
    path: 'keys.claim',
    label: 'claim',
    help: 'How the service claims a key: one atomic insert, or a read then a write that two concurrent attempts can both pass.',
    kind: 'choice',
    options: [name('atomic'), name('read-then-write')],
    read: (s) => name(s.keys.claim),
  },
  {
    path: 'keys.retention',
    label: 'retention',
    help: 'How long the key store remembers a key after its result is stored.',
    kind: 'steps',
    options: [1 * MIN, 5 * MIN, 10 * MIN, 20 * MIN, 30 * MIN, 1 * H, 2 * H, 6 * H, 24 * H].map(duration),
    read: (s) => duration(s.keys.retention),
  },
  {
    path: 'keys.recordBytes',
    label: 'record size',
    help: 'Bytes the key store keeps per key: the key, the fingerprint, the status and the stored response.',
    kind: 'steps',
    options: [100, 200, 500, 1000, 2000, 5000, 10_000].map(size),
    read: (s) => size(s.keys.recordBytes),
  },
  {
    path: 'client.timeout',
    label: 'timeout',
    help: 'How long the client waits for a reply before it counts the attempt as timed out.',
    kind: 'steps',
    options: [200, 300, 500, 600, 800, 1 * S, 1.5 * S, 2 * S, 3 * S, 4 * S, 5 * S, 10 * S].map(duration),
    read: (s) => duration(s.client.timeout),
  },
  {
    path: 'client.retries',
    label: 'retries',
    help: 'Retries after a timeout or a 503, on top of the first attempt.',
    kind: 'steps',
    options: [0, 1, 2, 3, 4, 5, 6, 8].map(count),
    read: (s) => count(s.client.retries),
  },
  {
    path: 'client.backoff.base',
    label: 'backoff base',
    help: 'The first retry waits about this long (with jitter); each later one waits twice as long, up to the backoff maximum.',
    kind: 'steps',
    options: [10, 50, 100, 200, 500, 1 * S, 2 * S].map(duration),
    read: (s) => duration(s.client.backoff.base),
  },
  {
    path: 'client.deadline',
    label: 'call deadline',
    help: 'Time budget for a whole tool call, retries included; none for no budget.',
    kind: 'steps',
    options: [name('none', 'none'), ...[1 * S, 2 * S, 3 * S, 4 * S, 5 * S, 10 * S, 30 * S].map(duration)],
    read: (s) => (s.client.deadline === 'none' ? name('none') : duration(s.client.deadline)),
  },
  {
    path: 'network.replyLoss',
    label: 'reply loss',
    help: 'Share of replies lost on the way back: the work was done, the client does not know.',
    kind: 'steps',
    options: [0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2].map(ratio),
    read: (s) => ratio(s.network.replyLoss),
  },
  {
    path: 'service.latency.median',
    label: 'slow dependency',
    help: "The service's median latency; ×4 is the article's slow downstream (the spread stays as it is).",
    kind: 'steps',
    options: [150, 300, 600, 900, 1200, 2400, 4800].map(slowdown),
    read: (s) => slowdown(s.service.latency.median),
  },
  {
    path: 'agent.replan.probability',
    label: 're-plan probability',
    help: 'How often the model calls the tool again, with a new call id, after a call ends without a clear result.',
    kind: 'steps',
    options: [0, 0.1, 0.3, 0.6, 0.9, 1].map(ratio),
    read: (s) => ratio(s.agent.replan.probability),
  },
  {
    path: 'agent.crash.probability',
    label: 'crash probability',
    help: 'Share of steps whose worker crashes after the tool call and before the checkpoint: the runtime replays the step.',
    kind: 'steps',
    options: [0, 0.01, 0.02, 0.05, 0.1].map(ratio),
    read: (s) => ratio(s.agent.crash.probability),
  },
  {
    path: 'agent.crash.resumeDelay',
    label: 'resume delay',
    help: 'How long after a crash the runtime resumes the run and replays the step (uniform between the two).',
    kind: 'steps',
    options: [resume(10 * S, 1 * MIN), resume(2 * MIN, 20 * MIN), resume(10 * MIN, 1 * H), resume(1 * H, 6 * H)],
    read: (s) => resume(s.agent.crash.resumeDelay.min, s.agent.crash.resumeDelay.max),
  },
  {
    path: 'seed',
    label: 'seed',
    help: 'Every random draw follows from the seed: another seed is another sample of the same settings.',
    kind: 'steps',
    options: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(count),
    read: (s) => name(String(s.seed)),
  },
];

export const KNOB_PATHS: readonly string[] = KNOBS.map((k) => k.path);

export function knobAt(path: string): Knob | undefined {
  return KNOBS.find((k) => k.path === path);
}

/**
 * The knob's options with the scenario's own value among them: a list value as listed, any
 * other placed in order (steps) or at the end (choice), so a file's `timeout: 750ms` shows.
 */
export function optionsWith(knob: Knob, current: KnobOption): KnobOption[] {
  if (knob.options.some((o) => o.value === current.value)) return [...knob.options];
  if (knob.kind === 'choice' || Number.isNaN(order(current))) return [...knob.options, current];
  const at = knob.options.findIndex((o) => order(o) > order(current));
  const options = [...knob.options];
  options.splice(at === -1 ? options.length : at, 0, current);
  return options;
}

/** A steps option's place: its number ('none', no deadline, first, as the deadline's list has it; a range by its low end). */
function order(option: KnobOption): number {
  if (option.value === 'none') return -Infinity;
  return Number(option.value.split('-')[0]);
}
