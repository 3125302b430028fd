// The key store's live records over simulated time, sampled at a fixed step. The step
// starts at 1/500 of the expected arrival span and doubles (dropping every other point)
// whenever the run outlasts it, so a run never keeps more than MAX_POINTS samples.
import type { KeyStorePoint } from '../model/result.js';
import type { KeyStore } from './keystore.js';

const MAX_POINTS = 1000;

export class KeyStoreTimeline {
  readonly points: KeyStorePoint[] = [];
  private step: number;
  next = 0;

  constructor(expectedSpan: number) {
    this.step = Math.max(1, expectedSpan / 500);
  }

  /** Record every sample time up to t (the store is advanced to each before reading it). */
  catchUp(t: number, store: KeyStore): void {
    while (this.next <= t) {
      store.advance(this.next);
      this.points.push({ t: this.next, keys: store.liveKeys });
      this.next += this.step;
      if (this.points.length >= MAX_POINTS) this.thin();
    }
  }

  private thin(): void {
    const kept = this.points.filter((_, i) => i % 2 === 0);
    this.points.length = 0;
    this.points.push(...kept);
    this.step *= 2;
    const last = kept[kept.length - 1] as KeyStorePoint;
    this.next = last.t + this.step;
  }
}
