// The comment `idemsim store measure --write STORE` leaves on the keys.recordBytes it sets,
// and the store read back from it: how recommend knows the key store's record size was
// measured, not assumed, and says so.
import { yaml } from './yaml-lib.js';

const MARK = /measured in (\w+) by idemsim store measure/;

/** The comment's text (YAML writes it after `#`). */
export const measuredComment = (store: string): string => ` measured in ${store} by idemsim store measure`;

/** Marks keys.recordBytes of a parsed scenario file as measured in `store` (the value already set). */
export function markMeasured(doc: ReturnType<ReturnType<typeof yaml>['parseDocument']>, store: string): void {
  const node = doc.getIn(['keys', 'recordBytes'], true);
  if (yaml().isScalar(node)) node.comment = measuredComment(store);
}

/** The store keys.recordBytes says it was measured in, or null (not written, or written by hand). */
export function recordBytesMeasuredIn(text: string | undefined): string | null {
  if (text === undefined) return null;
  try {
    const node = yaml().parseDocument(text).getIn(['keys', 'recordBytes'], true);
    const comment = yaml().isScalar(node) ? node.comment : undefined;
    return MARK.exec(comment ?? '')?.[1] ?? null;
  } catch {
    return null;
  }
}
