// The input limits' table (docs/reference/validation.md), from the loader's own caps: what a
// scenario text or a command line may ask for before it is refused with exit 2.
import { LIMITS } from '../../model/limits.js';
import { table } from './markdown.js';

const LIMIT_TEXT = {
  maxActions: 'logical actions one run may simulate (`actions`, `--actions`)',
  maxTextLength: 'characters in one scenario text',
  maxDepth: 'levels of nesting of maps and lists',
  maxNodes: 'values built while reading one text, alias expansions included',
  maxAliases: 'alias expansions in one text',
  maxSets: '`--set` overrides in one command',
  maxListItems: 'items in one list field (`arrivals.profile`, `incidents`)',
  maxRetries: 'retries of one tool call (`client.retries`); hedges are capped the same way (`client.hedge.max`)',
  maxRepeats: 're-plans per step execution (`agent.replan.max`) and crashes per action (`agent.crash.max`)',
} as const satisfies Record<keyof typeof LIMITS, string>;

const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The blocks of docs/reference/validation.md. */
export function limitBlocks(): Map<string, string> {
  const rows = Object.entries(LIMIT_TEXT).map(([key, text]) => [grouped(LIMITS[key as keyof typeof LIMITS]), text]);
  return new Map([['limits', table(['at most', 'of'], rows)]]);
}
