// "Did you mean ...?": the closest known name by edit distance, if it is close enough to be
// a typo rather than a different word.

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] as number;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The candidate closest to `word`, ignoring case, within about a third of its length
 * (at least 1, at most 3 edits); ties go to the earlier candidate. Failing that, a
 * candidate that starts the word or that the word starts, the longest (`maximum` -> `max`).
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > 200) return undefined;
  const lower = word.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined || lower.length < 3) return best;
  const related = candidates.filter(
    (c) => c.length >= 3 && (lower.startsWith(c.toLowerCase()) || c.toLowerCase().startsWith(lower)),
  );
  return related.reduce<string | undefined>((a, c) => (a === undefined || c.length > a.length ? c : a), undefined);
}
