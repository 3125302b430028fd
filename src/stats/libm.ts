// exp, log, cos and hypot with the same bits in every JavaScript engine. The engines' own
// Math functions are only required to be close: Node 20 and 22 compute them with fdlibm's
// algorithms, while the Chromium the lab page runs in (`idemsim lab`) rounds 3% to 10% of
// results differently in the last bit, enough to move a latency mean or an interval's last
// digit. So each is also written out in JavaScript arithmetic (Sun's fdlibm: e_exp.c,
// e_log.c, k_cos.c, k_sin.c and e_rem_pio2.c below 2^19 pi/2; V8's hypot), and the engine's
// own is used only where it gives the port's bits on a fixed sample of arguments, checked
// once at load: the port costs about 20% of the simulator's speed, and Node needs none of
// it. test/stats/libm.test.ts compares the ports with Node's Math on millions of arguments.

import { HI, LO, atLeast, f64, high, u32 } from './float-bits.js';
import { cos as fdlibmCos } from './cosine.js';

const LN2_HI = 6.9314718036912381649e-1;
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.4426950408889634;
const O_THRESHOLD = 7.09782712893383973096e2;
const U_THRESHOLD = -7.4513321910194110842e2;
const TWO_M1000 = 9.3326361850321887899e-302;
const P1 = 1.66666666666666019037e-1;
const P2 = -2.77777777770155933842e-3;
const P3 = 6.61375632143793436117e-5;
const P4 = -1.6533902205465251539e-6;
const P5 = 4.13813679705723846039e-8;

const EXP_LIMITS = atLeast(0x40862e42);
const HALF_LN2 = atLeast(0x3fd62e43);
const THREE_HALVES_LN2 = atLeast(0x3ff0a2b2);
const TINY = atLeast(0x3e300000);

/** 2^k for k in [-1021, 1023], each exact: the scaling fdlibm does by adding k to the exponent. */
const POW2 = new Float64Array(2045);
POW2[1021] = 1;
for (let k = 1; k <= 1023; k++) POW2[1021 + k] = (POW2[1020 + k] as number) * 2;
for (let k = 1; k <= 1021; k++) POW2[1021 - k] = (POW2[1022 - k] as number) / 2;

