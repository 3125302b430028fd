// The names of the client presets and what each models, in a line. What each fills, read
// from the client's own source, is src/presets/presets.ts.

export const PRESET_NAMES = [
  'openai',
  'anthropic',
  'stripe',
  'aws-standard',
  'aws-2026',
  'langgraph',
  'temporal',
  'envoy',
  'vercel-ai',
] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export function isPresetName(x: unknown): x is PresetName {
  return typeof x === 'string' && (PRESET_NAMES as readonly string[]).includes(x);
}

/** What each preset models, in a line: its row in lists and in the field reference. */
export const PRESET_DOCS: Readonly<Record<PresetName, string>> = {
  openai: 'OpenAI Node SDK: 2 retries, 0.5 s doubling to 8 s, delay x U(0.75, 1], 600 s per attempt, no key',
  anthropic: 'Anthropic TypeScript SDK: 2 retries, 0.5 s doubling to 8 s, delay x U(0.75, 1], 600 s, no key',
  stripe: 'Stripe Node SDK: 2 retries, delay x U(0.5, 1) floored at 0.5 s, cap 5 s, 80 s, one key per call',
  'aws-standard':
    'AWS SDK standard retry mode (botocore): 3 attempts, full jitter on 1 s doubling to 20 s, retry quota',
  'aws-2026':
    'AWS SDK for JavaScript v3 standard retries (@smithy/core, the 2026 behaviour): 3 attempts, full jitter on 50 ms doubling to 20 s, a 500-token quota, 14 a retry',
  langgraph: 'LangGraph RetryPolicy(): 3 attempts, 0.5 s doubling to 128 s plus U(0, 1) s, a 409 not retried',
  temporal: 'Temporal activity default retry policy: 1 s doubling to 100 s, no jitter, unlimited attempts',
  envoy: 'Envoy route retry policy: 1 retry, full jitter 25 ms to 250 ms, 15 s route timeout, a 20% retry budget',
  'vercel-ai': 'Vercel AI SDK: 2 retries, 2 s doubling, no cap, no jitter, no per-attempt timeout',
};
