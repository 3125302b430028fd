// cos written out in JavaScript arithmetic, the same in every engine: fdlibm's k_cos.c,
// k_sin.c and e_rem_pio2.c for arguments below 2^19 pi/2 (libm.ts says why).
import { atLeast, fromHigh, high } from './float-bits.js';

const C1 = 4.16666666666666019037e-2;
const C2 = -1.38888888888741095749e-3;
const C3 = 2.48015872894767294178e-5;
const C4 = -2.75573143513906633035e-7;
const C5 = 2.0875723212981748279e-9;
const C6 = -1.13596475577881948265e-11;

const KERNEL_TINY = atLeast(0x3e400000);
const COS_SMALL = atLeast(0x3fd33333);
const COS_LARGE = atLeast(0x3fe90001);

/** cos(x + y) for |x| <= pi/4, y the tail of x. */
function kernelCos(x: number, y: number): number {
  const ax = Math.abs(x);
  if (ax < KERNEL_TINY) return 1;
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ax < COS_SMALL) return 1 - (0.5 * z - (z * r - x * y));
  const qx = ax >= COS_LARGE ? 0.28125 : fromHigh((high(x) & 0x7fffffff) - 0x00200000);
  const hz = 0.5 * z - qx;
  const a = 1 - qx;
  return a - (hz - (z * r - x * y));
}

const S1 = -1.66666666666666324348e-1;
const S2 = 8.33333333332248946124e-3;
const S3 = -1.98412698298579493134e-4;
const S4 = 2.75573137070700676789e-6;
const S5 = -2.50507602534068634195e-8;
const S6 = 1.58969099521155010221e-10;

/** sin(x + y) for |x| <= pi/4, y the tail of x. */
function kernelSin(x: number, y: number): number {
  if (Math.abs(x) < KERNEL_TINY) return x;
  const z = x * x;
  const v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  return x - (z * (0.5 * y - v * r) - y - v * S1);
}

const INV_PIO2 = 6.36619772367581382433e-1;
const PIO2_1 = 1.57079632673412561417;
const PIO2_1T = 6.07710050650619224932e-11;
const PIO2_2 = 6.0771005063039659766e-11;
const PIO2_2T = 2.02226624879595063154e-21;
const PIO2_3 = 2.0222662487111664558e-21;
const PIO2_3T = 8.47842766036889956997e-32;

/**
 * fdlibm's table of the high words of n pi / 2, n = 1..32, as the range of |x| each covers:
 * an argument that close to a multiple of pi/2 takes the careful reduction.
 */
const NPIO2 = Array.from({ length: 32 }, (_, i) => {
  const hw = high((i + 1) * (Math.PI / 2)) & 0x7fffffff;
  return { from: fromHigh(hw), below: fromHigh(hw + 1) };
});
const THREE_PIO4 = atLeast(0x4002d97c);
const PIO2_HW = { from: atLeast(0x3ff921fb), below: atLeast(0x3ff921fc) };

/** Above pi/4 the argument is reduced; at 2^19 pi / 2 and above, cos uses the engine's. */
const PIO4_ABOVE = atLeast(0x3fe921fc);
const MEDIUM_ABOVE = atLeast(0x413921fc);

/** x - n pi/2 as y0 + y1, |y0| <= pi/4, for pi/4 < |x| <= 2^19 pi/2; returns n. */
function remPio2(x: number, y: [number, number]): number {
  const ax = Math.abs(x);
  // fdlibm's `ix != 0x3ff921fb`: |x| is not within pi/2's high word.
  const offPio2 = !(ax >= PIO2_HW.from && ax < PIO2_HW.below);
  if (ax < THREE_PIO4) {
    // |x| < 3 pi / 4: n is 1 or -1.
    if (x > 0) {
      let z = x - PIO2_1;
      if (offPio2) {
        y[0] = z - PIO2_1T;
        y[1] = z - y[0] - PIO2_1T;
      } else {
        z -= PIO2_2;
        y[0] = z - PIO2_2T;
        y[1] = z - y[0] - PIO2_2T;
      }
      return 1;
    }
    let z = x + PIO2_1;
    if (offPio2) {
      y[0] = z + PIO2_1T;
      y[1] = z - y[0] + PIO2_1T;
    } else {
      z += PIO2_2;
      y[0] = z + PIO2_2T;
      y[1] = z - y[0] + PIO2_2T;
    }
    return -1;
  }
  const n = Math.trunc(ax * INV_PIO2 + 0.5);
  const fn = n;
  let r = ax - fn * PIO2_1;
  let w = fn * PIO2_1T;
  const near = n < 32 ? (NPIO2[n - 1] as { from: number; below: number }) : undefined;
  if (near !== undefined && !(ax >= near.from && ax < near.below)) {
    y[0] = r - w;
  } else {
    const j = (high(x) & 0x7fffffff) >> 20;
    y[0] = r - w;
    let i = j - ((high(y[0]) >> 20) & 0x7ff);
    if (i > 16) {
      let t = r;
      w = fn * PIO2_2;
      r = t - w;
      w = fn * PIO2_2T - (t - r - w);
      y[0] = r - w;
      i = j - ((high(y[0]) >> 20) & 0x7ff);
      if (i > 49) {
        t = r;
        w = fn * PIO2_3;
        r = t - w;
        w = fn * PIO2_3T - (t - r - w);
        y[0] = r - w;
      }
    }
  }
  y[1] = r - y[0] - w;
  if (x < 0) {
    y[0] = -y[0];
    y[1] = -y[1];
    return -n;
  }
  return n;
}

const reduced: [number, number] = [0, 0];

/** The cosine (radians). */
export function cos(x: number): number {
  const ax = Math.abs(x);
  if (ax < PIO4_ABOVE) return kernelCos(x, 0);
  if (!Number.isFinite(x)) return NaN;
  // Only the simulator's arguments (an angle in [0, 2 pi)) need to be the same everywhere;
  // beyond 2^19 pi / 2 fdlibm's reduction takes a table of 2/pi's digits, not written here.
  if (ax >= MEDIUM_ABOVE) return Math.cos(x);
  const n = remPio2(x, reduced);
  switch (n & 3) {
    case 0:
      return kernelCos(reduced[0], reduced[1]);
    case 1:
      return -kernelSin(reduced[0], reduced[1]);
    case 2:
      return -kernelCos(reduced[0], reduced[1]);
    default:
      return kernelSin(reduced[0], reduced[1]);
  }
}
