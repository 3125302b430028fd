// Colour as a reader with a colour-vision deficiency sees it, the distance a reader sees
// between two colours, and which pairs of a chart's colour scales look too alike: the measurements behind
// test/report/palette.test.ts.
//
// Simulation: Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
// Simulation of Color Vision Deficiency" (IEEE TVCG 15(6)), the matrices of their table at
// severity 1.0 (protanopia, deuteranopia, tritanopia), applied to linear RGB: sRGB decoded,
// multiplied, clamped to the gamut. Difference: CIEDE2000 (CIE 142-2001) between CIELAB
// colours under D65, as Sharma, Wu and Dalal (2005) spell it out, with their test pairs.

export const VISIONS = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'] as const;
export type Vision = (typeof VISIONS)[number];

type Row = readonly [number, number, number];
type Matrix = readonly [Row, Row, Row];

const MACHADO: Record<Exclude<Vision, 'normal'>, Matrix> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

export type Lab = readonly [number, number, number];

const decode = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const dot = (row: Row, v: Row): number => row[0] * v[0] + row[1] * v[1] + row[2] * v[2];

/** `#rrggbb` as linear RGB, each channel 0 to 1. */
export function linear(hex: string): Row {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channel = (at: number) => decode(Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  return [channel(1), channel(3), channel(5)];
}

/** Linear RGB as a reader with `vision` sees it. */
export function simulate(rgb: Row, vision: Vision): Row {
  if (vision === 'normal') return rgb;
  const m = MACHADO[vision];
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  return [clamp(dot(m[0], rgb)), clamp(dot(m[1], rgb)), clamp(dot(m[2], rgb))];
}

// sRGB primaries to XYZ, and the D65 white, as IEC 61966-2-1 gives them.
const TO_XYZ: Matrix = [
  [0.4124564, 0.3575761, 0.1804375],
  [0.2126729, 0.7151522, 0.072175],
  [0.0193339, 0.119192, 0.9503041],
];
const WHITE: Row = [0.95047, 1, 1.08883];

/** Linear RGB as CIELAB (D65). */
export function lab(rgb: Row): Lab {
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [0, 1, 2].map((i) => f(dot(TO_XYZ[i as 0 | 1 | 2], rgb) / WHITE[i as 0 | 1 | 2])) as [
    number,
    number,
    number,
  ];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** Linear RGB back to `#rrggbb`. */
export function hex(rgb: Row): string {
  const encode = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
  return `#${rgb
    .map((c) =>
      Math.round(255 * encode(c))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `hex` in CIELAB as a reader with `vision` sees it. */
export function seen(hex: string, vision: Vision): Lab {
  return lab(simulate(linear(hex), vision));
}

const RAD = Math.PI / 180;

/** CIEDE2000 between two CIELAB colours (kL = kC = kH = 1). */
export function deltaE2000([L1, a1, b1]: Lab, [L2, a2, b2]: Lab): number {
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const mean7 = ((C1 + C2) / 2) ** 7;
  const G = 0.5 * (1 - Math.sqrt(mean7 / (mean7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (a: number, b: number) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / RAD + 360) % 360);
  const h1p = hue(a1p, b1);
  const h2p = hue(a2p, b2);
  const chromatic = C1p * C2p !== 0;
  let dh = chromatic ? h2p - h1p : 0;
  if (dh > 180) dh -= 360;
  else if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(C1p * C2p) * Math.sin((dh * RAD) / 2);
  const Lm = (L1 + L2) / 2;
  const Cm = (C1p + C2p) / 2;
  let hm = h1p + h2p;
  if (chromatic) hm = Math.abs(h1p - h2p) > 180 ? (hm < 360 ? hm + 360 : hm - 360) / 2 : hm / 2;
  const T =
    1 -
    0.17 * Math.cos((hm - 30) * RAD) +
    0.24 * Math.cos(2 * hm * RAD) +
    0.32 * Math.cos((3 * hm + 6) * RAD) -
    0.2 * Math.cos((4 * hm - 63) * RAD);
  const rotation = 30 * Math.exp(-(((hm - 275) / 25) ** 2));
  const Cm7 = Cm ** 7;
  const RT = -2 * Math.sqrt(Cm7 / (Cm7 + 25 ** 7)) * Math.sin(2 * rotation * RAD);
  const SL = 1 + (0.015 * (Lm - 50) ** 2) / Math.sqrt(20 + (Lm - 50) ** 2);
  const SC = 1 + 0.045 * Cm;
  const SH = 1 + 0.015 * Cm * T;
  const [l, c, h] = [(L2 - L1) / SL, (C2p - C1p) / SC, dH / SH];
  return Math.sqrt(l * l + c * c + h * h + RT * c * h);
}

/** ΔE2000 between two `#rrggbb` colours as a reader with `vision` sees them. */
export function difference(a: string, b: string, vision: Vision): number {
  return deltaE2000(seen(a, vision), seen(b, vision));
}

/** CIELCh of `hex` under normal vision: lightness, chroma, hue in degrees. */
export function lch(hex: string): { L: number; C: number; h: number } {
  const [L, a, b] = seen(hex, 'normal');
  return { L, C: Math.hypot(a, b), h: (Math.atan2(b, a) / RAD + 360) % 360 };
}

/**
 * Every pair of colours of every colour scale in a Vega-Lite spec closer than `min` (ΔE2000)
 * under some vision, unless a cue on the same field (a dash or a shape) tells the pair apart.
 */
interface ScaleDef {
  field?: string;
  scale?: { domain?: unknown[]; range?: unknown[] } | null;
}

export function scaleFailures(spec: unknown, min: number): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const encoding = (node as { encoding?: Record<string, ScaleDef> }).encoding;
    if (encoding !== undefined)
      for (const channel of ['color', 'fill'] as const) {
        const range = encoding[channel]?.scale?.range;
        if (!Array.isArray(range)) continue;
        const colours = range.map((c) => (typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c) ? c : undefined));
        const cues = (['strokeDash', 'shape'] as const).flatMap((k) => {
          const def = encoding[k];
          return def?.field === encoding[channel]?.field && Array.isArray(def?.scale?.range) ? [def.scale.range] : [];
        });
        colours.forEach((a, i) =>
          colours.slice(i + 1).forEach((b, j) => {
            if (a === undefined || b === undefined || a === b) return;
            const cued = cues.some((r) => JSON.stringify(r[i]) !== JSON.stringify(r[i + 1 + j]));
            for (const vision of VISIONS)
              if (difference(a, b, vision) < min && !cued) found.push(`${a}/${b} under ${vision}`);
          }),
        );
      }
    Object.values(node).forEach(visit);
  };
  visit(spec);
  return found;
}
