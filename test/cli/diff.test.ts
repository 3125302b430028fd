// `idemsim diff BASE NEW...`: the --fail-on parser, the command called in-process (inputs,
// gates, exit codes, messages), the real binary, and the GitHub Actions job of docs/ci.md
// run step by step against the built binary.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cli } from '../../src/cli/main.js';
import { loadScenarios } from '../../src/cli/load.js';
import { Worse } from '../../src/model/diff.js';
import { diffMetric, moverInterval } from '../../src/stats/diff.js';
import { scopeNoneExpectations } from '../../src/analytic/index.js';
import { closedFormInputs } from '../../src/analytic/inputs.js';
import { parseFailOn } from '../../src/scenario/fail-on.js';
import { simulate } from '../../src/sim/simulate.js';
import { renderJson } from '../../src/report/run/json.js';
import { defaultsRun } from '../report/fixture.js';
import { extendedRun } from '../report/extended-fixture.js';
import { BIN, ROOT, idemsim, requireBuild } from './binary.js';
import { ERROR_LINE, captured, lines } from './sinks.js';

const SCENARIO = 'scenarios/refunds-3-intent-key.yaml';
/** Enough actions for retries 3 -> 0 to move unknownPerThousand decisively, few enough to be quick. */
const ACTIONS = '3000';
/** NEW as BASE but for the seed, under one gate: a change of the random draws only. */
const SEED_ONLY = ['--actions', ACTIONS, '--seed', '2', '--fail-on', 'unknownPerThousand=+1'];

function workspace(): string {
  return mkdtempSync(join(tmpdir(), 'idemsim-diff-'));
}

async function run(args: readonly string[], cwd = ROOT) {
  const ctx = captured({ cwd });
  const code = await cli(['diff', ...args], ctx);
  return { code, out: ctx.out.text, err: ctx.err.text };
}

/** A saved baseline of `files` at ACTIONS actions, written to `dir/name`; its path. */
async function baseline(dir: string, files: readonly string[], name = 'base.json'): Promise<string> {
  const ctx = captured();
  expect(await cli(['run', ...files, '--actions', ACTIONS, '--format', 'json'], ctx)).toBe(0);
  const path = join(dir, name);
  writeFileSync(path, ctx.out.text);
  return path;
}

function parsed(text: string) {
  const outcome = parseFailOn(text);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.failOn;
}

function refused(text: string): string {
  const outcome = parseFailOn(text);
  if (outcome.ok) throw new Error(`expected ${text} to be refused`);
  return outcome.message;
}

