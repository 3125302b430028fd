// Vega-Lite spec -> SVG text, in Node: vega's headless view (renderer 'none', no canvas, no
// browser). Any warning from vega-lite or vega is an error here, because a chart that
// renders with a warning has usually dropped data or a scale silently.
import type { TopLevelSpec } from 'vega-lite';
import { xmlChars } from './xml.js';

/** Vega's logger interface (vega-util's LoggerInterface), collecting instead of printing. */
interface CollectingLogger {
  level(_?: number): number | CollectingLogger;
  error(...args: unknown[]): CollectingLogger;
  warn(...args: unknown[]): CollectingLogger;
  info(...args: unknown[]): CollectingLogger;
  debug(...args: unknown[]): CollectingLogger;
}

// Vega's own levels: None 0, Error 1, Warn 2, Info 3, Debug 4.
const WARN = 2;

function collectingLogger(problems: string[]): CollectingLogger {
  const text = (args: unknown[]): string =>
    args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  const logger: CollectingLogger = {
    level: (_?: number) => (_ === undefined ? WARN : logger),
    error: (...args) => {
      problems.push(`error: ${text(args)}`);
      return logger;
    },
    warn: (...args) => {
      problems.push(`warning: ${text(args)}`);
      return logger;
    },
    info: () => logger,
    debug: () => logger,
  };
  return logger;
}

/** Render a Vega-Lite spec to SVG text in Node (vega View, renderer 'none', toSVG()); throws on any vega warning or error. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  // Imported here, not at the top: the CLI's bundle is CommonJS (scripts/bundle.mjs), and
  // vega and vega-lite are ES modules that only import() may load from it.
  const [{ View, parse, resetSVGDefIds }, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const problems: string[] = [];
  const logger = collectingLogger(problems);
  // Vega numbers clip paths from a counter shared by every render in the process; starting
  // each chart from 1 keeps an SVG independent of what was drawn before it.
  resetSVGDefIds();
  const vegaSpec = compile(spec, { logger }).spec;
  const view = new View(parse(vegaSpec), { renderer: 'none', logger });
  try {
    const svg = await view.toSVG();
    if (problems.length > 0) throw new Error(`vega reported ${problems.length} problem(s): ${problems.join('; ')}`);
    // Vega escapes & < > " in what it draws, but not what XML forbids: this is where every
    // chart's text leaves idemsim, so it is made XML here, for files, pages and PNGs alike.
    // (A channel's title is never a user's text: vega-lite copies it unescaped into an
    // expression, where a backslash or a line break is a parse error.)
    return xmlChars(svg);
  } finally {
    view.finalize();
  }
}
