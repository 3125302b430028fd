// `idemsim init [FILE]`: a starter file with every field at its default and a comment each,
// that loads to exactly the defaults, written whole or not at all, never over a file
// without --force.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { alreadyExists } from '../../src/io/file.js';
import { PUBLISHED_SCHEMA, init, schemaRefFor } from '../../src/cli/init.js';
import { VERSION } from '../../src/cli/version.js';
import { cli } from '../../src/cli/main.js';
import { FIELDS, GROUPS } from '../../src/model/fields.js';
import { defaultScenario, formatIssue, loadScenario } from '../../src/scenario/index.js';
import { captured, lines } from './sinks.js';

const SCHEMA = fileURLToPath(new URL('../../schema/scenario.schema.json', import.meta.url));
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const fresh = (): string => mkdtempSync(join(tmpdir(), 'idemsim-init-'));

/** The `$schema=` reference on a written file's first line. */
function schemaLine(path: string): string {
  const first = readFileSync(path, 'utf8').split('\n')[0] ?? '';
  return /^# yaml-language-server: \$schema=(.+)$/.exec(first)?.[1] ?? '';
}

function loaded(path: string) {
  const outcome = loadScenario(readFileSync(path, 'utf8'), path);
  if (!outcome.ok) expect.fail(outcome.issues.map(formatIssue).join('\n'));
  return outcome.scenario;
}

