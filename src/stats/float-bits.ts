// A double's two 32-bit halves, for the bit-level steps of fdlibm's algorithms (libm.ts,
// cosine.ts).

// The two 32-bit halves of a double, through one shared buffer (little-endian, as every
// platform Node and the browsers run on is: checked once below).
const buffer = new ArrayBuffer(8);
export const f64 = new Float64Array(buffer);
export const u32 = new Uint32Array(buffer);
f64[0] = 1;
export const HI = u32[1] === 0x3ff00000 ? 1 : 0;
export const LO = 1 - HI;

export function high(x: number): number {
  f64[0] = x;
  return u32[HI] as number;
}

/** A double from its high word, the low word zero. */
export function fromHigh(hi: number): number {
  u32[HI] = hi >>> 0;
  u32[LO] = 0;
  return f64[0] as number;
}

/** |x| at or above the double whose high word is `hw` (low word 0): fdlibm's `hx >= hw` without reading bits. */
export const atLeast = (hw: number): number => fromHigh(hw);
