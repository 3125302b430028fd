/// <reference lib="dom" />
// The lab page in a real browser (Debian's chromium, driven by playwright-core), written by
// the real binary with --out and served by it with --serve: every result the page shows must
// be what `idemsim run --format json` prints for the same scenario, byte for byte, whether it
// came from the defaults, a knob, a link, a mission or a file; the page must work from the
// keyboard alone and fit a phone's width.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, idemsim, requireBuild } from '../cli/binary.js';

/** What a wait for the page may take: a page load and a 20,000-action mission on a busy CI machine. */
const WAIT = 20_000;
/** Where the layout test saves its two screenshots, when set (for the docs). */
const SHOTS = process.env['LAB_SCREENSHOTS'];
/** Every folder the file makes, removed at its end. */
const made: string[] = [];

function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'idemsim-lab-'));
  made.push(dir);
  return dir;
}

let browser: Browser;
let folder: string;
let fileUrl: string;
let served: Server;

/** `idemsim run ARGS --format json`'s stdout, from `cwd`; a failed run fails the test. */
function runJson(args: readonly string[], cwd: string = ROOT): string {
  const { status, stdout, stderr } = idemsim(['run', ...args, '--format', 'json'], cwd);
  expect(status, stderr).toBe(0);
  return stdout;
}

interface Opened {
  page: Page;
  /** Console errors and uncaught exceptions, as they happen. */
  problems: string[];
}

/** A page at `url` that has shown its first result (or failed the test with what it showed instead). */
async function open(context: BrowserContext, url: string): Promise<Opened> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url);
  await settled(page, undefined);
  return { page, problems };
}

async function revision(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.getElementById('lab-result')?.dataset['revision']);
}

/** Waits for the result after `before` (or an error), and fails with the page's errors on an error. */
async function settled(page: Page, before: string | undefined): Promise<void> {
  await page.waitForFunction(
    (before) => {
      const state = document.body.dataset['state'];
      return (
        state === 'error' ||
        (state === 'ready' && document.getElementById('lab-result')?.dataset['revision'] !== before)
      );
    },
    before,
    { timeout: WAIT },
  );
  const state = await page.evaluate(() => document.body.dataset['state']);
  expect(state, (await page.locator('#errors').textContent()) ?? '').toBe('ready');
}

/** Does `act` (a change of knob, mission or address) and waits for the page's new result. */
async function change(page: Page, act: () => Promise<unknown>): Promise<void> {
  const before = await revision(page);
  await act();
  await settled(page, before);
}

/**
 * Where two JSON documents differ by more than 1e-9 relative, path by path: a different
 * scenario or count, as against the last bits of a double.
 */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)) ? [] : [`${path}: ${a} vs ${b}`];
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].flatMap((key) =>
      differences(x[key], y[key], `${path}.${key}`),
    );
  }
  return Object.is(a, b) ? [] : [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
}

/**
 * The page's result must be run's stdout byte for byte. The values are compared first, to
 * 1e-9, so a failure says which it is: another scenario or count (this stops the test), or
 * only the last bits of some doubles (the browser's Math.exp, log or cos are not Node's;
 * a soft failure, so the test's other checks still run and report).
 */
function expectSameRun(shown: string, printed: string): void {
  expect(
    differences(JSON.parse(shown), JSON.parse(printed)),
    'the page and idemsim run differ beyond rounding',
  ).toEqual([]);
  expect.soft(shown, 'the page and idemsim run agree to 1e-9 but not byte for byte').toBe(printed);
}

async function labResult(page: Page): Promise<string> {
  return (await page.locator('#lab-result').textContent()) ?? '';
}

function duplicates(json: string): number {
  return (
    (JSON.parse(json) as { runs: { metrics: { duplicates: number } }[] }).runs[0]?.metrics.duplicates ?? Number.NaN
  );
}

const knob = (page: Page, path: string) => page.locator(`#knobs [name="${path}"]`);
const knobOutput = (page: Page, path: string) => page.locator(`#knobs [name="${path}"] ~ output`);

/**
 * Moves a slider with arrow keys only until its output reads `label` (right first, then
 * left): the test need not know the knob's option list, as a keyboard user does not.
 */
async function turnTo(page: Page, path: string, label: string): Promise<void> {
  const input = knob(page, path);
  await input.focus();
  const max = Number(await input.getAttribute('max'));
  for (const [key, end] of [
    ['ArrowRight', max],
    ['ArrowLeft', 0],
  ] as const) {
    while ((await knobOutput(page, path).textContent()) !== label && Number(await input.inputValue()) !== end) {
      await page.keyboard.press(key);
    }
  }
  expect(await knobOutput(page, path).textContent()).toBe(label);
}

