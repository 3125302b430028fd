// How `idemsim presets` writes a preset's values: as a scenario file writes them, an
// additive jitter's pair with units like every other duration.
import { describe, expect, it } from 'vitest';
import { fieldText } from '../../../src/report/presets/list.js';
import { durationLiteral } from '../../../src/scenario/units.js';

describe('fieldText', () => {
  it('writes an additive jitter as durations, a proportional one as factors', () => {
    expect(fieldText('client.backoff.jitter', { additive: [0, 1000] }, durationLiteral)).toBe(
      '{ additive: [0ms, 1s] }',
    );
    expect(fieldText('client.backoff.jitter', { proportional: [0.75, 1] }, durationLiteral)).toBe(
      '{ proportional: [0.75, 1] }',
    );
  });
});
