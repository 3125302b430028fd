// The generated parts of docs/reference/: each page with the blocks the code writes into
// it. `npm run reference` (scripts/reference.mjs) writes them; test/docs/reference.test.ts
// fails when a committed page differs from what this renders.
import { scenarioBlocks } from './fields.js';
import { limitBlocks } from './limits.js';
import { metricBlocks } from './metrics.js';

export { type Spliced, endMarker, splice, startMarker } from './markdown.js';

export interface GeneratedPage {
  /** The page, relative to the repository root. */
  path: string;
  /** Block name to the Markdown between its markers. */
  blocks: ReadonlyMap<string, string>;
}

export function referencePages(): GeneratedPage[] {
  return [
    { path: 'docs/reference/scenario.md', blocks: scenarioBlocks() },
    { path: 'docs/reference/metrics.md', blocks: metricBlocks() },
    { path: 'docs/reference/validation.md', blocks: limitBlocks() },
  ];
}
