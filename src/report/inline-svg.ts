// A standalone SVG file made fit to sit inside an HTML page beside other charts.
//
// - The XML prolog goes: it is not allowed inside HTML.
// - The xmlns and xmlns:xlink declarations go: the HTML parser puts <svg> and its children
//   in the SVG namespace (and reads xlink:href) without them. Their values are namespace
//   names, never fetched, but leaving them out keeps the page free of any URL at all.
// - Every id gets the chart's prefix, and so do the references to it (url(#id), href="#id"):
//   vega numbers clip paths and gradients from 1 in each chart, and two charts' "clip1" in
//   one document would make the second chart clip by the first chart's rectangle.
const PROLOG = /^\s*<\?xml[^>]*\?>\s*/;
const ROOT = /^<svg\b[^>]*>/;
const NAMESPACE = /\s+xmlns(?::xlink)?="[^"]*"/g;
const ID = /\sid="([^"]+)"/g;

export function inlineSvg(svg: string, prefix: string): string {
  const body = svg.replace(PROLOG, '').replace(ROOT, (root) => root.replace(NAMESPACE, ''));
  const ids = new Set([...body.matchAll(ID)].map((match) => match[1] as string));
  if (ids.size === 0) return body;
  const scoped = (id: string): string => (ids.has(id) ? `${prefix}${id}` : id);
  return body
    .replace(/(\sid=")([^"]+)"/g, (_, open: string, id: string) => `${open}${scoped(id)}"`)
    .replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${scoped(id)})`)
    .replace(/(href=")#([^"]+)"/g, (_, open: string, id: string) => `${open}#${scoped(id)}"`);
}
