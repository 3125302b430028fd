// The key-store operations of a run, in the order the simulator's service made them: what
// `idemsim store replay` sends to a real store. A lookup carries what the simulator
// answered, so the real store's answer can be compared with it one by one.

/** What the simulator's service did with a lookup (MODEL.md steps 3 and 4, and A). */
export type LookupOutcome = 'claimed' | 'conflict' | 'mismatch' | 'stored' | 'race' | 'takeover';

export type KeyOp =
  /** An attempt's key was looked up at t (ms), with its payload's argument version. */
  | { op: 'lookup'; t: number; key: number; version: number; outcome: LookupOutcome }
  /** An execution committed at t and wrote the record as done. */
  | { op: 'commit'; t: number; key: number }
  /** A transaction holding the record rolled back at t: the record is gone. */
  | { op: 'rollback'; t: number; key: number };
