// The event queue: events come out ordered by (time, sequence number). The sequence number
// is the order of scheduling, so events at equal times run in the order they were
// scheduled and no tie is ever broken by object identity. Most events wait in a binary
// heap whose times and sequence numbers sit in typed arrays (sifting compares numbers
// without touching the event objects). Events that are scheduled in time order of their
// own kind (the one pending arrival; client timeouts, always "now + timeout") wait in FIFO
// lanes instead, and a pop takes the earliest of the heap's top and the lanes' heads: the
// order is exactly a single heap's, at a fraction of the sifting. Popped events are
// handed back with release() and reused, so scheduling allocates nothing.
//
// Every array and list here is made in the form it keeps for the whole run: arrays of
// objects from the start, the lanes all made at once, released events chained through
// their own field. An array created empty holds small integers until its first event
// arrives, so each new run's arrays (a sweep's next point, in the same thread) would not
// match the code the engine compiled for the run before, and that code would be dropped.
import { Lane, type Call, type EventKind, type Execution, type SimEvent } from './events.js';

/** Added to a late event's sequence number: 2^52, so late and normal numbers stay exact and apart. */
const LATE = 2 ** 52;

/** An event as the queue keeps it: one shape for every kind, reused once released. */
interface Slot {
  kind: EventKind;
  t: number;
  seq: number;
  call: Call | null;
  exec: Execution | null;
  k: number;
  at: number;
  id: number;
  /** While this event is released, the next released one (left as it was once the event is in use again). */
  nextFree: Slot | null;
}

/** A FIFO of events pushed in (time, sequence) order: a ring buffer. */
class Fifo {
  events = emptySlots(64);
  head = 0;
  length = 0;
  /** The time of the latest event pushed (a later one at an earlier time goes to the heap). */
  last = -Infinity;

  push(event: Slot): void {
    const events = this.events;
    if (this.length === events.length) {
      const grown = emptySlots(2 * events.length);
      for (let i = 0; i < this.length; i++) grown[i] = events[(this.head + i) % events.length];
      this.events = grown;
      this.head = 0;
    }
    this.events[(this.head + this.length++) % this.events.length] = event;
    this.last = event.t;
  }

  shift(): Slot {
    const event = this.events[this.head] as Slot;
    this.events[this.head] = undefined;
    this.head = (this.head + 1) % this.events.length;
    this.length--;
    return event;
  }
}

export class EventQueue {
  private times = new Float64Array(1024);
  private seqs = new Float64Array(1024);
  private events = emptySlots(1024);
  private length = 0;
  private readonly lanes: Fifo[] = Object.values(Lane).map(() => new Fifo());
  private freeHead: Slot | null = null;
  private nextSeq = 0;
  private now = 0;

  /** Events pushed and not yet popped. */
  get size(): number {
    let size = this.length;
    for (const lane of this.lanes) size += lane.length;
    return size;
  }

  /** Schedule `event` at its time `t`; it may not be earlier than the current time. */
  push(event: SimEvent): void {
    this.insert(event as Slot, this.nextSeq++);
  }

  /** Schedule an event of `kind` at t, in an event object the queue reuses. */
  schedule(kind: EventKind, t: number, call: Call | null, exec: Execution | null, k: number, at = 0, id = 0): void {
    const event = this.slot(kind, t, call, exec, k);
    event.at = at;
    event.id = id;
    this.insert(event, this.nextSeq++);
  }

  /**
   * Schedule behind every event of the same instant, whenever those are scheduled
   * (a hedge falls due only after the replies and timeouts of its instant: MODEL.md D, hedging).
   */
  scheduleLate(kind: EventKind, t: number, call: Call | null, exec: Execution | null, k: number, at = 0): void {
    const event = this.slot(kind, t, call, exec, k);
    event.at = at;
    this.insert(event, LATE + this.nextSeq++);
  }

  /**
   * Schedule in FIFO lane `lane`, for events mostly scheduled in time order; one earlier
   * than the lane's latest goes to the heap, so the order stays exact whatever comes.
   */
  scheduleInOrder(lane: Lane, kind: EventKind, t: number, call: Call | null, exec: Execution | null, k: number): void {
    const fifo = this.lanes[lane] as Fifo;
    const event = this.slot(kind, t, call, exec, k);
    if (!(t >= fifo.last)) {
      this.insert(event, this.nextSeq++);
      return;
    }
    if (!(t >= this.now)) throw new Error(`event scheduled in the past: t=${t} < now=${this.now}`);
    event.seq = this.nextSeq++;
    fifo.push(event);
  }

  /** A popped event is done with: its object may carry a later event. */
  release(event: SimEvent): void {
    const slot = event as Slot;
    slot.call = null;
    slot.exec = null;
    slot.nextFree = this.freeHead;
    this.freeHead = slot;
  }

  private slot(kind: EventKind, t: number, call: Call | null, exec: Execution | null, k: number): Slot {
    const slot = this.freeHead;
    if (slot === null) return { kind, t, seq: 0, call, exec, k, at: 0, id: 0, nextFree: null };
    this.freeHead = slot.nextFree;
    slot.kind = kind;
    slot.t = t;
    slot.call = call;
    slot.exec = exec;
    slot.k = k;
    return slot;
  }

  private insert(event: Slot, seq: number): void {
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
    let from: Fifo | null = null;
    let t = this.length > 0 ? (this.times[0] as number) : 0;
    let seq = this.length > 0 ? (this.seqs[0] as number) : 0;
    let found = this.length > 0;
    // An indexed loop: for-of makes an iterator on every pop until the loop is optimized.
    const lanes = this.lanes;
    for (let l = 0; l < lanes.length; l++) {
      const lane = lanes[l] as Fifo;
      if (lane.length === 0) continue;
      const head = lane.events[lane.head] as Slot;
      if (!found || head.t < t || (head.t === t && head.seq < seq)) {
        from = lane;
        t = head.t;
        seq = head.seq;
        found = true;
      }
    }
    if (!found) return undefined;
    const top = from === null ? this.popHeap() : from.shift();
    this.now = top.t;
    return top as SimEvent;
  }

  private popHeap(): Slot {
    const times = this.times;
    const seqs = this.seqs;
    const events = this.events;
    const top = events[0] as Slot;
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
    const events = emptySlots(size);
    for (let i = 0; i < this.length; i++) events[i] = this.events[i];
    this.events = events;
  }
}

/** n empty places for events, in an array made to hold objects from the start (see the top of the file). */
function emptySlots(n: number): (Slot | undefined)[] {
  return new Array<Slot | undefined>(n).fill(undefined);
}
