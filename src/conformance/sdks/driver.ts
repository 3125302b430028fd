// A driver runs one SDK's real retry code under a script: one call, through the fake
// transport, on the fake clock, with Math.random seeded. `observe` sets that up for all.
import { withFakeClock, withSeededRandom } from '../fake-clock.js';
import type { Observed, Script } from '../script.js';
import { fakeTransport, type Fetch, type TransportOptions } from '../transport.js';

/** One SDK (or a stack of two) under the scripts of script.ts. */
export interface SdkDriver {
  /** idemsim preset this driver checks, or a stack name like 'langgraph(openai)' / 'ai(openai)' */
  name: string;
  /** npm packages it loads (to report name@version, and to say which is missing) */
  packages: readonly string[];
  /** per-attempt timeout (ms) the driver configures, when the SDK has none by default (or the SDK default) */
  timeout: number;
  run(script: Script, seed: number): Promise<Observed>;
}

/** An Observed call, with what it threw when it failed (for tests that pin the error too). */
export interface Run extends Observed {
  error?: unknown;
}

/** The replies of one SDK's service: a 200 it accepts, and an error body. */
export type Replies = Pick<TransportOptions, 'ok' | 'error'>;

/**
 * Runs `call` (one SDK call through `fetch`) under `script` on a fresh fake clock, with
 * Math.random seeded by `seed`. `timeout` is the client's per-attempt timeout, which places
 * a late reply.
 */
export function observe(
  script: Script,
  seed: number,
  timeout: number,
  replies: Replies,
  call: (fetch: Fetch) => Promise<unknown>,
): Promise<Run> {
  return withSeededRandom(seed, async () => {
    let sends: number[] = [];
    const settled = await withFakeClock((clock) => {
      const transport = fakeTransport({ script, clock, timeout, ...replies });
      sends = transport.sends;
      return call(transport.fetch);
    });
    return settled.ok ? { sends, result: 'ok' } : { sends, result: 'error', error: settled.error };
  });
}
