// What a retry layer (MODEL.md E) may hold: its members with a one-line doc each, the presets
// that are retry loops (and so may fill a layer), and how deep layers may stack. The loader,
// the JSON Schema, the starter file and the reference read them here.
import type { Bounds } from './field-types.js';
import type { PresetName } from './presets.js';
import { LIMITS } from './limits.js';
import type { Layer } from './scenario.js';

/** Layers stacked around the client at most: real stacks have two or three. */
export const MAX_LAYERS = 5;

/**
 * Presets that are retry loops: retries, backoff and a timeout, and nothing a layer cannot
 * have. `aws-standard` (a retry quota), `envoy` (a retry budget) and `stripe` (a key of its
 * own) are clients: their mechanisms belong to `client`, whose retries alone consult them.
 */
export const LAYER_PRESETS: readonly PresetName[] = ['langgraph', 'vercel-ai', 'temporal', 'openai', 'anthropic'];

/** A layer's members, in the order a file writes them, with their docs. */
export const LAYER_MEMBERS: Readonly<Record<string, { doc: string } & Partial<Bounds>>> = {
  preset: { doc: `a retry loop whose documented defaults fill the layer: ${LAYER_PRESETS.join(', ')}, or none` },
  retries: { doc: 'layer attempts after the first (each one a whole client call)', min: 0, max: LIMITS.maxRetries },
  retryConflicts: { doc: 'retry a call that ended on a 409; false: the 409 ends the layer call' },
  backoff: { doc: 'wait before the next layer attempt: the same shape as client.backoff' },
  timeout: { doc: 'per layer attempt (duration), after which the inner call is given up; none: wait for it' },
  deadline: { doc: 'over the whole layer call (duration), as client.deadline; none: no budget' },
  newCall: { doc: 'true: each layer attempt is a new tool call id (a fresh key under scope call)' },
};

/** A LangGraph layer as its preset fills it (src/presets/presets.ts): the starter file's example. */
export const LANGGRAPH_LAYER: Layer = {
  preset: 'langgraph',
  retries: 2,
  retryConflicts: false,
  backoff: { base: 500, multiplier: 2, max: 128_000, jitter: { additive: [0, 1000] }, floor: 0 },
  timeout: 'none',
  deadline: 'none',
  newCall: false,
};
