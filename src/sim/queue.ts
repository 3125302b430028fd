// The event queue: a binary heap ordered by (time, sequence number). The sequence number
// is the order of scheduling, so events at equal times run in the order they were
// scheduled and no tie is ever broken by object identity.
import type { SimEvent } from './events.js';

export class EventQueue {
  private heap: SimEvent[] = [];
  private nextSeq = 0;
  private now = 0;

  get size(): number {
    return this.heap.length;
  }

  /** Schedule `event` at its time `t`; it may not be earlier than the current time. */
  push(event: SimEvent): void {
    if (!(event.t >= this.now)) {
      throw new Error(`event scheduled in the past: t=${event.t} < now=${this.now}`);
    }
    event.seq = this.nextSeq++;
    const heap = this.heap;
    let i = heap.length;
    heap.push(event);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent] as SimEvent;
      if (p.t < event.t || (p.t === event.t && p.seq < event.seq)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = event;
  }

  /** Remove and return the earliest event, advancing the clock to its time. */
  pop(): SimEvent | undefined {
    const heap = this.heap;
    const top = heap[0];
    if (top === undefined) return undefined;
    const last = heap.pop() as SimEvent;
    const n = heap.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        let c = l;
        let child = heap[l] as SimEvent;
        if (r < n) {
          const right = heap[r] as SimEvent;
          if (right.t < child.t || (right.t === child.t && right.seq < child.seq)) {
            c = r;
            child = right;
          }
        }
        if (last.t < child.t || (last.t === child.t && last.seq < child.seq)) break;
        heap[i] = child;
        i = c;
      }
      heap[i] = last;
    }
    this.now = top.t;
    return top;
  }
}