describe('--fail-on METRIC=+X', () => {
  it('reads the tolerance in the unit of the metric, as expect: does', () => {
    expect(parsed('duplicatesPerThousand=+0.1')).toEqual({
      metric: 'duplicatesPerThousand',
      worse: Worse.increase,
      tolerance: 0.1,
      relative: false,
      text: 'duplicatesPerThousand=+0.1',
    });
    expect(parsed('latency.call.p95=+200ms').tolerance).toBe(200);
    expect(parsed('latency.call.p95=+1.5s').tolerance).toBe(1500);
    expect(parsed('keyStore.steadyStateBytes=+10MB').tolerance).toBe(10_000_000);
  });

  it('reads -X as a decrease that is worse', () => {
    expect(parsed('dedupHitRate=-0.02')).toMatchObject({ worse: Worse.decrease, tolerance: 0.02, relative: false });
  });

  it('reads X% as relative to the base value, and Xpp as percentage points of a share', () => {
    expect(parsed('latency.call.p95=+10%')).toMatchObject({ tolerance: 0.1, relative: true });
    expect(parsed('dedupHitRate=-2pp')).toMatchObject({ tolerance: 0.02, relative: false });
  });

  it('names an unknown metric and suggests the closest one', () => {
    expect(refused('duplicatesPerThousnd=+0.1')).toBe(
      "--fail-on duplicatesPerThousnd=+0.1: unknown metric 'duplicatesPerThousnd'; did you mean 'duplicatesPerThousand'?",
    );
  });

  it('asks for a sign, since a tolerance alone does not say which way is worse', () => {
    expect(refused('duplicatesPerThousand=0.1')).toBe(
      '--fail-on duplicatesPerThousand=0.1: say which way is worse with a sign: duplicatesPerThousand=+0.1 fails on an increase, duplicatesPerThousand=-0.1 on a decrease',
    );
  });

  it('refuses a malformed or out-of-place tolerance, in one line', () => {
    const messages = [
      refused('duplicatesPerThousand<=0.1'),
      refused('duplicatesPerThousand=+'),
      refused('duplicatesPerThousand=+-1'),
      refused('duplicatesPerThousand=+2pp'),
      refused('latency.call.p95=+2 H'),
      refused('keyStore.steadyStateBytes=+ten'),
    ];
    expect(messages[0]).toMatch(/^--fail-on duplicatesPerThousand<=0\.1: write METRIC=\+X /);
    expect(messages[2]).toContain('is negative');
    expect(messages[3]).toContain("'pp' (percentage points) is for shares");
    expect(messages[4]).toContain('units are case-sensitive');
    for (const message of messages) {
      expect(message).toMatch(/^--fail-on [^:]+: /);
      expect(message).not.toContain('\n');
    }
  });
});

