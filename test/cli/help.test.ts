// Every command teaches itself: its --help ends with real examples that run as written in
// a clone (`npx idemsim`, files the repository has), states its defaults truthfully, and
// `idemsim schema` prints the committed schema file byte for byte.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.js';
import { captured } from './sinks.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

async function help(args: readonly string[]): Promise<string> {
  const ctx = captured();
  expect(await cli([...args, '--help'], ctx)).toBe(0);
  return ctx.out.text;
}

/** The command names listed by `idemsim --help`. */
async function commands(): Promise<string[]> {
  const text = await help([]);
  const section = text.split('Commands:\n')[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z-]+)\b/gm)].map((m) => m[1] as string).filter((name) => name !== 'help');
}

/** The example commands of a --help text (`  $ ...` lines), continuation lines joined. */
function exampleCommands(text: string): string[] {
  const found: string[] = [];
  let open: string | undefined;
  for (const line of text.split('\n')) {
    const start = /^ {2}\$ (.*)$/.exec(line);
    if (start !== null) open = start[1] as string;
    else if (open !== undefined) open = `${open} ${line.trim()}`;
    else continue;
    if (open.endsWith('\\')) {
      open = open.slice(0, -1).trimEnd();
      continue;
    }
    found.push(open);
    open = undefined;
  }
  return found;
}

const PATH = /^[\w.*-]+(\/[\w.*-]+)*$/;
/** A folder an example names as the reader's own, not the repository's: a CI job's scenarios. */
const READERS_OWN = ['ci/'];
const FILE = /\.(ya?ml|json|csv)$/;

/** What an example writes (--out DIR, > FILE, init's FILE) and the paths it reads. */
function filesOf(command: string): { reads: string[]; writes: string[] } {
  const words = command.split(/\s+/).map((word) => word.replace(/^'|'$/g, ''));
  const reads: string[] = [];
  const writes: string[] = [];
  const init = /\bidemsim init\b/.test(command);
  words.forEach((word, i) => {
    const before = words[i - 1];
    if (before === '--out' || before === '>') writes.push(word);
    else if (before === '--shard') return; // I/N, not a path
    else if (PATH.test(word) && (FILE.test(word) || word.includes('/'))) (init ? writes : reads).push(word);
  });
  return { reads, writes };
}

/** Whether a path (its last part may hold `*`) names a file or folder of the repository. */
function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(join(REPO, path));
  const last = (path.split('/').pop() as string).replace(/\./g, '\\.').replace(/\*/g, '.*');
  return readdirSync(join(REPO, dirname(path))).some((entry) => new RegExp(`^${last}$`).test(entry));
}

/** A path whose last part may hold `*`, as a pattern matching the paths it names. */
function glob(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
}

/** The help of one option, its continuation lines joined. */
function optionHelp(text: string, flag: string): string {
  const rest = text.slice(text.indexOf(`  ${flag} `)).split('\n');
  const end = rest.findIndex((line, i) => i > 0 && /^ {2}-/.test(line));
  return rest
    .slice(0, end)
    .map((line) => line.trim())
    .join(' ');
}

describe('--help', () => {
  it('lists validate, init and schema beside run', async () => {
    expect(await commands()).toEqual(expect.arrayContaining(['run', 'validate', 'init', 'schema']));
  });

  it('of every command shows one or more examples of that command, through npx', async () => {
    for (const name of await commands()) {
      const text = await help([name]);
      const examples = text.split('Examples:\n')[1] ?? '';
      expect(examples, `idemsim ${name} --help`).toMatch(new RegExp(`^ {2}\\$ npx idemsim ${name}\\b`, 'm'));
    }
  });

  it('calls idemsim through npx in every example: a bare idemsim is not on the PATH after a clone', async () => {
    for (const name of await commands()) {
      for (const command of exampleCommands(await help([name]))) {
        const rest = command.replaceAll('npx idemsim ', '');
        expect(rest, `idemsim ${name} --help: ${command}`).not.toMatch(/(^|[\s;&|(])idemsim(\s|$)/);
      }
    }
  });

  it('reads in its examples only files of the repository, or files an earlier example of the same help wrote', async () => {
    for (const name of await commands()) {
      const written: string[] = [];
      for (const command of exampleCommands(await help([name]))) {
        const { reads, writes } = filesOf(command);
        for (const file of reads) {
          const made = written.some((out) => file === out || file.startsWith(`${out}/`) || glob(file).test(out));
          const own = READERS_OWN.some((folder) => file.startsWith(folder));
          expect(made || own || exists(file), `idemsim ${name} --help: ${command}: ${file}`).toBe(true);
        }
        written.push(...writes);
      }
    }
  });

  it("states each command's real --actions default: the scenario's, but recommend's own per-point count", async () => {
    for (const name of ['run', 'check', 'sweep', 'explain', 'diff']) {
      expect(optionHelp(await help([name]), '--actions'), name).toContain(
        "the scenario file's actions: value, 4,000 if it has none",
      );
    }
    expect(optionHelp(await help(['recommend']), '--actions')).toContain("20,000, whatever the file's actions: says");
  });
});

describe('idemsim schema', () => {
  it('prints the committed schema/scenario.schema.json, byte for byte', async () => {
    const ctx = captured();
    expect(await cli(['schema'], ctx)).toBe(0);
    expect(ctx.out.text).toBe(readFileSync(new URL('../../schema/scenario.schema.json', import.meta.url), 'utf8'));
    expect(ctx.err.text).toBe('');
  });
});
