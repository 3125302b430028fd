// `idemsim lab [FILE] --out DIR | --serve`: the lab page, a self-contained folder (the page,
// its one script, lab.json naming what it holds) that runs the simulator in the browser,
// written as a report folder is (all at once), or served on 127.0.0.1 from memory.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Command } from 'commander';
import { formatIssue, loadScenario } from '../scenario/index.js';
import type { ReportFile } from '../model/files.js';
import { labHtml } from '../lab/html.js';
import type { LabConfig } from '../lab/page.js';
import { MISSIONS } from '../lab/missions.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, KnownError, guardAsync } from './errors.js';
import { checkOut, replaceOut } from './out.js';
import { readScenarioFile } from './validate.js';
import { VERSION } from './version.js';
import { terminalText } from '../report/text.js';
import { PACKAGE_ROOT } from './package-root.js';

export interface LabOptions {
  out?: string;
  serve?: boolean;
  port?: string;
}

const SCRIPT = 'lab.js';
/** Built by scripts/bundle.mjs from src/lab/ (npm run build). */
const BUNDLE = join(PACKAGE_ROOT, 'dist', 'lab-page', SCRIPT);

export async function lab(file: string | undefined, options: LabOptions, ctx: CommandContext): Promise<number> {
  return guardAsync(ctx.err, async () => {
    if ((options.out === undefined) === (options.serve !== true)) {
      throw new InputError(
        'idemsim lab: say where the page goes: --out DIR (a folder to open from disk) or --serve (a local web server)',
      );
    }
    if (options.port !== undefined && options.serve !== true)
      throw new InputError('idemsim lab: --port is for --serve');
    const port = portOf(options.port);
    if (options.out !== undefined) checkOut(options.out, ctx.cwd, ctx.err);
    const files = labFiles(file, ctx.cwd);
    if (options.out !== undefined) {
      replaceOut(files, options.out, ctx);
      ctx.err.write(`${terminalText(`lab written to ${join(options.out, 'index.html')}`)}: open it in a browser\n`);
      return ExitCode.ok;
    }
    return serve(files, port, ctx);
  });
}

function portOf(text: string | undefined): number {
  if (text === undefined) return 0;
  const n = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 0 && n <= 65_535))
    throw new InputError(`--port ${terminalText(text)}: not a port; give 1 to 65535, or 0 for any free port`);
  return n;
}

/** The page, its script and lab.json: what --out writes and --serve serves. */
export function labFiles(file: string | undefined, cwd: string): ReportFile[] {
  let base: LabConfig['base'] = null;
  if (file !== undefined) {
    const read = readScenarioFile(cwd, file);
    if ('problem' in read) throw new InputError(read.problem);
    const loaded = loadScenario(read.text, file);
    if (!loaded.ok) throw new InputError(loaded.issues.map(formatIssue));
    if (loaded.scenario.sweep !== undefined) {
      throw new InputError(
        `${terminalText(file)}: the lab opens one scenario and this file has a sweep: block; run it with idemsim sweep, or open a file without one`,
      );
    }
    base = { text: read.text, file };
  }
  let script: string;
  try {
    script = readFileSync(BUNDLE, 'utf8');
  } catch {
    throw new KnownError([`the lab's script is not built (${BUNDLE}): run npm run build`], ExitCode.internal);
  }
  const config: LabConfig = { version: VERSION, base, missions: MISSIONS.map((m) => missionFile(m.id)) };
  const summary = {
    idemsim: VERSION,
    lab: { scenario: file ?? null, missions: MISSIONS.map((m) => m.id), script: SCRIPT },
  };
  return [
    { name: 'index.html', content: labHtml(config, SCRIPT) },
    { name: SCRIPT, content: script },
    { name: 'lab.json', content: `${JSON.stringify(summary, null, 2)}\n` },
  ];
}

function missionFile(id: string): LabConfig['missions'][number] {
  const file = `scenarios/missions/${id}.yaml`;
  const text = readFileSync(join(PACKAGE_ROOT, file), 'utf8');
  const loaded = loadScenario(text, file);
  if (!loaded.ok) throw new Error(`${file} does not load: ${loaded.issues.map(formatIssue).join('; ')}`);
  return { id, file, text, description: loaded.scenario.description };
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/** Serves the files on 127.0.0.1 until the process is stopped (Ctrl+C); the promise ends only if listening fails. */
function serve(files: readonly ReportFile[], port: number, ctx: CommandContext): Promise<number> {
  const byPath = new Map(files.map((f) => [`/${f.name}`, f]));
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const found = byPath.get(path === '/' ? '/index.html' : path);
    if (found === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(found === undefined ? 404 : 405, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(found === undefined ? 'not found\n' : 'method not allowed\n');
      return;
    }
    const type = TYPES[found.name.slice(found.name.lastIndexOf('.'))] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    response.end(request.method === 'HEAD' ? undefined : found.content);
  });
  return new Promise((_resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new InputError(
          `idemsim lab --serve: cannot listen on 127.0.0.1:${port} (${error.code ?? error.message}); choose another --port, or 0 for any free one`,
        ),
      );
    });
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : port;
      ctx.out.write(`http://127.0.0.1:${bound}/\n`);
      // Nothing to finish or undo: Ctrl+C ends the process by its signal, as it ends every command.
      ctx.err.write('serving the lab on 127.0.0.1 only; Ctrl+C stops it\n');
    });
  });
}

const DESCRIPTION = `The lab: a page that runs the simulator in your browser (in a Web Worker, so
the page never freezes) and draws its first 4,000 actions, one row each,
every attempt a bar coloured by how it ended, with white dots for
executions, pink for duplicate executions and cyan rings for answers the key
store gave without executing. Turn a knob (key scope, retention, timeout,
retries, reply loss, a slow dependency, re-plans, crashes, the claim, the
seed) and it runs again; the headline numbers beside it carry their 95%
intervals. Four missions (scenarios/missions/) each set a goal, judged on
the intervals as idemsim check judges it, and up to three stars kept in the
browser. The page needs no network: open index.html from disk, or serve it
with --serve.`;

const EXAMPLES = `
Examples:
  $ npx idemsim lab --out lab/
      write lab/index.html (and its script) and open it in a browser
  $ npx idemsim lab scenarios/refunds-slow-tail.yaml --serve
      serve the lab on http://127.0.0.1:PORT/ with that scenario loaded
      (Ctrl+C stops it)
  $ npx idemsim lab --serve --port 8080

In the page, "Copy as scenario YAML" gives a file that idemsim run reproduces
number for number (the same JSON as the page's #lab-result element), and the
address holds the knobs you moved, so a link shares what you see.
Exit codes: 0 ok, 2 bad input (invalid scenario, --out and --serve both or
neither, unusable --out, a port in use), 70 internal error; --serve runs until
Ctrl+C, which ends it as it ends every command (130).`;

export function labCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('lab')
    .summary('the interactive lab page: knobs, the picture, missions; runs in the browser')
    .description(DESCRIPTION)
    .argument('[FILE]', 'scenario file the page starts from (default: the built-in article defaults)')
    .option('--out <DIR>', 'write the page to a folder (index.html, lab.js, lab.json)')
    .option('--serve', 'serve the page on 127.0.0.1 and print its address')
    .option('--port <N>', 'with --serve: the port (default: any free port)')
    .addHelpText('after', EXAMPLES)
    .action(async (file: string | undefined, options: LabOptions) => {
      done(await lab(file, options, ctx));
    });
}
