// The rows the timeline draws besides its attempt bars: server crashes, lease takeovers,
// reads and refused retries, each in seconds since its action arrived.

/** Times in seconds since the action arrived, as the timeline's own rows. */
export interface CrashRow {
  action: number;
  at: number;
  afterEffect: boolean;
  /** When the crashed attempt ended: a crash after it (a timeout first) gets a tail back to it. */
  end: number;
}
export interface SpanRow {
  action: number;
  start: number;
  end: number;
}
export interface ReadRow extends SpanRow {
  found: boolean;
}

export interface ExtendedMarks {
  crashes: CrashRow[];
  /** Key records a failed execution's handler deleted: `at` in seconds since the action arrived. */
  deletions: { action: number; at: number }[];
  takeovers: SpanRow[];
  reads: ReadRow[];
}

/** A call whose retry was refused: `at` its last attempt's end, in seconds since the action arrived. */
export interface RefusalRow {
  action: number;
  at: number;
  by: 'budget' | 'throttle';
}
