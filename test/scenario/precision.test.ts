import { describe, expect, it } from 'vitest';
import { parsePrecision } from '../../src/scenario/precision.js';

describe('parsePrecision', () => {
  it('reads a relative width as a percentage of the value', () => {
    expect(parsePrecision('duplicatesPerThousand=10%')).toEqual({
      ok: true,
      goal: { metric: 'duplicatesPerThousand', halfWidth: 0.1, relative: true, text: 'duplicatesPerThousand=10%' },
    });
  });

  it("reads an absolute width in the metric's unit", () => {
    expect(parsePrecision('duplicatesPerThousand=0.02')).toMatchObject({
      ok: true,
      goal: { halfWidth: 0.02, relative: false },
    });
    expect(parsePrecision('latency.call.p95=50ms')).toMatchObject({
      ok: true,
      goal: { halfWidth: 50, relative: false },
    });
    expect(parsePrecision('latency.call.p95=1.5s')).toMatchObject({ ok: true, goal: { halfWidth: 1500 } });
  });

  it.each([
    ['duplicatesPerThousand', 'write METRIC=WIDTH'],
    ['duplicatesPerThousnd=10%', "did you mean 'duplicatesPerThousand'?"],
    ['duplicates=10%', 'no interval to narrow'],
    ['latency.call.max=5ms', 'no interval to narrow'],
    ['duplicatesPerThousand=0', 'must be above 0'],
    ['duplicatesPerThousand=0%', 'a percentage above 0'],
    ['duplicatesPerThousand=-1', ''],
    ['latency.call.p95=fast', ''],
  ])('refuses %s with one line', (text, words) => {
    const outcome = parsePrecision(text);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.message.startsWith(`--precision ${text}: `)).toBe(true);
    expect(outcome.message).not.toContain('\n');
    expect(outcome.message).toContain(words);
  });
});
