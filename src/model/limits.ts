// Hard caps on what a scenario file may ask of the loader, so that a hostile or broken
// file (an alias bomb, a 10,000-deep flow list) is refused before anything large is built.

export const LIMITS = {
  /** Most logical actions one run may simulate (MODEL.md). */
  maxActions: 100_000_000,
  /** Longest scenario text, in characters. */
  maxTextLength: 1_000_000,
  /** Deepest nesting of maps and lists, counting `[` and `{` before parsing. */
  maxDepth: 64,
  /** Most nodes built while reading one text, alias expansions included. */
  maxNodes: 10_000,
  /** Most alias expansions while reading one text. */
  maxAliases: 1_000,
  /** Most `--set` overrides in one command. */
  maxSets: 1_000,
  /**
   * Most items in one list field (`arrivals.profile`, `incidents`): a minute-by-minute
   * profile of 16 hours. Each item is at least five values, so with maxNodes a longer list
   * could not be read anyway; this cap says so in words about the list.
   */
  maxListItems: 1_000,
  /**
   * Most retries of one tool call, and so (with hedging's own cap of 100) at most 101
   * attempts per call: more is a runaway loop, not a client anyone ships.
   */
  maxRetries: 100,
  /** Most re-plans per step execution and crashes per action: the same cap as retries. */
  maxRepeats: 100,
} as const;

/**
 * Bounds that keep every number a run computes finite: a slower arrival rate makes the
 * mean gap (and the run's span) overflow, and a wider sigma makes exp(sigma * Z), and the
 * squares the variances sum, overflow.
 */
export const MIN_RATE = 0.001;
export const MAX_SIGMA = 10;
