// The two shipped ways to run a sweep's shards, run here as their engines would run them:
// the Kubernetes Indexed Job's script once per completion index, then the merge Job's; the
// GitHub Actions workflow's shard step once per matrix entry, its parts gathered as the
// download step gathers them, then the merge step. Each must end with what one process
// prints. The scripts are taken from the files as shipped; only where they run changes (a
// folder of the test's for the pods' volumes, a small copy of the scenario, and `idemsim`
// found on the PATH as a project that depends on idemsim finds it).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BIN, ROOT, idemsim, requireBuild } from './binary.js';

let dir: string;
/** A folder holding an `idemsim` that runs the built binary. */
let shim: string;

beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'idemsim-examples-'));
  shim = join(dir, 'bin');
  mkdirSync(shim);
  writeFileSync(join(shim, 'idemsim'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(shim, 'idemsim'), 0o755);
});

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** The examples' scenario, cut to a few hundred actions a point so that the test is quick. */
function smallScenario(to: string): void {
  const text = readFileSync(join(ROOT, 'scenarios', 'refunds-4-retention-1h.yaml'), 'utf8');
  expect(text).toMatch(/^actions: \d+$/m);
  mkdirSync(join(to, '..'), { recursive: true });
  writeFileSync(to, text.replace(/^actions: \d+$/m, 'actions: 300'));
}

/** Runs a shell script as the example's engine would, with `idemsim` on the PATH. */
function sh(script: string, env: Record<string, string>, cwd = dir): { status: number | null; stderr: string } {
  const result = spawnSync('/bin/sh', ['-c', script], {
    cwd,
    env: { ...process.env, ...env, PATH: `${shim}:${process.env['PATH'] ?? ''}`, NO_COLOR: '1' },
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr };
}

/** The --vary flags a script passes to `idemsim sweep`. */
function varies(script: string): string[] {
  return [...script.matchAll(/--vary (\S+)/g)].flatMap((m) => ['--vary', m[1] as string]);
}

/** Every file under `folder`, by its path inside it. */
function files(folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[path.slice(folder.length + 1)] = readFileSync(path, 'utf8');
  }
  return out;
}

/** What one process prints and writes for the same sweep: the answer the merges must give. */
function oneProcess(scenario: string, vary: string[], out: string): string {
  const whole = idemsim(['sweep', scenario, ...vary, '--quiet', '--format', 'json']);
  expect(whole.status).toBe(0);
  expect(idemsim(['sweep', scenario, ...vary, '--quiet', '--out', out]).status).toBe(0);
  return whole.stdout;
}

describe('examples/kubernetes: the Indexed Job, one pod per index, then the merge Job', () => {
  interface Job {
    spec: {
      completionMode?: string;
      completions?: number;
      template: {
        spec: {
          containers: { args: string[]; volumeMounts: { name: string; mountPath: string }[] }[];
          volumes: { name: string; configMap?: { name: string }; persistentVolumeClaim?: { claimName: string } }[];
        };
      };
    };
  }
  const job = (file: string): Job => parse(readFileSync(join(ROOT, 'examples', 'kubernetes', file), 'utf8')) as Job;
  /**
   * A pod's script, each mounted path moved to the test's folder for what is mounted there
   * (a claim, a ConfigMap): two Jobs share files only by mounting the same claim.
   */
  const script = (file: string, root: string): string => {
    const pod = job(file).spec.template.spec;
    const container = pod.containers[0];
    let text = container?.args[0] as string;
    for (const mount of container?.volumeMounts ?? []) {
      const volume = pod.volumes.find((v) => v.name === mount.name);
      const source = volume?.persistentVolumeClaim?.claimName ?? volume?.configMap?.name;
      expect(source, `${file}: volume ${mount.name}`).toBeDefined();
      text = text.replaceAll(`${mount.mountPath}/`, `${root}/${source}/`);
    }
    return text;
  };

  it('ends with the sweep one process prints, and the folder it writes', () => {
    const root = join(dir, 'k8s');
    // The ConfigMap of the README's step 2, its key scenario.yaml.
    const scenario = join(root, 'idemsim-scenario', 'scenario.yaml');
    smallScenario(scenario);
    const sweep = job('sweep-job.yaml');
    expect(sweep.spec.completionMode).toBe('Indexed');
    const completions = sweep.spec.completions as number;
    const shards = script('sweep-job.yaml', root);
    expect(shards).toContain(`--shard "$shard/${completions}"`);
    for (let index = 0; index < completions; index++) {
      const pod = sh(shards, { JOB_COMPLETION_INDEX: String(index) });
      expect(pod.stderr).toBe('');
      expect(pod.status).toBe(0);
    }
    const claim = join(root, 'idemsim-data');
    expect(readdirSync(join(claim, 'parts')).sort()).toEqual(['part-1.json', 'part-2.json', 'part-3.json']);

    const merge = sh(script('merge-job.yaml', root), {});
    expect(merge.stderr).toBe(`report written to ${claim}/report/index.html\n`);
    expect(merge.status).toBe(0);
    const want = oneProcess(scenario, varies(shards), join(root, 'whole'));
    expect(readFileSync(join(claim, 'sweep.json'), 'utf8')).toBe(want);
    expect(files(join(claim, 'report'))).toEqual(files(join(root, 'whole')));
  });

  it('a pod outside an Indexed Job stops at once, saying why', () => {
    const root = join(dir, 'k8s-plain');
    smallScenario(join(root, 'idemsim-scenario', 'scenario.yaml'));
    const pod = sh(script('sweep-job.yaml', root), { JOB_COMPLETION_INDEX: '' });
    expect(pod.status).not.toBe(0);
    expect(pod.stderr).toContain('missing: run this script in the pods of an Indexed Job');
  });
});