/** e^x. */
function fdlibmExp(x: number): number {
  // fdlibm rounds e^1 one unit above Math.E; V8 returns Math.E there, and so does this.
  if (x === 1) return Math.E;
  const ax = Math.abs(x);
  if (!(ax < EXP_LIMITS)) {
    if (x !== x) return x + x;
    if (x > O_THRESHOLD) return Infinity;
    if (x < U_THRESHOLD) return 0;
  }
  let hi = 0;
  let lo = 0;
  let k = 0;
  if (ax >= HALF_LN2) {
    // |x| > ln2 / 2: x = k ln2 + r, |r| <= ln2 / 2.
    const negative = x < 0;
    if (ax < THREE_HALVES_LN2) {
      hi = x - (negative ? -LN2_HI : LN2_HI);
      lo = negative ? -LN2_LO : LN2_LO;
      k = negative ? -1 : 1;
    } else {
      k = Math.trunc(INV_LN2 * x + (negative ? -0.5 : 0.5));
      hi = x - k * LN2_HI;
      lo = k * LN2_LO;
    }
    x = hi - lo;
  } else if (ax < TINY) {
    // |x| < 2^-28: 1 + x, rounded.
    return 1 + x;
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((x * c) / (c - 2) - x);
  const y = 1 - (lo - (x * c) / (2 - c) - hi);
  // y * 2^k, exact whenever fdlibm's exponent addition is (the result is normal).
  if (k >= -1021) return k === 1024 ? y * 2 * (POW2[2044] as number) : y * (POW2[1021 + k] as number);
  return y * (POW2[1021 + k + 1000] as number) * TWO_M1000;
}

const TWO54 = 1.8014398509481984e16;
const LG1 = 6.66666666666673513e-1;
const LG2 = 3.999999999940941908e-1;
const LG3 = 2.857142874366239149e-1;
const LG4 = 2.222219843214978396e-1;
const LG5 = 1.818357216161805012e-1;
const LG6 = 1.531383769920937332e-1;
const LG7 = 1.479819860511658591e-1;

/** The natural logarithm. */
function fdlibmLog(x: number): number {
  f64[0] = x;
  let hx = (u32[HI] as number) | 0;
  const lx = u32[LO] as number;
  let k = 0;
  if (hx < 0x00100000) {
    if (((hx & 0x7fffffff) | lx) === 0) return -Infinity;
    if (hx < 0) return NaN;
    // Subnormal: scale up by 2^54.
    k -= 54;
    x *= TWO54;
    hx = high(x) | 0;
  }
  // f64 holds x (scaled, if it was): its exponent is replaced below, its low word kept.
  if (hx >= 0x7ff00000) return x + x;
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  const i = (hx + 0x95f64) & 0x100000;
  // x normalized into [sqrt(2)/2, sqrt(2)).
  u32[HI] = (hx | (i ^ 0x3ff00000)) >>> 0;
  x = f64[0] as number;
  k += i >> 20;
  const f = x - 1;
  if ((0x000fffff & (2 + hx)) < 3) {
    // |f| < 2^-20.
    if (f === 0) return k === 0 ? 0 : k * LN2_HI + k * LN2_LO;
    const r = f * f * (0.5 - 0.3333333333333333 * f);
    return k === 0 ? f - r : k * LN2_HI - (r - k * LN2_LO - f);
  }
  const s = f / (2 + f);
  const z = s * s;
  let j = hx - 0x6147a;
  const w = z * z;
  const j2 = 0x6b851 - hx;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  j |= j2;
  const r = t2 + t1;
  if (j > 0) {
    const hfsq = 0.5 * f * f;
    return k === 0 ? f - (hfsq - s * (hfsq + r)) : k * LN2_HI - (hfsq - (s * (hfsq + r) + k * LN2_LO) - f);
  }
  return k === 0 ? f - s * (f - r) : k * LN2_HI - (s * (f - r) - k * LN2_LO - f);
}

/**
 * sqrt(a^2 + b^2) without overflow, as V8's Math.hypot computes it (scaled by the larger
 * magnitude, the squares summed with Kahan's compensation): Math.hypot's rounding is the
 * engine's to choose, this is the same everywhere.
 */
function v8Hypot(a: number, b: number): number {
  const x = Math.abs(a);
  const y = Math.abs(b);
  if (x === Infinity || y === Infinity) return Infinity;
  if (x !== x || y !== y) return NaN;
  const max = x > y ? x : y;
  if (max === 0) return 0;
  let sum = 0;
  let compensation = 0;
  for (const value of [x, y]) {
    const n = value / max;
    const summand = n * n - compensation;
    const preliminary = sum + summand;
    compensation = preliminary - sum - summand;
    sum = preliminary;
  }
  return Math.sqrt(sum) * max;
}

/** The ports themselves, whichever the engine's check chose: for tests. */
export const PORTS = { exp: fdlibmExp, log: fdlibmLog, cos: fdlibmCos, hypot: v8Hypot } as const;

/** Arguments spread over each function's range, the same on every load (a 32-bit LCG). */
function sample(n: number, draw: (u: number) => number): number[] {
  let state = 0x2545f491;
  return Array.from({ length: n }, () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return draw(state / 2 ** 32);
  });
}

/** The engine's function where it gives the port's bits on every sampled argument, else the port. */
function chosen<F extends (...args: number[]) => number>(engine: F, port: F, args: readonly number[][]): F {
  return args.every((a) => Object.is(engine(...a), port(...a))) ? engine : port;
}

const N = 400;
export const exp: (x: number) => number = chosen(
  Math.exp,
  fdlibmExp,
  sample(N, (u) => (u - 0.5) * 60).map((x) => [x]),
);
export const log: (x: number) => number = chosen(
  Math.log,
  fdlibmLog,
  sample(N, (u) => 2 ** ((u - 0.5) * 80) * (1 + u)).map((x) => [x]),
);
export const cos: (x: number) => number = chosen(
  Math.cos,
  fdlibmCos,
  sample(N, (u) => u * 2 * Math.PI).map((x) => [x]),
);
export const hypot: (a: number, b: number) => number = chosen(
  Math.hypot,
  v8Hypot,
  sample(N, (u) => (u - 0.5) * 2 ** (u * 40)).map((x, i) => [x, 1 / (i + 1)]),
);
