// One report folder drawn once for every test that reads one: `run --out` of a scenario
// whose description carries markup and of a scenario with an incident (its time
// series), with PNGs and the most eventful actions traced; then `report`'s redraw of it
// from summary.json alone. Drawing a folder costs seconds; the tests share it.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../src/cli/main.js';
import { captured } from './sinks.js';

export interface Drawn {
  /** The exit code, standard output and error of the command that drew the folder. */
  code: number;
  out: string;
  err: string;
  /** Every file of the folder, by name, as bytes. */
  files: Record<string, Buffer>;
}

export interface RenderedReport {
  /** `run a.yaml incident.yaml --out r1 --png --timeline eventful` */
  run: Drawn;
  /** `report r1/summary.json --out r2 --png` */
  redrawn: Drawn;
}

const INCIDENT = [
  'name: incident',
  'actions: 400',
  'arrivals:',
  '  rate: 4',
  'service:',
  '  crash:',
  '    probability: 0.02',
  'keys:',
  '  scope: intent',
  '  lease: 30s',
  'incidents:',
  '  - at: 20s',
  '    for: 30s',
  '    latencyFactor: 5',
  '    replyLoss: 0.2',
  '',
].join('\n');

function folder(dir: string): Record<string, Buffer> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name))]),
  );
}

async function draw(args: readonly string[], cwd: string, out: string): Promise<Drawn> {
  const ctx = captured({ cwd });
  const code = await cli(args, ctx);
  return { code, out: ctx.out.text, err: ctx.err.text, files: code === 0 ? folder(join(cwd, out)) : {} };
}

async function render(): Promise<RenderedReport> {
  const cwd = mkdtempSync(join(tmpdir(), 'idemsim-rendered-'));
  writeFileSync(join(cwd, 'a.yaml'), 'name: first\ndescription: "blind <retries> & no key"\nactions: 300\n');
  writeFileSync(join(cwd, 'incident.yaml'), INCIDENT);
  const run = await draw(
    ['run', 'a.yaml', 'incident.yaml', '--out', 'r1', '--png', '--timeline', 'eventful', '--quiet'],
    cwd,
    'r1',
  );
  const redrawn = await draw(['report', join('r1', 'summary.json'), '--out', 'r2', '--png'], cwd, 'r2');
  return { run, redrawn };
}

let rendered: Promise<RenderedReport> | undefined;

/** The folder, drawn on the first call. */
export function renderedReport(): Promise<RenderedReport> {
  rendered ??= render();
  return rendered;
}
