// The event queue: a binary heap ordered by (time, sequence number). Events come out in
// time order, ties in the order they were pushed (however the heap has been reshaped by
// earlier pushes and pops, and after its arrays grow past their initial 1,024 entries),
// and time never moves backwards. Events scheduled into FIFO lanes, late events and
// reused event objects come out in exactly that order too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventQueue } from '../../src/sim/queue.js';
import { EventKind, Lane } from '../../src/sim/events.js';

type QueuedEvent = Parameters<EventQueue['push']>[0];

const SEED = 20_240_611;

/** An event at `t` whose `k` carries `id`, so the test can tell which event came out. */
function event(t: number, id: number): QueuedEvent {
  return { kind: EventKind.arrival, t, seq: 0, call: null, exec: null, k: id };
}

/** Pops everything left, as [t, id] pairs. */
function drain(queue: EventQueue): [number, number][] {
  const out: [number, number][] = [];
  for (let e = queue.pop(); e !== undefined; e = queue.pop()) out.push([e.t, e.k]);
  return out;
}

/**
 * The reference queue: the pending events kept in push order, popping the first one with
 * the smallest time (a stable sort by (t, push order), one pop at a time).
 */
class ReferenceQueue {
  private pending: [number, number][] = [];
  push(t: number, id: number): void {
    this.pending.push([t, id]);
  }
  pop(): [number, number] | undefined {
    if (this.pending.length === 0) return undefined;
    let best = 0;
    for (let i = 1; i < this.pending.length; i++) {
      if ((this.pending[i] as [number, number])[0] < (this.pending[best] as [number, number])[0]) best = i;
    }
    return this.pending.splice(best, 1)[0];
  }
  get size(): number {
    return this.pending.length;
  }
}

describe('EventQueue', () => {
  it('has a lane for every Lane number: they run from 0 without gaps', () => {
    const numbers = Object.values(Lane);
    expect(numbers).toEqual(numbers.map((_, i) => i));
    const queue = new EventQueue();
    for (const lane of numbers) queue.scheduleInOrder(lane, EventKind.timeout, 1 + lane, null, null, lane);
    expect(queue.size).toBe(numbers.length);
  });

  it('pops events in time order', () => {
    const queue = new EventQueue();
    [5, 1, 4, 2, 3].forEach((t, id) => queue.push(event(t, id)));
    expect(drain(queue).map(([t]) => t)).toEqual([1, 2, 3, 4, 5]);
  });

  it('pops events at equal times in the order they were pushed', () => {
    const queue = new EventQueue();
    for (let id = 0; id < 20; id++) queue.push(event(id % 2 === 0 ? 7 : 3, id));
    const odd = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
    const even = odd.map((id) => id - 1);
    expect(drain(queue).map(([, id]) => id)).toEqual([...odd, ...even]);
  });

  it('keeps push order among equal times after its arrays grow past 1,024 entries, with pops in between', () => {
    const queue = new EventQueue();
    const reference = new ReferenceQueue();
    const popped: [number, number][] = [];
    const expected: [number, number][] = [];
    let now = 0;
    // Three pushes per pop, at three distinct times ahead of the clock: the queue holds
    // about 3,000 events at its largest, so its arrays grow twice.
    for (let id = 0; id < 4500; id++) {
      const t = now + (id % 3);
      queue.push(event(t, id));
      reference.push(t, id);
      if (id % 3 === 2) {
        const e = queue.pop() as QueuedEvent;
        popped.push([e.t, e.k]);
        expected.push(reference.pop() as [number, number]);
        now = e.t;
      }
    }
    expect(queue.size).toBeGreaterThan(2048);
    popped.push(...drain(queue));
    while (reference.size > 0) expected.push(reference.pop() as [number, number]);
    expect(popped).toEqual(expected);
  });

  it('agrees with a stable sort by (time, push order) on random pushes and pops (fast-check, fixed seed)', () => {
    // A push lands a small whole number of ticks after the current time, so ties are common;
    // three pushes to a pop let the longest runs hold more than 1,024 events.
    const op = fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 4 }).map((ahead) => ({ ahead })), weight: 3 },
      { arbitrary: fc.constant('pop' as const), weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 3000, size: 'max' }), (ops) => {
        const queue = new EventQueue();
        const reference = new ReferenceQueue();
        const got: ([number, number] | undefined)[] = [];
        const want: ([number, number] | undefined)[] = [];
        let now = 0;
        ops.forEach((o, id) => {
          if (o === 'pop') {
            const e = queue.pop();
            got.push(e === undefined ? undefined : [e.t, e.k]);
            want.push(reference.pop());
            if (e !== undefined) now = e.t;
          } else {
            queue.push(event(now + o.ahead, id));
            reference.push(now + o.ahead, id);
          }
          if (queue.size !== reference.size) expect(queue.size, `size after op ${id}`).toBe(reference.size);
        });
        got.push(...drain(queue));
        while (reference.size > 0) want.push(reference.pop());
        expect(got).toEqual(want);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('refuses an event earlier than the time of the last popped event', () => {
    const queue = new EventQueue();
    queue.push(event(10, 0));
    queue.push(event(20, 1));
    queue.pop();
    expect(() => queue.push(event(9.5, 2))).toThrow(/scheduled in the past/);
    expect(queue.size).toBe(1);
  });

  it('accepts an event at exactly the time of the last popped event', () => {
    const queue = new EventQueue();
    queue.push(event(10, 0));
    queue.push(event(20, 1));
    queue.pop();
    queue.push(event(10, 2));
    expect(drain(queue)).toEqual([
      [10, 2],
      [20, 1],
    ]);
  });

  it('starts its clock at 0: a negative or NaN time is refused', () => {
    const queue = new EventQueue();
    expect(() => queue.push(event(-1, 0))).toThrow(/scheduled in the past/);
    expect(() => queue.push(event(Number.NaN, 1))).toThrow(/scheduled in the past/);
    expect(queue.size).toBe(0);
  });

  it('pop on an empty queue returns undefined, also after it has been emptied', () => {
    const queue = new EventQueue();
    expect(queue.pop()).toBeUndefined();
    queue.push(event(1, 0));
    queue.pop();
    expect(queue.pop()).toBeUndefined();
  });

  it('size counts the events pushed and not yet popped', () => {
    const queue = new EventQueue();
    expect(queue.size).toBe(0);
    for (let id = 0; id < 3; id++) queue.push(event(id, id));
    expect(queue.size).toBe(3);
    queue.pop();
    expect(queue.size).toBe(2);
  });
});

