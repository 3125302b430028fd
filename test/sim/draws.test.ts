// The layout of every random draw (src/sim/draws.ts): within a stream no two names share a
// position and no position is left out, so a new draw cannot silently reuse another's
// uniform, and the block mirrors the start of a call's stream so attempt k sits at one place.
import { describe, expect, it } from 'vitest';
import {
  ATTEMPT_DRAWS,
  Attempt,
  BLOCK_DRAWS,
  Block,
  CALL_HEAD_DRAWS,
  CHECK_DRAWS,
  CRASH_DRAWS,
  CallHead,
  CheckDraw,
  CrashDraw,
  FIRST_CALL_SKIP,
  HEDGE_DRAWS,
  HedgeDraw,
  Keyed,
} from '../../src/sim/draws.js';

/** The positions a layout's names take; a name listed in `wide` takes that many from its own. */
function positions(layout: Record<string, number>, wide: Record<string, number> = {}): number[] {
  return Object.entries(layout).flatMap(([name, at]) => Array.from({ length: wide[name] ?? 1 }, (_, i) => at + i));
}

/** The layout without some of its names. */
function without(layout: Record<string, number>, names: readonly string[]): Record<string, number> {
  return Object.fromEntries(Object.entries(layout).filter(([name]) => !names.includes(name)));
}

/** 0 .. n - 1. */
function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

describe('every stream names each of its positions exactly once', () => {
  it('an attempt’s draws', () => {
    expect(positions(Attempt).sort((a, b) => a - b)).toEqual(range(ATTEMPT_DRAWS));
  });

  it('an action’s block: six action and call draws, then the first call’s attempts 0 and 1', () => {
    const taken = positions(Block, { attempt0: ATTEMPT_DRAWS, attempt1: ATTEMPT_DRAWS });
    expect(taken.sort((a, b) => a - b)).toEqual(range(BLOCK_DRAWS));
  });

  it('a call’s head, before its attempts', () => {
    expect(positions(CallHead).sort((a, b) => a - b)).toEqual(range(CALL_HEAD_DRAWS));
  });

  it('an execution’s crash draws', () => {
    expect(positions(CrashDraw).sort((a, b) => a - b)).toEqual(range(CRASH_DRAWS));
  });

  it('a read opportunity’s draw', () => {
    expect(positions(CheckDraw)).toEqual(range(CHECK_DRAWS));
  });

  it('a hedged attempt’s draws: an attempt’s, less the backoff a hedge never takes', () => {
    expect(positions(HedgeDraw).sort((a, b) => a - b)).toEqual(range(HEDGE_DRAWS));
    expect(HedgeDraw).toEqual(without(Attempt, ['backoff']));
  });
});

describe('streams keep attempt k at one place', () => {
  it('the block holds what a call’s head and first two attempts hold, so the first call’s stream skips it whole', () => {
    expect(BLOCK_DRAWS).toBe(CALL_HEAD_DRAWS + 2 * ATTEMPT_DRAWS);
    expect(FIRST_CALL_SKIP).toBe(BLOCK_DRAWS);
    expect(Block.attempt0).toBe(CALL_HEAD_DRAWS);
    expect(Block.attempt1).toBe(CALL_HEAD_DRAWS + ATTEMPT_DRAWS);
  });

  it('the block and a call’s head name the same six draws, in their own orders', () => {
    const head = without(Block, ['attempt0', 'attempt1']);
    expect(Object.keys(head).sort()).toEqual(Object.keys(CallHead).sort());
  });

  it('the counter-based streams have distinct names', () => {
    const names = Object.values(Keyed);
    expect(new Set(names).size).toBe(names.length);
  });
});
