// The package as a user gets it, run in CI like every test: `npm pack` the dist/ that
// global-setup.ts built (--ignore-scripts: no second build), install the tarball into an
// empty folder from the npm cache that `npm ci` filled, and run `npx idemsim` there.
// About five seconds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

interface Packed {
  filename: string;
  size: number;
  files: { path: string }[];
}

function sh(command: string, args: readonly string[], cwd: string) {
  // npx and npm are scripts on Windows: they need a shell there.
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', shell: process.platform === 'win32' });
  if (result.error !== undefined) throw result.error;
  return result;
}

let packed: Packed;
let app: string;

beforeAll(() => {
  const buildError = inject('buildError');
  if (buildError !== '') throw new Error(buildError);
  const dest = mkdtempSync(join(tmpdir(), 'idemsim-pack-'));
  const pack = sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], ROOT);
  expect(pack.status, pack.stderr).toBe(0);
  packed = (JSON.parse(pack.stdout) as Packed[])[0] as Packed;
  app = mkdtempSync(join(tmpdir(), 'idemsim-app-'));
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
  const args = ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dest, packed.filename)];
  const install = sh('npm', args, app);
  expect(install.status, install.stderr).toBe(0);
}, 180_000);

describe('the npm package', () => {
  it('holds only what users need: the binary, the bundle without maps or stored code, schema, scenarios, docs', () => {
    const paths = packed.files.map((f) => f.path);
    for (const needed of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'bin/idemsim.js',
      'dist/bundle/boot.cjs',
      'dist/bundle/main.cjs',
      'dist/lab-page/lab.js',
      'schema/scenario.schema.json',
      'scenarios/article-defaults.yaml',
      'docs/model.md',
    ]) {
      expect(paths).toContain(needed);
    }
    const extra = paths.filter(
      (p) => !/^(bin|dist|schema|scenarios|docs)\/|^(package\.json|README\.md|CHANGELOG\.md|LICENSE)$/.test(p),
    );
    expect(extra).toEqual([]);
    expect(paths.filter((p) => /\.(map|ts)$/.test(p) && !p.endsWith('.d.ts'))).toEqual([]);
    expect(packed.size).toBeLessThan(1_000_000);
  });

  it('installs into an empty folder, where `npx idemsim --version` prints the version', () => {
    const result = sh('npx', ['--no', '--', 'idemsim', '--version'], app);
    expect(result.stdout).toBe(`${VERSION}\n`);
  });

  it('writes the lab there: `npx idemsim lab --out lab`, the page and its one script', () => {
    const result = sh('npx', ['--no', '--', 'idemsim', 'lab', '--out', 'lab'], app);
    expect(result.status, result.stderr).toBe(0);
    expect(readdirSync(join(app, 'lab')).sort()).toEqual(['index.html', 'lab.js', 'lab.json']);
    expect(readFileSync(join(app, 'lab', 'index.html'), 'utf8')).toContain('<script src="lab.js"></script>');
  });

  it('runs `npx idemsim run --actions 200` there', () => {
    const result = sh('npx', ['--no', '--', 'idemsim', 'run', '--actions', '200'], app);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ +article-defaults\nHeadline\n/);
  });

  it('validates the shipped scenarios, and `init` points at the shipped schema', () => {
    expect(sh('npx', ['--no', '--', 'idemsim', 'init'], app).status).toBe(0);
    const first = readFileSync(join(app, 'scenario.yaml'), 'utf8').split('\n')[0];
    expect(first).toBe('# yaml-language-server: $schema=node_modules/idemsim/schema/scenario.schema.json');
    const files = ['scenario.yaml', 'node_modules/idemsim/scenarios/refunds-4-retention-1h.yaml'];
    const result = sh('npx', ['--no', '--', 'idemsim', 'validate', ...files], app);
    expect(result.stdout).toBe(files.map((f) => `${f}: ok\n`).join(''));
  });
});
