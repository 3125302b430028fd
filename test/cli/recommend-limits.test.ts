// recommend counts its first grid before building it: a search that would start from more
// than 10,000 points (ten --vary dimensions of three values took 4.4 GB, then aborted) is
// refused at once, in one line with exit 2.
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured, lines } from './sinks.js';

const PATHS = [
  'client.timeout=1s,2s,3s',
  'client.retries=0,1,2',
  'client.backoff.base=100ms,200ms,400ms',
  'keys.retention=1m,5m,10m',
  'network.replyLoss=0,0.01,0.02',
  'network.requestLoss=0,0.01,0.02',
  'service.errorRate=0,0.01,0.02',
  'arrivals.rate=10,20,50',
  'service.latency.median=100ms,200ms,300ms',
  'service.latency.sigma=0.5,0.8,1',
];

describe('recommend refuses a search too big to start', () => {
  it('ten --vary dimensions of three values: one line, exit 2, before simulating anything', async () => {
    const ctx = captured();
    const args = ['recommend', '--target', 'duplicatesPerThousand<=1', ...PATHS.flatMap((p) => ['--vary', p])];
    expect(await cli(args, ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual([
      'recommend: the search would start from 177,147 points (the ends and middle of each ordered dimension, every value of the others); it takes at most 10,000: vary fewer dimensions or values, or --fix some',
    ]);
    expect(ctx.out.text).toBe('');
  });
});
