// The event queue: a binary heap ordered by (time, sequence number). The sequence number
// is the order of scheduling, so events at equal times run in the order they were
// scheduled and no tie is ever broken by object identity. Times and sequence numbers sit
// in typed arrays, so sifting compares numbers without touching the event objects.
import type { SimEvent } from './events.js';

/** Added to a late event's sequence number: 2^52, so late and normal numbers stay exact and apart. */
const LATE = 2 ** 52;

export class EventQueue {
  private times = new Float64Array(1024);
  private seqs = new Float64Array(1024);
  private events: (SimEvent | undefined)[] = new Array<SimEvent | undefined>(1024);
  private length = 0;
  private nextSeq = 0;
  private now = 0;

  get size(): number {
    return this.length;
  }

  /** Schedule `event` at its time `t`; it may not be earlier than the current time. */
  push(event: SimEvent): void {
    this.insert(event, this.nextSeq++);
  }

  /**
   * Schedule `event` behind every event of the same instant, whenever those are scheduled
   * (a hedge falls due only after the replies and timeouts of its instant: MODEL.md part two, D).
   */
  pushLate(event: SimEvent): void {
    this.insert(event, LATE + this.nextSeq++);
  }

  private insert(event: SimEvent, seq: number): void {
    const t = event.t;
    if (!(t >= this.now)) throw new Error(`event scheduled in the past: t=${t} < now=${this.now}`);
    if (this.length === this.times.length) this.grow();
    event.seq = seq;
    const times = this.times;
    const seqs = this.seqs;
    const events = this.events;
    let i = this.length++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = times[parent] as number;
      if (pt < t || (pt === t && (seqs[parent] as number) < seq)) break;
      times[i] = pt;
      seqs[i] = seqs[parent] as number;
      events[i] = events[parent];
      i = parent;
    }
    times[i] = t;
    seqs[i] = seq;
    events[i] = event;
  }

  /** Remove and return the earliest event, advancing the clock to its time. */
  pop(): SimEvent | undefined {
    if (this.length === 0) return undefined;
    const times = this.times;
    const seqs = this.seqs;
    const events = this.events;
    const top = events[0] as SimEvent;
    const n = --this.length;
    const t = times[n] as number;
    const seq = seqs[n] as number;
    const last = events[n];
    events[n] = undefined;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let ct = times[c] as number;
      if (c + 1 < n) {
        const rt = times[c + 1] as number;
        if (rt < ct || (rt === ct && (seqs[c + 1] as number) < (seqs[c] as number))) {
          c++;
          ct = rt;
        }
      }
      if (t < ct || (t === ct && seq < (seqs[c] as number))) break;
      times[i] = ct;
      seqs[i] = seqs[c] as number;
      events[i] = events[c];
      i = c;
    }
    if (n > 0) {
      times[i] = t;
      seqs[i] = seq;
      events[i] = last;
    }
    this.now = top.t;
    return top;
  }

  private grow(): void {
    const size = this.times.length * 2;
    const times = new Float64Array(size);
    times.set(this.times);
    const seqs = new Float64Array(size);
    seqs.set(this.seqs);
    this.times = times;
    this.seqs = seqs;
    this.events.length = size;
  }
}
