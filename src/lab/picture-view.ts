/// <reference lib="dom" />
// The picture in its scrolling box: the canvas stays in view (sticky) and draws the rows
// scrolled to; the pointer, a tap or the arrow keys pick a row, whose story the page shows.
import type { TracedAction } from '../model/result.js';
import { AXIS, type PictureData, type View, drawPicture, pictureData, rowAt } from './draw.js';
import { storyOf } from './story.js';

export class PictureView {
  private data: PictureData | null = null;
  private trace: readonly TracedAction[] = [];
  private selected: number | null = null;
  private pinned = false;
  private frame = 0;
  rowHeight = 5;

  constructor(
    private readonly scroller: HTMLElement,
    private readonly spacer: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly story: HTMLElement,
    private readonly onDraw: (data: PictureData) => void,
  ) {
    scroller.addEventListener('scroll', () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(scroller);
    canvas.addEventListener('pointermove', (e) => {
      if (!this.pinned) this.select(this.rowAtEvent(e), false);
    });
    canvas.addEventListener('pointerleave', () => {
      if (!this.pinned) this.select(null, false);
    });
    canvas.addEventListener('click', (e) => {
      const row = this.rowAtEvent(e);
      this.pinned = row !== null && !(this.pinned && row === this.selected);
      this.select(row, false);
    });
    scroller.addEventListener('keydown', (e) => this.key(e));
  }

  /** A new result: redraw now (the page times a change to the end of this draw). */
  show(trace: readonly TracedAction[]): void {
    this.trace = trace;
    this.data = pictureData(trace);
    if (this.selected !== null && this.selected >= trace.length) this.selected = null;
    this.spacer.style.height = `${AXIS + trace.length * this.rowHeight}px`;
    this.draw();
    this.onDraw(this.data);
    this.tell();
  }

  setRowHeight(px: number): void {
    this.rowHeight = px;
    if (this.data !== null) this.show(this.trace);
  }

  private view(): View {
    return {
      width: this.scroller.clientWidth,
      height: Math.min(this.scroller.clientHeight, AXIS + this.trace.length * this.rowHeight + 4),
      rowHeight: this.rowHeight,
      scrollTop: this.scroller.scrollTop,
      selected: this.selected,
      ratio: window.devicePixelRatio || 1,
    };
  }

  private schedule(): void {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    if (this.data !== null) drawPicture(this.canvas, this.data, this.view());
  }

  private rowAtEvent(e: MouseEvent): number | null {
    const box = this.canvas.getBoundingClientRect();
    return rowAt(e.clientY - box.top, this.view(), this.trace.length);
  }

  private select(row: number | null, scroll: boolean): void {
    this.selected = row;
    if (scroll && row !== null) {
      const top = row * this.rowHeight;
      const visible = this.scroller.clientHeight - AXIS;
      if (top < this.scroller.scrollTop) this.scroller.scrollTop = top;
      else if (top + this.rowHeight > this.scroller.scrollTop + visible)
        this.scroller.scrollTop = top + this.rowHeight - visible;
    }
    this.draw();
    this.tell();
  }

  private tell(): void {
    const action = this.selected === null ? undefined : this.trace[this.selected];
    const text =
      action === undefined
        ? 'Point at a row, tap it, or focus the picture and use the arrow keys, to read what happened to that action.'
        : storyOf(action);
    // A live region: said again only when it says something new.
    if (this.story.textContent !== text) this.story.textContent = text;
  }

  private key(e: KeyboardEvent): void {
    const n = this.trace.length;
    if (n === 0) return;
    const page = Math.max(1, Math.floor((this.scroller.clientHeight - AXIS) / this.rowHeight) - 1);
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    let next: number | null = null;
    if (e.key in moves) next = Math.min(n - 1, Math.max(0, (this.selected ?? -1) + (moves[e.key] as number)));
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    else if (e.key === 'Escape') {
      this.pinned = false;
      this.select(null, false);
      return;
    }
    if (next === null) return;
    e.preventDefault();
    this.pinned = true;
    this.select(next, true);
  }
}