describe('idemsim diff (in-process)', () => {
  it('exits 0 on two runs of the same scenario at different seeds', async () => {
    const dir = workspace();
    const base = await baseline(dir, [SCENARIO]);
    const r = await run([base, SCENARIO, ...SEED_ONLY]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(lines(r.out).at(-1)).toMatch(
      /^pass: no gate failed in 1 scenario \(\d passed, \d undecided\); false-alarm rate 5% for the 1 gate$/,
    );
  });

  it('exits 1 when client.retries goes from 3 to 0 under --fail-on unknownPerThousand=+1', async () => {
    // The premise, from the simulation itself: the change's whole interval lies far above +1.
    const [before, after] = [[], ['client.retries=0']].map((sets) => {
      const [loaded] = loadScenarios([SCENARIO], [`actions=${ACTIONS}`, ...sets], ROOT);
      if (loaded === undefined) throw new Error('no scenario');
      expect(loaded.scenario.client.retries).toBe(sets.length === 0 ? 3 : 0);
      return simulate(loaded.scenario);
    });
    if (before === undefined || after === undefined) throw new Error('no runs');
    const metric = 'unknownPerThousand';
    const [bi, ai] = [before.intervals[metric], after.intervals[metric]];
    if (bi === undefined || ai === undefined) throw new Error(`${metric} has no interval`);
    // Both runs are on the scenario's seed with the same actions: the change is paired.
    const paired = diffMetric(metric, 'perThousand', before, after);
    expect(paired.paired?.df).toBe(49);
    const change = paired.interval as NonNullable<typeof paired.interval>;
    expect(change.high - change.low).toBeLessThan(
      (({ low, high }) => high - low)(moverInterval(before.metrics[metric], bi, after.metrics[metric], ai)),
    );
    expect(change.low).toBeGreaterThan(10);

    const dir = workspace();
    const base = await baseline(dir, [SCENARIO]);
    const args = [
      base,
      SCENARIO,
      '--actions',
      ACTIONS,
      '--set',
      'client.retries=0',
      '--fail-on',
      'unknownPerThousand=+1',
    ];
    const r = await run([...args, '--format', 'json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(1);
    const document = JSON.parse(r.out) as {
      passed: boolean;
      scenarios: { gates: { verdict: string }[]; metrics: { metric: string; interval: unknown; design: string }[] }[];
    };
    expect(document.passed).toBe(false);
    expect(document.scenarios[0]?.gates[0]?.verdict).toBe('fail');
    const row = document.scenarios[0]?.metrics.find((m) => m.metric === metric);
    expect(row?.design).toBe('paired');
    const reported = row?.interval as typeof change;
    expect(reported.low).toBeCloseTo(change.low, 9);
    expect(reported.high).toBeCloseTo(change.high, 9);
  });

  it('compares two scenario files, applying --set to NEW only', async () => {
    const r = await run([SCENARIO, SCENARIO, '--actions', ACTIONS, '--fail-on', 'duplicatesPerThousand=+0']);
    // BASE keeps the file's 200,000 actions; NEW runs ACTIONS of them.
    expect(r.out).toMatch(/\n {2}actions +200,000 +3,000 /);
    expect(r.out).toContain('with --set actions=3000 (simulated by idemsim');
    expect(r.code).toBe(0);
  });

  it('reads a report folder, or its summary.json, as a saved run', async () => {
    const cwd = workspace();
    const scenario = join(ROOT, SCENARIO);
    expect(await cli(['run', scenario, '--actions', '300', '--out', 'report'], captured({ cwd }))).toBe(0);
    for (const base of ['report', join('report', 'summary.json')]) {
      const r = await run([base, scenario, '--actions', '300', '--format', 'json'], cwd);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const document = JSON.parse(r.out) as {
        base: { files: string[] };
        scenarios: { metrics: { change: number }[] }[];
      };
      expect(document.base.files).toEqual([join('report', 'summary.json')]);
      expect(document.scenarios[0]?.metrics.every((m) => m.change === 0)).toBe(true);
    }
  });

  it('reads a saved run with a byte order mark, named .json or not, as a saved run', async () => {
    const dir = workspace();
    for (const name of ['marked.json', 'marked']) {
      const base = write(dir, name, `\uFEFF${runJson()}`);
      const r = await run([base, base, '--format', 'json'], dir);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect((JSON.parse(r.out) as { base: { files: string[] } }).base.files).toEqual([base]);
    }
  });

  it('lists a scenario present on one side only, and compares the rest', async () => {
    const dir = workspace();
    const base = await baseline(dir, [SCENARIO, 'scenarios/refunds-2-call-key.yaml']);
    const r = await run([base, SCENARIO, '--actions', ACTIONS, '--format', 'markdown']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('<summary>refunds-3-intent-key: all ');
    expect(r.out).toContain('only in base, not compared: refunds-2-call-key');
  });

  it('prints byte-identical output for the same arguments', async () => {
    const base = write(workspace(), 'base.json', runJson());
    const args = [base, SCENARIO, '--actions', '500', '--seed', '3', '--format', 'json'];
    const first = await run(args);
    expect(first.code).toBe(0);
    expect((await run(args)).out).toBe(first.out);
  });

  it('describes its semantics in --help', async () => {
    const ctx = captured();
    expect(await cli(['diff', '--help'], ctx)).toBe(0);
    const help = ctx.out.text.replace(/\s+/g, ' ');
    expect(help).toContain("Newcombe's MOVER method");
    expect(help).toContain('a comparison with no real change fails any gate with probability at most 5%');
    expect(help).toContain('or is undecided, with the smallest change it would detect');
    for (const flag of ['--fail-on <METRIC=+X>', '--false-alarm <rate>', '--until-decided', '--max-actions <n>']) {
      expect(help).toContain(flag);
    }
    expect(ctx.out.text.split('\n').every((line) => line.length <= 80)).toBe(true);
  });
});

describe('idemsim diff: bad input is one line and exit 2', () => {
  const cases: [string, (dir: string) => string[], RegExp][] = [
    [
      'an unknown --fail-on metric',
      () => [SCENARIO, SCENARIO, '--fail-on', 'unknwnPerThousand=+1'],
      /did you mean 'unknownPerThousand'\?$/,
    ],
    ['an unreadable BASE', (dir) => [join(dir, 'missing.json'), SCENARIO], /missing\.json: cannot read: no such file$/],
    [
      'a JSON file that is not a saved run',
      (dir) => [write(dir, 'scenario.json', '{"name": "x"}'), SCENARIO],
      /scenario\.json:1:1: runs: missing: not the result of a run; write one with/,
    ],
    ['a folder without summary.json', (dir) => [dir, SCENARIO], /: a folder without summary\.json; name a saved run/],
    [
      'no scenario in common',
      () => [SCENARIO, 'scenarios/slow-service.yaml', '--actions', '200'],
      /^diff: no scenario of NEW \(slow-service\) has the name of one in BASE \(refunds-3-intent-key\)/,
    ],
    [
      'a gate no scenario can judge',
      () => [SCENARIO, SCENARIO, '--actions', '200', '--fail-on', 'duplicates=+5'],
      /^--fail-on duplicates=\+5: duplicates is what one run saw, with no interval/,
    ],
    [
      '--seed when NEW is a saved run',
      (dir) => [SCENARIO, write(dir, 'b.json', runJson()), '--seed', '2'],
      /^diff: --set, --seed and --actions change NEW's scenario files/,
    ],
    [
      'NEW mixing a saved run and a scenario',
      (dir) => [SCENARIO, write(dir, 'b.json', runJson()), SCENARIO],
      /^NEW: name one saved run .* not several or both/,
    ],
    [
      'a gate on a metric the baseline does not carry',
      (dir) => [
        write(dir, 'old.json', withoutMetric('unknownPerThousand')),
        SCENARIO,
        '--actions',
        '200',
        '--fail-on',
        'unknownPerThousand=+1',
      ],
      /^--fail-on unknownPerThousand=\+1: BASE does not carry unknownPerThousand \(saved by an idemsim without it\?\)/,
    ],
    [
      'an invalid scenario',
      (dir) => [SCENARIO, write(dir, 'bad.yaml', 'client:\n  retries: -1\n')],
      /bad\.yaml:2:\d+: /,
    ],
    [
      'an unknown --format',
      () => [SCENARIO, SCENARIO, '--format', 'html'],
      /^--format: unknown format 'html'; choose table, markdown or json$/,
    ],
  ];

  it.each(cases)('%s', async (_, args, message) => {
    const dir = workspace();
    const r = await run(args(dir));
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(lines(r.err)).toHaveLength(1);
    expect(lines(r.err)[0]).toMatch(ERROR_LINE);
    expect(lines(r.err)[0]).toMatch(message);
    expect(r.err).not.toContain('    at ');
  });
});

function write(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

let savedRunJson: string | undefined;
/** A small saved run of SCENARIO, made once. */
function runJson(): string {
  savedRunJson ??= idemsimRunJson();
  return savedRunJson;
}

/** The saved run as an older idemsim without `metric` would have written it. */
function withoutMetric(metric: string): string {
  const document = JSON.parse(runJson()) as {
    runs: { metrics: Record<string, unknown>; intervals: Record<string, unknown> }[];
  };
  for (const run of document.runs) {
    delete run.metrics[metric];
    delete run.intervals[metric];
  }
  return JSON.stringify(document);
}

function idemsimRunJson(): string {
  const [loaded] = loadScenarios([SCENARIO], ['actions=200'], ROOT);
  if (loaded === undefined) throw new Error('no scenario');
  const result = simulate(loaded.scenario);
  return JSON.stringify({ idemsim: 'test', runs: [{ scenario: { name: loaded.scenario.name }, ...result }] });
}

describe('idemsim diff: one side without the extended metrics', () => {
  /** A summary saved before the extended metrics (or of a basic scenario), and the same name run with them. */
  function sides(): string {
    const dir = workspace();
    writeFileSync(join(dir, 'old.json'), renderJson([defaultsRun()], '0.1.0'));
    writeFileSync(join(dir, 'new.json'), renderJson([extendedRun('article-defaults')], '0.2.0'));
    return dir;
  }

  it('compares the other metrics and leaves the extended ones out', async () => {
    const { code, out, err } = await run(['old.json', 'new.json'], sides());
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toContain('duplicatesPerThousand');
    expect(out).not.toContain('serverCrashes');
  });

  it('leaves the extended metrics out when a basic scenario file is simulated against a saved run', async () => {
    const dir = workspace();
    const base = await baseline(dir, [SCENARIO]);
    const { code, out } = await run([base, SCENARIO, '--actions', ACTIONS, '--format', 'json']);
    expect(code).toBe(0);
    expect(out).not.toContain('serverCrashes');
    expect(out).not.toContain('peakKeysAt');
  });
});

describe('idemsim diff: gates judged as a family', () => {
  it('fails a regression of +1 duplicate per thousand with --until-decided, and says how far it sized the runs', async () => {
    // The premise, from the closed form of scope none (explain): a reply loss of 2.094% instead
    // of 2% adds 1.0 duplicate per thousand actions to the article's defaults.
    const file = 'scenarios/article-defaults.yaml';
    const [before, after] = [[], ['network.replyLoss=0.02094']].map((sets) => {
      const [loaded] = loadScenarios([file], sets, ROOT);
      if (loaded === undefined) throw new Error('no scenario');
      return 1000 * scopeNoneExpectations(closedFormInputs(loaded.scenario)).duplicates;
    });
    expect((after as number) - (before as number)).toBeCloseTo(1, 1);
    const gates = ['duplicatesPerThousand=+0.1', 'unknownPerThousand=+1', 'latency.call.p95=+10%'];
    const args = [file, file, '--set', 'network.replyLoss=0.02094', ...gates.flatMap((g) => ['--fail-on', g])];
    // At the file's 4,000 actions the change cannot be told from noise: the gate is undecided.
    const once = await run([...args, '--format', 'json']);
    const gateOf = (text: string) =>
      (JSON.parse(text) as { scenarios: { gates: { metric: string; verdict: string }[] }[] }).scenarios[0]?.gates[0];
    expect(gateOf(once.out)?.verdict).toBe('undecided');
    const sized = await run([...args, '--until-decided', '--format', 'json']);
    expect(sized.code).toBe(1);
    expect(gateOf(sized.out)).toMatchObject({ metric: 'duplicatesPerThousand', verdict: 'fail' });
    expect(sized.err).toMatch(/^article-defaults: [\d,]+ actions \(\d+ runs\), every gate decided\n$/);
    // Both sides on the file's seed: the change is paired, and decided at fewer actions than
    // the same regression on another seed, compared as two independent runs.
    const design = (text: string): string | undefined =>
      (
        JSON.parse(text) as { scenarios: { metrics: { metric: string; design: string | null }[] }[] }
      ).scenarios[0]?.metrics.find((m) => m.metric === 'duplicatesPerThousand')?.design ?? undefined;
    const actionsOf = (err: string): number => Number((/: ([\d,]+) actions/.exec(err)?.[1] ?? '').replace(/,/g, ''));
    expect(design(sized.out)).toBe('paired');
    const apart = await run([...args, '--seed', '2', '--until-decided', '--format', 'json']);
    expect(apart.code).toBe(1);
    expect(design(apart.out)).toBe('independent');
    expect(actionsOf(sized.err)).toBeLessThan(actionsOf(apart.err));
  });

  it('with --until-decided against a saved baseline, stops where the baseline’s own interval leaves a gate open', async () => {
    // The baseline saw no duplicate in 3,000 actions: its own interval reaches 1.2 per
    // thousand, so no number of NEW's actions shows a change within +0.1; NEW is not grown.
    const base = await baseline(workspace(), [SCENARIO]);
    const r = await run([
      base,
      SCENARIO,
      '--actions',
      ACTIONS,
      '--set',
      'network.replyLoss=0.02094',
      '--fail-on',
      'duplicatesPerThousand=+0.1',
      '--until-decided',
    ]);
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      `refunds-3-intent-key: 3,000 actions (1 run), 1 gate still undecided: the saved side's own interval leaves it open (save it with more actions)\n`,
    );
  });

  it('judges the gates at the --false-alarm rate given, and says so', async () => {
    const base = await baseline(workspace(), [SCENARIO]);
    const r = await run([base, SCENARIO, ...SEED_ONLY, '--false-alarm', '1%']);
    expect(r.code).toBe(0);
    expect(lines(r.out).at(-1)).toMatch(/false-alarm rate 1% for the 1 gate$/);
  });

  it('refuses a false-alarm rate outside (0, 50%], or without a gate, and --until-decided it cannot use, each in one line', async () => {
    const base = await baseline(workspace(), [SCENARIO]);
    const cases: [string[], RegExp][] = [
      [['--fail-on', 'unknownPerThousand=+1', '--false-alarm', '0'], /^--false-alarm 0: .* above 0 and at most 50%/],
      [['--fail-on', 'unknownPerThousand=+1', '--false-alarm', '60%'], /^--false-alarm 60%: /],
      [['--fail-on', 'unknownPerThousand=+1', '--false-alarm', 'often'], /^--false-alarm often: /],
      [['--false-alarm', '5%'], /^--false-alarm sets how the --fail-on gates are judged: add a --fail-on gate$/],
      [['--until-decided'], /^--until-decided .*: add a --fail-on gate$/],
      [['--max-actions', '100000', '--fail-on', 'unknownPerThousand=+1'], /^--max-actions caps --until-decided/],
    ];
    for (const [flags, message] of cases) {
      const r = await run([base, SCENARIO, '--actions', ACTIONS, ...flags]);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(lines(r.err), flags.join(' ')).toHaveLength(1);
      expect(r.err.trim(), flags.join(' ')).toMatch(message);
    }
    const saved = await run([base, base, '--until-decided', '--fail-on', 'unknownPerThousand=+1']);
    expect(saved.code).toBe(2);
    expect(saved.err).toMatch(/both sides are saved runs: name scenario files/);
  });
});

describe('idemsim diff (binary)', () => {
  beforeAll(requireBuild);

  it('exits 0, 1 and 2 as documented', () => {
    const dir = workspace();
    const base = join(dir, 'base.json');
    const saved = idemsim(['run', SCENARIO, '--actions', ACTIONS, '--format', 'json']);
    expect(saved.status).toBe(0);
    writeFileSync(base, saved.stdout);
    const same = idemsim(['diff', base, SCENARIO, ...SEED_ONLY]);
    expect(same.stderr).toBe('');
    expect(same.status).toBe(0);
    const fewer = idemsim([
      'diff',
      base,
      SCENARIO,
      '--actions',
      ACTIONS,
      '--set',
      'client.retries=0',
      '--fail-on',
      'unknownPerThousand=+1',
      '--format',
      'markdown',
    ]);
    expect(fewer.status).toBe(1);
    expect(lines(fewer.stdout)[0]).toMatch(
      /^\*\*idemsim diff\*\* ❌ FAIL: 1 of 1 gate failed \(unknownPerThousand=\+1 in refunds-3-intent-key\)/,
    );
    const bad = idemsim(['diff', base, SCENARIO, '--fail-on', 'unknownPerThousand']);
    expect(bad.status).toBe(2);
    expect(lines(bad.stderr)).toHaveLength(1);
  });
});

describe('docs/ci.md', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');

  it('holds a workflow that parses and runs check --strict --until-decided --junit and diff --format markdown', () => {
    const workflow = workflowOf(doc);
    const runs = workflow.steps.map((s) => s.run ?? '').join('\n');
    expect(runs).toMatch(/npx idemsim check .*--strict --until-decided --junit idemsim-junit\.xml/);
    expect(runs).toMatch(/npx idemsim diff idemsim\/baseline\.json idemsim\/\*\.yaml/);
    expect(runs).toContain('--format markdown > idemsim-diff.md');
    expect(runs).toMatch(/gh pr comment .* --body-file idemsim-diff\.md/);
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
  });

  it('passes when nothing changed, and posts the table', () => {
    const job = runWorkflow(doc, mkdtempSync(join(tmpdir(), 'idemsim-ci-')));
    expect(job.failed, job.log).toBe(false);
    expect(job.comment.split('\n')[0]).toMatch(/^\*\*idemsim diff\*\* ✅ pass: /);
    expect(job.summary).toBe(job.comment);
    expect(readFileSync(join(job.dir, 'idemsim-junit.xml'), 'utf8')).toContain('<testsuite');
  });

  it('fails when the pull request drops the retries, after posting the table', () => {
    const job = runWorkflow(doc, mkdtempSync(join(tmpdir(), 'idemsim-ci-')), (text) =>
      text.replace('retries: 3', 'retries: 0'),
    );
    expect(job.failed, job.log).toBe(true);
    expect(job.steps['Fail when a gated metric got worse']).toBe('failed');
    expect(job.comment.split('\n')[0]).toMatch(/^\*\*idemsim diff\*\* ❌ FAIL: .*unknownPerThousand=\+1 in refunds/);
    const jq = /\n(npx idemsim diff [^\n]*\\\n *\| jq [^\n]*)\n/.exec(doc)?.[1];
    expect(jq).toBeDefined();
    if (spawnSync('jq', ['--version']).status === 0) {
      const listed = job.shell(jq ?? 'false');
      expect(listed.stdout).toBe('refunds: unknownPerThousand=+1\n');
    }
  });

  it('its local example fails (exit 1) as it says', () => {
    const dir = mkdtempSync(join(tmpdir(), 'idemsim-ci-'));
    mkdirSync(join(dir, 'idemsim'));
    const scenario = /```yaml\n# idemsim\/refunds\.yaml\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    writeFileSync(join(dir, 'idemsim', 'refunds.yaml'), scenario);
    const command = /\nnpx idemsim (diff idemsim\/refunds\.yaml [^\n]*\\\n[^\n]*)\n/.exec(doc)?.[1] ?? '';
    const args = command.replace('\\\n', ' ').trim().split(/\s+/);
    expect(args).toContain('client.retries=0');
    expect(idemsim(args, dir).status).toBe(1);
  });
});

// The GitHub Actions job of docs/ci.md, run here step by step: `uses:` steps and `npm ci`
// are skipped, `npx idemsim` is the built binary, `gh` records the comment it would post,
// and `if:` conditions are evaluated for the few forms the job uses.

interface Step {
  name?: string;
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  'continue-on-error'?: boolean;
}

interface Workflow {
  on: unknown;
  permissions: unknown;
  steps: Step[];
}

function workflowOf(doc: string): Workflow {
  const text = /```yaml\n(# \.github\/workflows\/idemsim\.yml\n[\s\S]*?)```/.exec(doc)?.[1];
  if (text === undefined) throw new Error('docs/ci.md: no workflow block');
  const document = parse(text) as Workflow & { jobs: Record<string, { 'runs-on': string; steps: Step[] }> };
  const job = document.jobs['idemsim'];
  if (job === undefined) throw new Error('docs/ci.md: no idemsim job');
  expect(job['runs-on']).toBe('ubuntu-latest');
  return { on: document.on, permissions: document.permissions, steps: job.steps };
}

type StepOutcome = 'success' | 'failed' | 'skipped';

interface Job {
  dir: string;
  failed: boolean;
  steps: Record<string, StepOutcome>;
  comment: string;
  summary: string;
  log: string;
  /** Runs a command in the job's folder and environment, as a later step would. */
  shell: (text: string) => { status: number | null; stdout: string; stderr: string };
}

/** A shell script for `bash -e`, as the runner writes a `run:` step, with the job's expressions filled in. */
function script(run: string): string {
  const text = run
    .replaceAll('${{ github.event.pull_request.number }}', '7')
    .replaceAll('${{ github.repository }}', 'owner/repo');
  expect(text).not.toContain('${{');
  return text;
}

/** Whether a step runs: no `if:` means "no step failed so far", as on GitHub. */
function condition(expression: string | undefined, failed: boolean, outputs: Record<string, string>): boolean {
  if (expression === undefined) return !failed;
  const js = expression
    .replace(/^\$\{\{\s*|\s*\}\}$/g, '')
    .replaceAll('!cancelled()', 'true')
    .replace(/steps\.diff\.outputs\.code/g, JSON.stringify(outputs['code'] ?? ''))
    .replaceAll('==', '===');
  expect(js).toMatch(/^[\s\w'"!&|()=]*$/);
  return new Function(`return (${js});`)() as boolean;
}

function runWorkflow(doc: string, dir: string, change: (scenario: string) => string = (s) => s): Job {
  const scenario = /```yaml\n(# idemsim\/refunds\.yaml\n[\s\S]*?)```/.exec(doc)?.[1] ?? '';
  mkdirSync(join(dir, 'idemsim'));
  writeFileSync(join(dir, 'idemsim', 'refunds.yaml'), scenario);
  const bin = join(dir, '.bin');
  mkdirSync(bin);
  const stub = (name: string, text: string): void => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${text}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  stub('npx', `if [ "$1" = idemsim ]; then shift; exec "${process.execPath}" "${BIN}" "$@"; fi\nexit 127`);
  stub('gh', 'while [ $# -gt 0 ]; do if [ "$1" = --body-file ]; then cp "$2" "$GH_COMMENT"; fi; shift; done');
  const env = {
    ...process.env,
    PATH: `${bin}:${process.env['PATH'] ?? ''}`,
    NO_COLOR: undefined,
    GITHUB_OUTPUT: join(dir, '.output'),
    GITHUB_STEP_SUMMARY: join(dir, '.summary'),
    GH_COMMENT: join(dir, '.comment'),
  };
  const bash = (text: string) => spawnSync('bash', ['-e', '-c', text], { cwd: dir, env, encoding: 'utf8' });
  const saved = bash(
    /\n(npx idemsim run idemsim\/\*\.yaml --format json > idemsim\/baseline\.json)\n/.exec(doc)?.[1] ?? 'false',
  );
  expect(saved.status, saved.stderr).toBe(0);
  writeFileSync(join(dir, 'idemsim', 'refunds.yaml'), change(scenario));

  let failed = false;
  let log = '';
  const steps: Record<string, StepOutcome> = {};
  for (const step of workflowOf(doc).steps) {
    const name = step.name ?? step.run ?? step.uses ?? '';
    const outputs = existsSync(env.GITHUB_OUTPUT) ? parseOutputs(readFileSync(env.GITHUB_OUTPUT, 'utf8')) : {};
    if (step.run === undefined || step.run === 'npm ci' || !condition(step.if, failed, outputs)) {
      steps[name] = 'skipped';
      continue;
    }
    const result = bash(script(step.run));
    log += `${name}: exit ${String(result.status)}\n${result.stderr}`;
    steps[name] = result.status === 0 ? 'success' : 'failed';
    if (result.status !== 0 && step['continue-on-error'] !== true) failed = true;
  }
  const read = (path: string): string => (existsSync(path) ? readFileSync(path, 'utf8') : '');
  return {
    dir,
    failed,
    steps,
    comment: read(env.GH_COMMENT),
    summary: read(env.GITHUB_STEP_SUMMARY),
    log,
    shell: bash,
  };
}

function parseOutputs(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}