interface Server {
  child: ChildProcess;
  /** The one line it printed: http://127.0.0.1:PORT/ */
  url: string;
  /** All it has printed on stdout so far. */
  stdout: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `idemsim lab ARGS` and resolves once it has printed its address. */
function startServer(args: readonly string[]): Promise<Server> {
  const child = spawn(process.execPath, [BIN, 'lab', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exit = new Promise<Awaited<Server['exit']>>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve({ child, url: stdout.split('\n')[0] as string, stdout: () => stdout, exit });
    });
    void exit.then((end) =>
      reject(
        new Error(`idemsim lab ${args.join(' ')} ended (${end.code ?? end.signal}) before its address: ${stderr}`),
      ),
    );
  });
}

beforeAll(async () => {
  requireBuild();
  folder = tempFolder();
  const written = idemsim(['lab', '--out', join(folder, 'page')]);
  expect(written.status, written.stderr).toBe(0);
  fileUrl = pathToFileURL(join(folder, 'page', 'index.html')).href;
  [browser, served] = await Promise.all([launchChromium(), startServer(['--serve'])]);
});

afterAll(async () => {
  await browser?.close();
  // The server's own test stops it; this is for a file that failed before that test ran.
  if (served !== undefined && served.child.exitCode === null && served.child.signalCode === null)
    served.child.kill('SIGTERM');
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('idemsim lab in a browser: the page shows what idemsim run prints', () => {
  it.each([
    ['from disk (file://, written with --out)', () => fileUrl],
    ['from --serve (http://127.0.0.1)', () => served.url],
  ])("%s it shows the defaults' result, byte for byte as run --format json, without an error", async (_where, url) => {
    const context = await browser.newContext();
    const { page, problems } = await open(context, url());
    const shown = await labResult(page);
    expectSameRun(shown, runJson([]));
    // The defaults have no key: the picture is worth looking at only if they show duplicates.
    expect(duplicates(shown)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the key scope menu set to intent shows run --set keys.scope=intent: no duplicates, and the address holds it', async () => {
    const context = await browser.newContext();
    const { page, problems } = await open(context, fileUrl);
    const before = Number(await revision(page));
    await change(page, () => knob(page, 'keys.scope').selectOption('intent'));
    expect(Number(await revision(page))).toBeGreaterThan(before);
    const shown = await labResult(page);
    expectSameRun(shown, runJson(['--set', 'keys.scope=intent']));
    expect(duplicates(shown)).toBe(0);
    expect(new URL(page.url()).hash).toContain('keys.scope=intent');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a slider moved with the keyboard alone (focus, ArrowRight) shows run --set client.retries=4', async () => {
    const context = await browser.newContext();
    const { page, problems } = await open(context, fileUrl);
    await expect(knobOutput(page, 'client.retries').textContent()).resolves.toBe('3');
    await change(page, async () => {
      await knob(page, 'client.retries').focus();
      await page.keyboard.press('ArrowRight');
    });
    expect(await knobOutput(page, 'client.retries').textContent()).toBe('4');
    expectSameRun(await labResult(page), runJson(['--set', 'client.retries=4']));
    expect(new URL(page.url()).hash).toBe('#client.retries=4');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Tab from the top reaches the mission, every knob, the buttons and the picture, whose rows ArrowDown tells', async () => {
    const context = await browser.newContext();
    const { page, problems } = await open(context, fileUrl);
    const reached: string[] = [];
    for (let i = 0; i < 60 && reached.at(-1) !== 'picture-scroll'; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(
          () => (document.activeElement as HTMLInputElement).name || document.activeElement?.id || '',
        ),
      );
    }
    const knobs = await page
      .locator('#knobs [name]')
      .evaluateAll((all) => all.map((e) => (e as HTMLInputElement).name));
    expect(knobs).toHaveLength(14);
    expect(reached[0]).toBe('mission');
    for (const stop of [...knobs, 'reset', 'copy-yaml', 'download-yaml', 'copy-link', 'picture-scroll'])
      expect(reached).toContain(stop);
    // In reading order: the mission, the knobs, the buttons, then the picture.
    expect(reached.indexOf(knobs[0] as string)).toBeGreaterThan(reached.indexOf('mission'));
    expect(reached.indexOf('reset')).toBeGreaterThan(reached.indexOf(knobs.at(-1) as string));
    expect(await page.locator('#story').textContent()).not.toMatch(/^Action/);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#story').textContent()).toMatch(/^Action 1\. Call 1, the tool call\./);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#story').textContent()).toMatch(/^Action 2\./);
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('#story').textContent()).toMatch(/^Action 1\./);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the pointer over a row tells that row's action", async () => {
    const context = await browser.newContext();
    const { page, problems } = await open(context, fileUrl);
    const box = await page.locator('#picture').boundingBox();
    expect(box).not.toBeNull();
    // Row 11 (index 10) at the default 5 px rows, under the 26 px axis (src/lab/draw.ts).
    await page.mouse.move((box?.x ?? 0) + 100, (box?.y ?? 0) + 26 + 10 * 5 + 2);
    expect(await page.locator('#story').textContent()).toMatch(/^Action 11\./);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the scenario YAML the page gives, saved and run, prints the page's result byte for byte", async () => {
    const context = await browser.newContext();
    const { page, problems } = await open(context, fileUrl);
    await change(page, () => knob(page, 'keys.scope').selectOption('payload'));
    await change(page, () => turnTo(page, 'service.latency.median', '1.2 s median (×4)'));
    await change(page, () => turnTo(page, 'seed', '3'));
    const yaml = await page.locator('#scenario-yaml').inputValue();
    const file = join(folder, 'round-trip.yaml');
    writeFileSync(file, yaml);
    const shown = await labResult(page);
    const fromFile = runJson([file]);
    expectSameRun(shown, fromFile);
    // The file is the scenario the knobs made, whatever the engine: both runs here are Node's.
    expect(fromFile).toBe(
      runJson(['--set', 'keys.scope=payload', '--set', 'service.latency.median=1.2s', '--set', 'seed=3']),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Download YAML saves the same text as the page's scenario YAML", async () => {
    const context = await browser.newContext();
    const { page, problems } = await open(context, fileUrl);
    await change(page, () => knob(page, 'keys.scope').selectOption('call'));
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT }),
      page.locator('#download-yaml').click(),
    ]);
    expect(download.suggestedFilename()).toBe('article-defaults.yaml');
    const saved = readFileSync(await download.path(), 'utf8');
    expect(saved).toBe(await page.locator('#scenario-yaml').inputValue());
    expect(saved).toMatch(/^ {2}scope: call$/m);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Copy as scenario YAML puts the page's scenario YAML on the clipboard", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(served.url).origin });
    const { page, problems } = await open(context, served.url);
    await page.locator('#copy-yaml').click();
    await expect.poll(() => page.locator('#copy-status').textContent(), { timeout: WAIT }).toMatch(/^Copied\./);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await page.locator('#scenario-yaml').inputValue(),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a link shares the state: #keys.scope=call&client.timeout=2s opens on run --set of both, the knobs showing them', async () => {
    const context = await browser.newContext();
    const { page, problems } = await open(context, `${fileUrl}#keys.scope=call&client.timeout=2s`);
    expectSameRun(await labResult(page), runJson(['--set', 'keys.scope=call', '--set', 'client.timeout=2s']));
    expect(await knob(page, 'keys.scope').inputValue()).toBe('call');
    expect(await knobOutput(page, 'client.timeout').textContent()).toBe('2 s');
    // And a new fragment on the open page changes it too.
    await change(page, () => page.evaluate(() => (location.hash = '#seed=2')));
    expectSameRun(await labResult(page), runJson(['--set', 'seed=2']));
    expect(await knob(page, 'keys.scope').inputValue()).toBe('none');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('idemsim lab in a browser: refusals', () => {
  it('a link whose value the loader refuses shows why, no result, usable knobs, and Reset recovers', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${fileUrl}#keys.scope=nonsense`);
    await page.waitForFunction(() => document.body.dataset['state'] === 'error', null, { timeout: WAIT });
    await expect(page.locator('#errors').textContent()).resolves.toMatch(
      /^the knob keys\.scope=nonsense:\d+:\d+: keys\.scope: /,
    );
    await expect(page.locator('#lab-result').textContent()).resolves.toBe('');
    await expect(page.locator('#timing').textContent()).resolves.toBe('');
    // Every slider has its options, so the arrows move it.
    expect(Number(await knob(page, 'client.retries').getAttribute('max'))).toBeGreaterThan(0);
    await change(page, () => page.locator('#reset').click());
    expectSameRun(await labResult(page), runJson([]));
    await expect(page.locator('#errors').isHidden()).resolves.toBe(true);
    await context.close();
  });

  it('a link to a mission moves only the knobs it allows, and names the others it left out', async () => {
    const context = await browser.newContext();
    const url = `${fileUrl}#mission=mission-3&keys.scope=business&agent.crash.probability=0&keys.retention=30m`;
    const { page, problems } = await open(context, url);
    expectSameRun(await labResult(page), runJson(['scenarios/missions/mission-3.yaml', '--set', 'keys.retention=30m']));
    await expect(page.locator('#notes').textContent()).resolves.toContain(
      "The link's keys.scope, agent.crash.probability were left out: not a knob this page turns in this mission.",
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('idemsim lab in a browser: missions', () => {
  it('mission 1 opens failing as idemsim check judges it, locks the knobs it does not allow, and is won with an intent key and a 2 s timeout', async () => {
    const mission = 'scenarios/missions/mission-1.yaml';
    const context = await browser.newContext();
    const { page, problems } = await open(context, served.url);
    await change(page, () => page.locator('#mission').selectOption('mission-1'));
    expectSameRun(await labResult(page), runJson([mission]));
    expect(idemsim(['check', mission]).status).toBe(1);
    await expect(page.locator('#mission-verdict').getAttribute('data-verdict')).resolves.toBe('fail');
    await expect(page.locator('#mission-stars').getAttribute('data-stars')).resolves.toBe('0');
    for (const locked of ['network.replyLoss', 'seed', 'keys.claim', 'agent.crash.probability'])
      await expect(knob(page, locked).isDisabled()).resolves.toBe(true);
    for (const allowed of ['keys.scope', 'keys.retention', 'client.retries', 'client.timeout', 'client.backoff.base'])
      await expect(knob(page, allowed).isEnabled()).resolves.toBe(true);

    await change(page, () => knob(page, 'keys.scope').selectOption('intent'));
    await change(page, () => turnTo(page, 'client.timeout', '2 s'));
    expect(new URL(page.url()).hash).toBe('#mission=mission-1&keys.scope=intent&client.timeout=2s');
    expectSameRun(
      await labResult(page),
      runJson([mission, '--set', 'keys.scope=intent', '--set', 'client.timeout=2s']),
    );
    await expect(page.locator('#mission-verdict').getAttribute('data-verdict')).resolves.toBe('pass');
    const won = Number(await page.locator('#mission-stars').getAttribute('data-stars'));
    expect(won).toBeGreaterThanOrEqual(1);
    const file = join(folder, 'mission-1-won.yaml');
    writeFileSync(file, await page.locator('#scenario-yaml').inputValue());
    expect(idemsim(['check', file]).status).toBe(0);
    const kept = await page.evaluate(
      () => JSON.parse(localStorage.getItem('idemsim-lab-stars') ?? '{}') as Record<string, number>,
    );
    expect(kept['mission-1']).toBe(won);

    // A new page in the same browser profile, the mission as it opens: 0 stars now, the best kept.
    const again = await open(context, `${served.url}#mission=mission-1`);
    await expect(again.page.locator('#mission-stars').getAttribute('data-stars')).resolves.toBe('0');
    await expect(again.page.locator('#mission-stars').getAttribute('data-best')).resolves.toBe(String(won));
    expect([...problems, ...again.problems]).toEqual([]);
    await context.close();
  });

  it('stars are kept per browser profile: a fresh one starts with none', async () => {
    const context = await browser.newContext();
    const { page, problems } = await open(context, `${served.url}#mission=mission-1`);
    await expect(page.locator('#mission-stars').getAttribute('data-best')).resolves.toBe('0');
    const kept = await page.evaluate(
      () => JSON.parse(localStorage.getItem('idemsim-lab-stars') ?? '{}') as Record<string, number>,
    );
    expect(kept['mission-1'] ?? 0).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('idemsim lab FILE', () => {
  it('opens the file given, and shows what idemsim run FILE prints from the same folder', async () => {
    const dir = tempFolder();
    // A value no knob lists (750 ms) must show as it is, between its neighbours.
    writeFileSync(
      join(dir, 'small.yaml'),
      'name: small\nseed: 7\nactions: 2000\nclient:\n  timeout: 750ms\nkeys:\n  scope: call\n',
    );
    const written = idemsim(['lab', 'small.yaml', '--out', 'page'], dir);
    expect(written.status, written.stderr).toBe(0);
    const context = await browser.newContext();
    const { page, problems } = await open(context, pathToFileURL(join(dir, 'page', 'index.html')).href);
    expectSameRun(await labResult(page), runJson(['small.yaml'], dir));
    expect(await knobOutput(page, 'client.timeout').textContent()).toBe('750 ms');
    await change(page, () => turnTo(page, 'client.timeout', '800 ms'));
    expectSameRun(await labResult(page), runJson(['small.yaml', '--set', 'client.timeout=800ms'], dir));
    expect(JSON.parse(readFileSync(join(dir, 'page', 'lab.json'), 'utf8'))).toMatchObject({
      lab: { scenario: 'small.yaml' },
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('idemsim lab: layout', () => {
  const sizes: [string, BrowserContextOptions][] = [
    ['desktop-1280x800', { viewport: { width: 1280, height: 800 } }],
    ['phone-390x844', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
  ];
  it.each(sizes)('at %s: no sideways scroll, the picture drawn, every knob reachable', async (name, options) => {
    const context = await browser.newContext(options);
    const { page, problems } = await open(context, fileUrl);
    const overflow = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.inner);
    await expect(page.locator('#picture').isVisible()).resolves.toBe(true);
    const canvas = await page.locator('#picture').evaluate((c) => ({
      width: (c as HTMLCanvasElement).width,
      height: (c as HTMLCanvasElement).height,
      css: c.getBoundingClientRect().width,
    }));
    expect(canvas.width).toBeGreaterThan(0);
    expect(canvas.height).toBeGreaterThan(0);
    expect(canvas.css).toBeLessThanOrEqual(overflow.inner);
    for (const control of await page.locator('#knobs [name]').all()) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(overflow.inner);
      await expect(control.isEnabled()).resolves.toBe(true);
    }
    if (SHOTS !== undefined) {
      mkdirSync(SHOTS, { recursive: true });
      // What a reader sees first, as the guide shows it (docs/guide/lab-*.png).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS, `lab-${name}.png`) });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('idemsim lab: refusals and weight', () => {
  it('neither --out nor --serve: exit 2 and one line', () => {
    const { status, stdout, stderr } = idemsim(['lab']);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/--out DIR.*--serve/);
  });

  it('a missing scenario file: exit 2, nothing written', () => {
    const out = join(folder, 'missing-page');
    const { status, stderr } = idemsim(['lab', 'missing.yaml', '--out', out]);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^missing\.yaml: /);
    expect(() => statSync(out)).toThrow();
  });

  it('an invalid scenario: exit 2 with FILE:LINE:COL, nothing written', () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'bad.yaml'), 'name: bad\nactions: 2000\nclient:\n  timeout: banana\n');
    const { status, stderr } = idemsim(['lab', 'bad.yaml', '--out', 'page'], dir);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^bad\.yaml:4:12: client\.timeout: /);
    expect(() => statSync(join(dir, 'page'))).toThrow();
  });

  it('the page (index.html and lab.js) weighs under 1,000,000 bytes', () => {
    const bytes = ['index.html', 'lab.js'].reduce((sum, name) => sum + statSync(join(folder, 'page', name)).size, 0);
    expect(bytes).toBeLessThan(1_000_000);
  });
});

describe('idemsim lab --serve', () => {
  it('serves the page, its script and lab.json only, on 127.0.0.1', async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(served.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toBe(readFileSync(join(folder, 'page', 'index.html'), 'utf8'));
    expect((await fetch(new URL('lab.js', served.url))).status).toBe(200);
    const summary = await fetch(new URL('lab.json', served.url));
    expect(summary.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await summary.text()).toBe(readFileSync(join(folder, 'page', 'lab.json'), 'utf8'));
    expect((await fetch(new URL('package.json', served.url))).status).toBe(404);
  });

  // As every idemsim command ends on a signal (src/io/signals.ts): by that signal, so a shell
  // sees 130 or 143 and a script that runs it in a loop stops.
  it('SIGINT (Ctrl+C) stops a server, which ends by that signal', async () => {
    const other = await startServer(['--serve']);
    other.child.kill('SIGINT');
    expect(await other.exit).toEqual({ code: null, signal: 'SIGINT' });
    expect(other.stdout()).toBe(`${other.url}\n`);
  });

  // Last in the file: the tests above use this server.
  it('SIGTERM stops the server, which ends by that signal, having printed its address and nothing else', async () => {
    served.child.kill('SIGTERM');
    expect(await served.exit).toEqual({ code: null, signal: 'SIGTERM' });
    expect(served.stdout()).toBe(`${served.url}\n`);
  });
});