describe('EventQueue lanes, late events and reused events', () => {
  type Op = { op: 'heap' | 'late'; ahead: number } | { op: 'lane'; lane: Lane; ahead: number } | { op: 'pop' };

  /**
   * The reference: pending events in push order, popping the one with the smallest
   * (time, late, push order), as a single heap with late sequence numbers orders them.
   */
  function reference(ops: readonly Op[]): [number, number][] {
    const pending: { t: number; late: boolean; id: number }[] = [];
    const out: [number, number][] = [];
    let now = 0;
    const popOne = (): void => {
      let best = -1;
      pending.forEach((e, i) => {
        const b = pending[best];
        if (b === undefined || e.t < b.t || (e.t === b.t && !e.late && b.late)) best = i;
      });
      const [e] = pending.splice(best, 1);
      if (e === undefined) return;
      out.push([e.t, e.id]);
      now = e.t;
    };
    ops.forEach((o, id) => {
      if (o.op === 'pop') popOne();
      else pending.push({ t: now + o.ahead, late: o.op === 'late', id });
    });
    while (pending.length > 0) popOne();
    return out;
  }

  function queued(ops: readonly Op[]): [number, number][] {
    const queue = new EventQueue();
    const out: [number, number][] = [];
    let now = 0;
    const popOne = (): void => {
      const e = queue.pop();
      if (e === undefined) return;
      out.push([e.t, e.k]);
      now = e.t;
      queue.release(e);
    };
    ops.forEach((o, id) => {
      if (o.op === 'pop') popOne();
      else if (o.op === 'lane') queue.scheduleInOrder(o.lane, EventKind.timeout, now + o.ahead, null, null, id);
      else if (o.op === 'heap') queue.schedule(EventKind.send, now + o.ahead, null, null, id);
      else queue.scheduleLate(EventKind.hedge, now + o.ahead, null, null, id);
    });
    while (queue.size > 0) popOne();
    return out;
  }

  it('pops lanes, the heap and late events in (time, late, scheduling order), with event objects reused (fast-check, fixed seed)', () => {
    // Lane events mostly come in time order ("now + a constant"), sometimes not: those go to the heap.
    const ahead = fc.integer({ min: 0, max: 4 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      { arbitrary: ahead.map((a) => ({ op: 'heap' as const, ahead: a })), weight: 2 },
      { arbitrary: ahead.map((a) => ({ op: 'late' as const, ahead: a })), weight: 1 },
      {
        arbitrary: fc
          .record({ lane: fc.constantFrom(Lane.arrivals, Lane.timeouts), ahead })
          .map((l) => ({ op: 'lane' as const, ...l })),
        weight: 3,
      },
      { arbitrary: fc.constant({ op: 'pop' as const }), weight: 2 },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 2000, size: 'max' }), (ops) => {
        expect(queued(ops)).toEqual(reference(ops));
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('keeps a lane in FIFO order past its first 64 entries, interleaved with the heap at equal times', () => {
    const ops: Op[] = [];
    for (let i = 0; i < 300; i++) ops.push({ op: 'lane', lane: Lane.arrivals, ahead: 5 }, { op: 'heap', ahead: 5 });
    for (let i = 0; i < 100; i++) ops.push({ op: 'pop' });
    for (let i = 0; i < 50; i++) ops.push({ op: 'lane', lane: Lane.timeouts, ahead: 1 }, { op: 'late', ahead: 0 });
    expect(queued(ops)).toEqual(reference(ops));
  });

  it('refuses a lane event earlier than the time of the last popped event', () => {
    const queue = new EventQueue();
    queue.schedule(EventKind.send, 10, null, null, 0);
    queue.pop();
    expect(() => queue.scheduleInOrder(Lane.arrivals, EventKind.timeout, 9, null, null, 1)).toThrow(
      /scheduled in the past/,
    );
  });

  it('a released event forgets its call and execution', () => {
    const queue = new EventQueue();
    const exec = {} as NonNullable<Parameters<EventQueue['schedule']>[3]>;
    queue.schedule(EventKind.commit, 1, null, exec, 0);
    const e = queue.pop();
    if (e === undefined) throw new Error('no event');
    queue.release(e);
    expect(e.exec).toBeNull();
    expect(e.call).toBeNull();
  });
});
