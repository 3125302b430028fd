// What a per-action duplicate rate means in business terms: duplicates a day at a rate.

const SECONDS_PER_DAY = 86_400;

/** Duplicate side effects a day at `rate` actions per second and `dupPerAction` each. */
export function duplicatesPerDay(rate: number, dupPerAction: number): number {
  return rate * SECONDS_PER_DAY * dupPerAction;
}
