// What the lab's worker computes, checked in Node against the CLI itself: the page's JSON is
// `idemsim run --format json` byte for byte, the YAML it offers runs back to the same JSON,
// the missions are the files of scenarios/missions/ with the knobs their descriptions
// allow, and every star can be won (and is judged on intervals, like `check`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compute, starsOf, type LabRequest } from '../../src/lab/compute.js';
import { KNOBS, knobAt, optionsWith } from '../../src/lab/knobs.js';
import { MISSIONS } from '../../src/lab/missions.js';
import { decodeState, encodeState, setsOf } from '../../src/lab/state.js';
import { storyOf } from '../../src/lab/story.js';
import { scriptJson } from '../../src/lab/html.js';
import { VERSION } from '../../src/cli/version.js';
import { metricInfo } from '../../src/model/metrics.js';
import { defaultsWithSets } from '../../src/scenario/index.js';
import { inProcess } from '../cli/in-process.js';
import { ROOT } from '../cli/binary.js';

const request = (base: LabRequest['base'], sets: string[] = [], mission: string | null = null): LabRequest => ({
  id: 1,
  base,
  sets,
  rows: 4000,
  mission,
  version: VERSION,
});

function answered(r: LabRequest) {
  const a = compute(r);
  if (!a.ok) throw new Error(a.errors.join('\n'));
  return a;
}

const missionBase = (id: string) => {
  const file = `scenarios/missions/${id}.yaml`;
  return { text: readFileSync(join(ROOT, file), 'utf8'), file };
};

const setArgs = (sets: readonly string[]): string[] => sets.flatMap((s) => ['--set', s]);

describe('the page computes what idemsim run prints', () => {
  it.each([
    [[] as string[]],
    [['keys.scope=intent']],
    [
      [
        'keys.scope=call',
        'client.timeout=2s',
        'agent.crash.probability=0.05',
        'agent.crash.resumeDelay={ min: 2m, max: 20m }',
      ],
    ],
  ])('the defaults with %j', async (sets) => {
    const page = answered(request(null, sets));
    const cli = await inProcess(['run', ...setArgs(sets), '--format', 'json']);
    expect(cli.status).toBe(0);
    expect(page.json).toBe(cli.stdout);
  });

  it.each(MISSIONS.map((m) => m.id))('%s, as its file', async (id) => {
    const page = answered(request(missionBase(id), [], id));
    const cli = await inProcess(['run', `scenarios/missions/${id}.yaml`, '--format', 'json']);
    expect(page.json).toBe(cli.stdout);
  });

  it('gives a YAML file that runs back to the same JSON (round trip)', async () => {
    const sets = ['keys.scope=intent', 'keys.retention=10m', 'client.retries=5', 'network.replyLoss=0.05', 'seed=7'];
    const page = answered(request(missionBase('mission-2'), sets, 'mission-2'));
    const again = answered(request({ text: page.yaml, file: 'copied.yaml' }, []));
    expect(again.json).toBe(page.json);
  });

  it('draws the first 4,000 actions and no more', () => {
    const page = answered(request(missionBase('mission-1'), [], 'mission-1'));
    expect(page.actions).toBe(20_000);
    expect(page.trace).toHaveLength(4000);
    expect(page.trace.map((t) => t.action)).toEqual(Array.from({ length: 4000 }, (_, i) => i));
  });

  it('shows the headline with intervals, as the terminal table writes them', async () => {
    const page = answered(request(null));
    const table = (await inProcess(['run'])).stdout;
    const duplicates = page.headline.find((r) => r.label === 'duplicates / 1000');
    expect(duplicates?.interval).toMatch(/^\[.+, .+\]$/);
    expect(table).toContain(`${duplicates?.value} ${duplicates?.interval}`);
    expect(page.headline.map((r) => r.label)).not.toContain('  per day');
  });

  it("answers a bad --set with the loader's own FILE:LINE:COL message", () => {
    const a = compute(request(null, ['client.timeout=fast']));
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.errors[0]).toMatch(/^--set client\.timeout=fast:\d+:\d+: /);
  });
});