describe('idemsim init', () => {
  it('writes scenario.yaml by default, which loads to exactly the defaults but for its name', () => {
    const cwd = fresh();
    const ctx = captured({ cwd });
    expect(init(undefined, {}, ctx)).toBe(0);
    expect(loaded(join(cwd, 'scenario.yaml'))).toEqual({ ...defaultScenario(), name: 'scenario' });
    expect(lines(ctx.out.text)).toEqual([
      'scenario.yaml: written, every field at its default; check it with `npx idemsim validate scenario.yaml`',
    ]);
  });

  it('names the scenario after the file', () => {
    const cwd = fresh();
    mkdirSync(join(cwd, 'runs'));
    expect(init('runs/refunds.v2.yaml', {}, captured({ cwd }))).toBe(0);
    expect(loaded(join(cwd, 'runs/refunds.v2.yaml'))).toEqual({ ...defaultScenario(), name: 'refunds.v2' });
  });

  it('writes every field with its one-line doc above it, and every group with its doc', () => {
    const cwd = fresh();
    init(undefined, {}, captured({ cwd }));
    const text = readFileSync(join(cwd, 'scenario.yaml'), 'utf8').split('\n');
    for (const field of FIELDS) {
      const key = field.path.split('.').pop() as string;
      // An optional field is commented out (inside a commented-out group, its doc is too).
      const at = text.findIndex((line, i) => {
        const bare = (l: string | undefined): string => (l ?? '').trim().replace(/^# {0,3}(?=\S)/, '');
        if (field.optional !== true)
          return line.trim().startsWith(`${key}:`) && text[i - 1]?.trim() === `# ${field.doc}`;
        return (
          line.trim().startsWith('#') &&
          bare(line).startsWith(`${key}:`) &&
          [text[i - 1]?.trim(), bare(text[i - 1])].includes(`# ${field.doc}`)
        );
      });
      expect(at, field.path).toBeGreaterThan(0);
    }
    for (const doc of Object.values(GROUPS)) expect(text).toContainEqual(expect.stringContaining(`# ${doc}`));
  });

  it('shows the optional fields commented out, so that uncommenting each block turns it on and still validates', () => {
    const cwd = fresh();
    init(undefined, {}, captured({ cwd }));
    const text = readFileSync(join(cwd, 'scenario.yaml'), 'utf8');
    expect(text).toContain('  # crash:\n  #   # chance an execution');
    expect(text).toContain('  # profile:\n  #   - { until: 30m, rate: 50 }\n  #   - { until: 40m, rate: 150 }\n');
    expect(text).toContain('# incidents:\n#   - { at: 10m, for: 5m, latencyFactor: 4, errorRate: 0.2 }\n');
    expect(text).toContain('  # lease: 90s\n');
    // What an editor's toggle-comment does: take `# ` off each commented-out line of YAML (a
    // key, a list item, or a doc comment inside a commented block), leaving plain docs alone.
    // The hedge example needs retries: 0, which the starter's client does not have: it is
    // the one block that only validates alone (its comment says so).
    expect(text).toMatch(/# hedge: .*# needs client\.retries: 0/);
    const uncommented = text
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('# hedge:'))
      .map((line) => line.replace(/^(\s*)# (?=\s*(?:[A-Za-z][\w.]*:(?: |$)|- |# ))/, '$1'))
      .join('\n');
    const outcome = loadScenario(uncommented, 'all.yaml');
    if (!outcome.ok) expect.fail(outcome.issues.map(formatIssue).join('\n'));
    expect(outcome.warnings).toEqual([]);
    const { scenario } = outcome;
    expect(scenario.service.crash).toEqual({ probability: 0.01, afterEffect: 0.5 });
    expect(scenario.keys).toMatchObject({ transactional: false, lease: 90_000, leaseRenewal: true });
    expect(scenario.arrivals.profile).toHaveLength(2);
    expect(scenario.incidents).toHaveLength(1);
    expect(scenario.agent.checkFirst).toEqual({ probability: 0.5, latency: 200 });
    expect(scenario.report.interval).toBe(60_000);
    expect(scenario.client.preset).toBe('openai');
    expect(scenario.client.throttle).toEqual({ capacity: 500, retryCost: 5, timeoutCost: 10, successRefill: 1 });
    expect(scenario.client.budget).toEqual({ percent: 20, minConcurrency: 3 });
    expect(Object.keys(scenario.expect)).toEqual(['duplicatesPerThousand', 'latency.call.p95']);
  });

  it('points YAML editors at the installed schema of a project that installed idemsim, relative to the file', () => {
    const cwd = fresh();
    const installed = join(cwd, 'node_modules', 'idemsim', 'schema', 'scenario.schema.json');
    mkdirSync(dirname(installed), { recursive: true });
    writeFileSync(installed, '{}\n');
    mkdirSync(join(cwd, 'deep'));
    init('deep/s.yaml', {}, captured({ cwd }));
    const ref = schemaLine(join(cwd, 'deep/s.yaml'));
    expect(ref).toBe('../node_modules/idemsim/schema/scenario.schema.json');
    expect(resolve(join(cwd, 'deep'), ref)).toBe(installed);
  });

  it("inside idemsim's own repository, points at its schema/ folder, relative to the file", () => {
    expect(schemaRefFor(join(REPO, 'scenarios'))).toBe('../schema/scenario.schema.json');
    expect(resolve(join(REPO, 'scenarios/missions'), schemaRefFor(join(REPO, 'scenarios/missions')))).toBe(SCHEMA);
  });

  it('anywhere else, points at the schema published with this version, not into wherever idemsim was unpacked', () => {
    const cwd = fresh();
    init(undefined, {}, captured({ cwd }));
    expect(schemaLine(join(cwd, 'scenario.yaml'))).toBe(PUBLISHED_SCHEMA);
    expect(PUBLISHED_SCHEMA).toBe(`https://unpkg.com/idemsim@${VERSION}/schema/scenario.schema.json`);
  });

  it('takes another schema reference with --schema', async () => {
    const cwd = fresh();
    expect(await cli(['init', '--schema', 'https://example.test/s.json'], captured({ cwd }))).toBe(0);
    expect(readFileSync(join(cwd, 'scenario.yaml'), 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=https:\/\/example\.test\/s\.json\n/,
    );
  });

  it('refuses to overwrite an existing file without --force: exit 2, one line, the file untouched', async () => {
    const cwd = fresh();
    writeFileSync(join(cwd, 'scenario.yaml'), 'actions: 7\n');
    const ctx = captured({ cwd });
    expect(await cli(['init'], ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual([alreadyExists('scenario.yaml')]);
    expect(ctx.err.text).toContain('pass --force to overwrite it');
    expect(readFileSync(join(cwd, 'scenario.yaml'), 'utf8')).toBe('actions: 7\n');
    expect(readdirSync(cwd)).toEqual(['scenario.yaml']);
  });

  it('overwrites with --force', async () => {
    const cwd = fresh();
    writeFileSync(join(cwd, 'x.yaml'), 'actions: 7\n');
    expect(await cli(['init', 'x.yaml', '--force'], captured({ cwd }))).toBe(0);
    expect(loaded(join(cwd, 'x.yaml')).actions).toBe(defaultScenario().actions);
  });

  it('leaves no temporary file behind, whether it wrote or failed', async () => {
    const cwd = fresh();
    await cli(['init'], captured({ cwd }));
    await cli(['init'], captured({ cwd }));
    await cli(['init', '--force'], captured({ cwd }));
    expect(readdirSync(cwd)).toEqual(['scenario.yaml']);
  });

  it('reports a missing directory or a directory in the way, exit 2', () => {
    const cwd = fresh();
    mkdirSync(join(cwd, 'taken.yaml'));
    const ctx = captured({ cwd });
    expect(init('no/such/dir.yaml', {}, ctx)).toBe(2);
    expect(init('taken.yaml', { force: true }, ctx)).toBe(2);
    expect(lines(ctx.err.text)).toEqual([
      'no/such/dir.yaml: cannot write: its directory does not exist',
      'taken.yaml: cannot write: is a directory',
    ]);
    expect(existsSync(dirname(join(cwd, 'no/such/dir.yaml')))).toBe(false);
  });
});
