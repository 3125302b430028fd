// The harness itself: the fake clock comes off whatever the call did, the fake transport
// answers as the script says and records each send, and the registry names its packages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withFakeClock, withSeededRandom } from '../../src/conformance/fake-clock.js';
import { installedVersions, missingPackages, SDK_DRIVERS, sdkDriver } from '../../src/conformance/sdk-runs.js';
import { PRESETS } from '../../src/presets/presets.js';
import { fakeTransport, withFetchTimeout, abortSignalTimeout, type Fetch } from '../../src/conformance/transport.js';
import type { Script } from '../../src/conformance/script.js';

const REPLIES = { ok: () => ({ ok: true }), error: (status: number) => ({ status }) };

/** Runs `call` on the fake clock against a transport for `script`, returning the sends and the outcome. */
async function scripted(script: Script, call: (fetch: Fetch) => Promise<unknown>) {
  let sends: number[] = [];
  const settled = await withFakeClock((clock) => {
    const transport = fakeTransport({ script, clock, timeout: 1000, ...REPLIES });
    sends = transport.sends;
    return call(transport.fetch);
  });
  return { sends, settled };
}

describe('fake clock', () => {
  it('runs the timers of the call in order, at their fake times, and gives back the real ones', async () => {
    const realDate = Date;
    const realSetTimeout = setTimeout;
    const settled = await withFakeClock(async (clock) => {
      await new Promise((resolve) => setTimeout(resolve, 60_000));
      const first = clock.now();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return [first, clock.now()];
    });
    expect(settled).toEqual({ ok: true, value: [60_000, 60_500] });
    expect(Date).toBe(realDate);
    expect(setTimeout).toBe(realSetTimeout);
  });

  it('uninstalls after a call that throws, and says what it threw', async () => {
    const realSetTimeout = setTimeout;
    const settled = await withFakeClock(() => Promise.reject(new Error('boom')));
    expect(settled).toMatchObject({ ok: false, error: { message: 'boom' } });
    expect(setTimeout).toBe(realSetTimeout);
  });

  it('gives up on a call that neither settles nor sets a timer', async () => {
    await expect(withFakeClock(() => new Promise(() => {}))).rejects.toThrow('neither settled nor set a timer');
  });

  it('seeds Math.random for the body and puts the real one back', async () => {
    const real = Math.random;
    const draws = await withSeededRandom(3, async () => [Math.random(), Math.random()]);
    expect(await withSeededRandom(3, async () => [Math.random(), Math.random()])).toEqual(draws);
    expect(Math.random).toBe(real);
  });
});

describe('fake transport', () => {
  it('answers a status script at once, every time', async () => {
    const { sends, settled } = await scripted({ kind: 'status', status: 409 }, async (fetch) => {
      const statuses = [];
      for (let k = 0; k < 2; k += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        statuses.push((await fetch('https://x/')).status);
      }
      return statuses;
    });
    expect(sends).toEqual([100, 200]);
    expect(settled).toEqual({ ok: true, value: [409, 409] });
  });

  it('fails the first k, then answers 200 with the body', async () => {
    const { settled } = await scripted({ kind: 'failThenOk', failures: 1, status: 503 }, async (fetch) => {
      const first = await fetch('https://x/');
      const second = await fetch('https://x/');
      return [first.status, second.status, await second.json()];
    });
    expect(settled).toEqual({ ok: true, value: [503, 200, { ok: true }] });
  });

  it("never answers a timeout script: the request ends with the signal's reason", async () => {
    const { sends, settled } = await scripted({ kind: 'timeout' }, (fetch) =>
      withFetchTimeout(fetch, 5000, abortSignalTimeout)('https://x/'),
    );
    expect(sends).toEqual([0]);
    expect(settled).toMatchObject({ ok: false, error: { name: 'TimeoutError' } });
  });

  it("delivers a late reply lateBy after the client's timeout, to a client that has not aborted", async () => {
    const { settled } = await scripted({ kind: 'lateReply', lateBy: 250 }, async (fetch) => {
      const started = Date.now();
      const response = await fetch('https://x/');
      return [response.status, Date.now() - started];
    });
    expect(settled).toEqual({ ok: true, value: [200, 1250] });
  });

  it('drops the late reply of a request aborted at the timeout', async () => {
    const { settled } = await scripted({ kind: 'lateReply', lateBy: 250 }, (fetch) =>
      withFetchTimeout(fetch, 1000, abortSignalTimeout)('https://x/'),
    );
    expect(settled).toMatchObject({ ok: false, error: { name: 'TimeoutError' } });
  });
});

describe('SDK drivers', () => {
  it('check every preset they are named for, and the two stacks', () => {
    const names = SDK_DRIVERS.map((driver) => driver.name);
    expect(names).toEqual([
      'openai',
      'anthropic',
      'stripe',
      'aws-standard',
      'langgraph',
      'vercel-ai',
      'langgraph(openai)',
      'ai(openai)',
    ]);
    for (const name of names.slice(0, 6)) expect(Object.keys(PRESETS)).toContain(name);
    expect(sdkDriver('stripe')?.timeout).toBe(80_000);
  });

  it('find every package they load installed', async () => {
    expect(await missingPackages()).toEqual([]);
  });

  it('name a package that is not installed as missing', async () => {
    const ghost = { ...SDK_DRIVERS[0]!, packages: ['idemsim-no-such-package'] };
    expect(await missingPackages([ghost])).toEqual(['idemsim-no-such-package']);
  });

  it('report the versions package.json pins', () => {
    const pinned = (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies;
    const versions = installedVersions();
    expect(versions).toHaveLength(new Set(SDK_DRIVERS.flatMap((driver) => driver.packages)).size);
    for (const entry of versions) {
      const at = entry.lastIndexOf('@');
      expect(pinned[entry.slice(0, at)]).toBe(entry.slice(at + 1));
    }
  });
});