describe('missions', () => {
  it.each(MISSIONS.map((m) => [m.id, m] as const))('%s allows the knobs its file says may change', (id, mission) => {
    const description = missionBase(id).text.replace(/\s+/g, ' ');
    const said = /You may change (.+?)\. Check with/.exec(description)?.[1] ?? '';
    const named = [...said.matchAll(/(keys|client)\.[A-Za-z.]+/g)].map((m) => m[0]);
    // `client.backoff` in prose is the backoff knob, its base.
    expect(mission.allowed.map((p) => p.replace('client.backoff.base', 'client.backoff')).sort()).toEqual(
      named.filter((p) => p !== 'keys.transactional').sort(),
    );
    for (const path of mission.allowed) expect(knobAt(path)).toBeDefined();
  });

  it('are listed in the guide with every star as the page words it', () => {
    const guide = readFileSync(join(ROOT, 'docs/guide/lab.md'), 'utf8').replace(/\s+/g, ' ');
    for (const m of MISSIONS) for (const star of m.stars) expect(guide).toContain(star.label);
  });

  it('judges stars with metrics of the catalogue', () => {
    for (const m of MISSIONS)
      for (const star of m.stars)
        for (const metric of Object.keys(star.expect)) expect(metricInfo(metric)).toBeDefined();
  });

  // A configuration that wins all three stars, within each mission's allowed knobs: the
  // stars are reachable, and each tier is judged on its interval.
  const THREE_STARS: Record<string, string[]> = {
    'mission-1': ['keys.scope=intent', 'client.timeout=2s'],
    'mission-2': ['keys.scope=intent', 'keys.retention=10m', 'client.timeout=5s', 'client.retries=1'],
    'mission-3': ['keys.retention=30m'],
    'mission-4': ['client.timeout=4s', 'client.retries=2'],
  };

  it.each(MISSIONS.map((m) => m.id))('%s: fails as shipped, three stars are winnable', (id) => {
    const start = answered(request(missionBase(id), [], id));
    expect(starsOf(start.judgements)).toBe(0);
    expect(start.judgements[0]?.rows.some((r) => r.verdict === 'fail')).toBe(true);
    const sets = THREE_STARS[id] as string[];
    const allowed = MISSIONS.find((m) => m.id === id)?.allowed ?? [];
    for (const s of sets) {
      const [path, text] = [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)];
      expect(allowed).toContain(path);
      // Winnable in the page: every value is one its knob offers.
      expect(knobAt(path)?.options.map((o) => o.text)).toContain(text);
    }
    const won = answered(request(missionBase(id), sets, id));
    expect(won.judgements.map((j) => j.rows.map((r) => r.verdict))).toEqual(
      won.judgements.map((j) => j.rows.map(() => 'pass')),
    );
    expect(starsOf(won.judgements)).toBe(3);
  });

  it('agrees with idemsim check on the goal', async () => {
    const page = answered(request(missionBase('mission-1'), ['keys.scope=intent'], 'mission-1'));
    const check = await inProcess(['check', 'scenarios/missions/mission-1.yaml', '--set', 'keys.scope=intent']);
    expect(starsOf(page.judgements) >= 1).toBe(check.status === 0);
    expect(check.status).toBe(0);
  });

  it('counts stars in order: a later tier without the goal wins nothing', () => {
    const pass = { verdict: 'pass' } as never;
    const fail = { verdict: 'fail' } as never;
    expect(
      starsOf([
        { tier: 0, rows: [fail] },
        { tier: 1, rows: [pass] },
        { tier: 2, rows: [pass] },
      ]),
    ).toBe(0);
    expect(
      starsOf([
        { tier: 0, rows: [pass] },
        { tier: 1, rows: [fail] },
        { tier: 2, rows: [pass] },
      ]),
    ).toBe(1);
    expect(
      starsOf([
        { tier: 0, rows: [pass, pass] },
        { tier: 1, rows: [pass] },
      ]),
    ).toBe(2);
  });
});

describe('knobs', () => {
  it('read the default scenario as one of their options, and each option loads', () => {
    const defaults = defaultsWithSets([]);
    if (!defaults.ok) throw new Error('defaults');
    for (const knob of KNOBS) {
      const current = knob.read(defaults.scenario);
      expect(
        knob.options.map((o) => o.value),
        knob.path,
      ).toContain(current.value);
      for (const option of knob.options) {
        const loaded = defaultsWithSets([`${knob.path}=${option.text}`]);
        expect(loaded.ok, `${knob.path}=${option.text}`).toBe(true);
        if (loaded.ok) expect(knob.read(loaded.scenario).value, `${knob.path}=${option.text}`).toBe(option.value);
      }
    }
  });

  it("place a file's own value among the listed ones", () => {
    const timeout = knobAt('client.timeout');
    if (timeout === undefined) throw new Error('no timeout knob');
    const labels = optionsWith(timeout, { value: '750', text: '750ms', label: '750 ms' }).map((o) => o.label);
    expect(labels.indexOf('750 ms')).toBe(labels.indexOf('600 ms') + 1);
    expect(optionsWith(timeout, timeout.options[0] as never)).toHaveLength(timeout.options.length);
  });
});

describe('the address', () => {
  it('round-trips a mission and the knobs moved, in the knobs order', () => {
    const state = { mission: 'mission-2', sets: { 'client.timeout': '5s', 'keys.scope': 'intent' } };
    const decoded = decodeState(encodeState(state)).state;
    expect(decoded.mission).toBe('mission-2');
    expect(setsOf(decoded)).toEqual(['keys.scope=intent', 'client.timeout=5s']);
  });

  it('drops, in a mission, a knob it locks: a link cannot win it with one', () => {
    const { state, ignored } = decodeState(
      '#mission=mission-3&keys.scope=business&agent.crash.probability=0&keys.retention=30m',
    );
    expect(state).toEqual({ mission: 'mission-3', sets: { 'keys.retention': '30m' } });
    expect(ignored.sort()).toEqual(['agent.crash.probability', 'keys.scope']);
  });

  it('ignores and names what is not a knob or a mission', () => {
    const { state, ignored } = decodeState('#mission=mission-9&actions=1000000000&keys.scope=call&__proto__=x');
    expect(state).toEqual({ mission: null, sets: { 'keys.scope': 'call' } });
    expect(ignored.sort()).toEqual(['__proto__', 'actions', 'mission'].sort());
  });
});

describe('the page', () => {
  it("tells an action's story, its duplicate included", () => {
    const page = answered(request(null));
    const twice = page.trace.find((t) => t.commits === 2);
    expect(twice).toBeDefined();
    const story = storyOf(twice as never);
    expect(story).toMatch(/^Action \d+\. Call 1, the tool call\. Attempt 1 sent at 0 ms /);
    expect(story).toContain('AGAIN');
    expect(story).toMatch(/It ran 2 times: 1 duplicate\.$/);
  });

  it('embeds its configuration so that no text can close the script element', () => {
    const text = scriptJson({ name: '</script><script>alert(1)</script><!--', line: '\u2028' });
    expect(text).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!--', line: '\u2028' });
  });
});
