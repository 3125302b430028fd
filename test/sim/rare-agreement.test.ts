// Importance sampling against plain sampling on every shipped scenario `--rare` accepts:
// each count metric plain sampling gives an interval for, estimated with the tilts tuned for it, lies in an
// interval that overlaps plain sampling's. Two calibrated 95% intervals of one truth fail
// to overlap well under 1% of the time; a biased weight or a tilt the estimate did not
// account for shows up here. (Slow: about 40 s; in the full tier.)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RARE_COUNTS } from '../../src/model/rare.js';
import { RARE_METRICS } from '../../src/report/rare/text.js';
import { loadScenario } from '../../src/scenario/index.js';
import { simulateRare } from '../../src/sim/rare-run.js';
import { simulate } from '../../src/sim/simulate.js';

const ROOT = fileURLToPath(new URL('../../scenarios', import.meta.url));

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return path.endsWith('.yaml') ? [path] : [];
  });
}

const accepted = yamlFiles(ROOT)
  .map((file) => {
    const outcome = loadScenario(readFileSync(file, 'utf8'), file);
    if (!outcome.ok) throw new Error(`${file} does not load`);
    return { file: file.slice(ROOT.length + 1), scenario: outcome.scenario };
  })
  .filter(
    ({ scenario: s }) =>
      s.service.concurrency === 'unlimited' &&
      s.client.throttle === 'none' &&
      s.client.budget === 'none' &&
      s.keys.scope !== 'business' &&
      s.keys.scope !== 'payload' &&
      s.agent.identicalRepeats === 0,
  );

describe('--rare agrees with plain sampling on the shipped scenarios', () => {
  it('accepts most of them', () => {
    expect(accepted.length).toBeGreaterThan(25);
  });

  it.each(accepted.map((a) => [a.file, a.scenario] as const))('%s', (_file, scenario) => {
    const s = { ...scenario, actions: Math.min(scenario.actions, 20_000) };
    const plain = simulate(s);
    for (const count of RARE_COUNTS) {
      // The sources of duplicates carry no interval in a plain run: only the others compare.
      const interval = plain.intervals[RARE_METRICS[count]];
      if (interval === undefined || interval.high === 0) continue;
      const e = simulateRare(s, { target: count }).estimates[count];
      if (e.high === null) continue;
      const shown = `${RARE_METRICS[count]}: rare [${e.low * 1000}, ${e.high * 1000}], plain [${interval.low}, ${interval.high}]`;
      expect(e.low * 1000, shown).toBeLessThanOrEqual(interval.high);
      expect(e.high * 1000, shown).toBeGreaterThanOrEqual(interval.low);
    }
  });
});