describe('examples/github-actions: the shard matrix, then the merge job', () => {
  interface Step {
    uses?: string;
    run?: string;
    env?: Record<string, string>;
    with?: Record<string, unknown>;
  }
  interface Workflow {
    on: { workflow_dispatch: { inputs: { scenario: { default: string } } } };
    jobs: Record<string, { strategy?: { matrix: { shard: number[] } }; steps: Step[]; needs?: string }>;
  }
  const workflow = parse(
    readFileSync(join(ROOT, 'examples', 'github-actions', 'sweep-shards.yml'), 'utf8'),
  ) as Workflow;
  /** `text` with its `${{ name }}` expressions replaced by `values`. */
  const fill = (text: string, values: Record<string, string>): string =>
    text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
      expect(values, `a value for ${name}`).toHaveProperty([name]);
      return values[name] as string;
    });
  /** The step of `job` that runs `command` or uses the action `uses`. */
  const find = (job: string, what: { command?: string; uses?: string }): Step => {
    const found = workflow.jobs[job]?.steps.find((s) =>
      what.command === undefined ? s.uses?.startsWith(what.uses ?? '') : s.run?.includes(what.command),
    );
    expect(found, `${job}: a step for ${JSON.stringify(what)}`).toBeDefined();
    return found as Step;
  };
  /** A step's script and environment, filled in. */
  const script = (
    job: string,
    command: string,
    values: Record<string, string>,
  ): { run: string; env: Record<string, string> } => {
    const found = find(job, { command });
    const env = Object.fromEntries(Object.entries(found.env ?? {}).map(([k, v]) => [k, fill(v, values)]));
    // The shipped steps run `npx idemsim` in a checkout of this repository; here idemsim is on the PATH.
    return { run: fill(found.run ?? '', values).replaceAll('npx idemsim', 'idemsim'), env };
  };
  /** An artifact pattern (download-artifact's glob) as a regular expression. */
  const glob = (pattern: string): RegExp =>
    new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replaceAll('*', '.*')
        .replaceAll('?', '.')}$`,
    );

  it('ends with the sweep one process prints, and the folder it writes', () => {
    const root = join(dir, 'gha');
    const scenario = join(root, 'scenario.yaml');
    smallScenario(scenario);
    expect(workflow.on.workflow_dispatch.inputs.scenario.default).toBe('scenarios/refunds-4-retention-1h.yaml');
    const matrix = workflow.jobs['shard']?.strategy?.matrix.shard as number[];
    expect(workflow.jobs['merge']?.needs).toBe('shard');
    // Each matrix entry runs on a runner of its own (a fresh folder) and uploads an artifact.
    const artifacts = new Map<string, { file: string; text: Buffer }>();
    let shardScript = '';
    for (const shard of matrix) {
      const runner = join(root, `runner-${shard}`);
      mkdirSync(runner);
      const values = { 'inputs.scenario': scenario, 'matrix.shard': String(shard) };
      const { run, env } = script('shard', 'idemsim sweep', values);
      shardScript = run;
      expect(shardScript).toContain(`--shard "$SHARD/${matrix.length}"`);
      const outcome = sh(shardScript, env, runner);
      expect(outcome.stderr).toBe('');
      expect(outcome.status).toBe(0);
      const upload = find('shard', { uses: 'actions/upload-artifact@' }).with ?? {};
      const file = fill(String(upload['path']), values);
      artifacts.set(fill(String(upload['name']), values), { file, text: readFileSync(join(runner, file)) });
    }
    expect(artifacts.size).toBe(matrix.length);

    // The merge job's runner gets the artifacts its download step names, where it puts them:
    // into its path with merge-multiple, else each into a folder named after its artifact.
    const download = find('merge', { uses: 'actions/download-artifact@' }).with ?? {};
    const wanted = glob(String(download['pattern']));
    for (const [name, { file, text }] of artifacts) {
      if (!wanted.test(name)) continue;
      const into =
        download['merge-multiple'] === true
          ? join(root, String(download['path']))
          : join(root, String(download['path']), name);
      mkdirSync(into, { recursive: true });
      writeFileSync(join(into, file), text);
    }
    const { run } = script('merge', 'idemsim merge', {});
    const merge = sh(run, {}, root);
    expect(merge.stderr).toBe('report written to report/index.html\n');
    expect(merge.status).toBe(0);
    const want = oneProcess(scenario, varies(shardScript), join(root, 'whole'));
    expect(readFileSync(join(root, 'sweep.json'), 'utf8')).toBe(want);
    expect(files(join(root, 'report'))).toEqual(files(join(root, 'whole')));
  });
});
