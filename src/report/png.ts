// Charts as PNG for writers who paste them into an article: resvg rasterizes the SVG in
// process (a prebuilt native module, no system libraries, no browser).
import { Resvg } from '@resvg/resvg-js';

/** Twice the SVG's size, so text stays sharp on high-density screens and in print. */
const ZOOM = 2;

/**
 * resvg looks "sans-serif" up as Arial; where Arial is missing it falls back to this family,
 * and where that is missing too, to the first system font. (resvg-js 2.6 ignores its
 * `sansSerifFamily` option, so the fallback is the lever that works.)
 */
const FALLBACK_FONT = 'DejaVu Sans';

export function renderPng(svg: string): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: ZOOM },
    background: 'white',
    font: { loadSystemFonts: true, defaultFontFamily: FALLBACK_FONT },
    // A missing font is not worth a line on the user's terminal: the fallback handles it.
    logLevel: 'off',
  });
  return new Uint8Array(resvg.render().asPng());
}
