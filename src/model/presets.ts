// The names of the client presets. What each fills, read from the client's own source, is
// src/presets/presets.ts.

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
