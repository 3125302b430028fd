// The names of the client presets and the shape of one: what a preset may fill in the
// client block. The values, read from each client's source, are src/presets/presets.ts.
import type { BudgetSpec, JitterSpec, ThrottleSpec } from './scenario.js';

/** The part of the client block a preset fills. */
export interface PresetClient {
  timeout?: number;
  retries?: number;
  backoff?: {
    base?: number;
    multiplier?: number;
    max?: number;
    jitter?: JitterSpec;
    floor?: number;
  };
  deadline?: number;
  throttle?: ThrottleSpec;
  budget?: BudgetSpec;
}

export interface Preset {
  /** What the preset models, in a line. */
  description: string;
  /** Repository and file(s) the values were read from. */
  source: string;
  /** Release or commit the values were read at. */
  version: string;
  client: PresetClient;
  /** Present when the client sends its own idempotency key, reused on every retry of a call. */
  keys?: { scope: 'call' };
  /** Fields the client has no default for: the scenario should set them. */
  requires?: readonly string[];
}

export const PRESET_NAMES = [
  'openai',
  'anthropic',
  'stripe',
  'aws-standard',
  'langgraph',
  'temporal',
  'envoy',
  'vercel-ai',
] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export function isPresetName(x: unknown): x is PresetName {
  return typeof x === 'string' && (PRESET_NAMES as readonly string[]).includes(x);
}
