// The key-store operations of a run, in the order the simulator's service made them: what
// `idemsim store replay` sends to a real store. A lookup carries what the simulator
// answered, so the real store's answer can be compared with it one by one.

/** What the simulator's service did with a lookup (MODEL.md steps 3 and 4, and A). */
export type LookupOutcome = 'claimed' | 'conflict' | 'mismatch' | 'stored' | 'race' | 'takeover';

export type KeyOp =
  /**
   * An attempt's key was looked up at t (ms), with its payload's argument version; `exec` is
   * the serial number of the execution it started (claimed, race, takeover), else -1.
   */
  | { op: 'lookup'; t: number; key: number; version: number; outcome: LookupOutcome; exec: number }
  /** Execution `exec` ended at t and wrote the record as done: its result, or its 500 (`error`). */
  | { op: 'commit'; t: number; key: number; exec: number; error: boolean }
  /** The record execution `exec` held was removed at t: a rolled-back transaction, or an error result deleted. */
  | { op: 'rollback'; t: number; key: number; exec: number };
