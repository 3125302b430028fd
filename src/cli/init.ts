// `idemsim init [FILE]`: write a starter scenario with every field at its default, each
// with a one-line comment, and a first line that points YAML editors at the schema.
import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { baseName, starterScenario } from '../scenario/index.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { readFailure } from './messages.js';

export const DEFAULT_FILE = 'scenario.yaml';

/** The schema shipped with this idemsim: two levels above src/cli/ or dist/cli/. */
const SCHEMA_FILE = fileURLToPath(new URL('../../schema/scenario.schema.json', import.meta.url));

export const alreadyExists = (file: string): string =>
  `${file}: already exists; pass --force to overwrite it, or name another file`;
export const cannotWrite = (file: string, reason: string): string => `${file}: cannot write: ${reason}`;
export const written = (file: string): string =>
  `${file}: written, every field at its default; check it with \`idemsim validate ${file}\``;

function writeFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' ? 'its directory does not exist' : readFailure(error);
}

/**
 * The `$schema=` reference for a file in `dir`: the shipped schema, relative to the file
 * (as YAML editors resolve it), or its file URL when no relative path leads there.
 */
export function schemaRefFor(dir: string): string {
  const path = relative(dir, SCHEMA_FILE);
  return isAbsolute(path) ? pathToFileURL(SCHEMA_FILE).href : path.split(sep).join('/');
}

export interface InitOptions {
  force?: boolean;
  /** What the first-line comment points to, instead of the shipped schema. */
  schema?: string;
}

/**
 * Writes to a temporary file beside the target, then moves it into place: a reader never
 * sees half a file. Without `force` the move is a hard link, which fails if the target
 * appeared in the meantime, so an existing file is never replaced.
 */
function writeAtomically(path: string, shown: string, text: string, force: boolean): void {
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) throw new InputError(cannotWrite(shown, readFailure({ code: 'EISDIR' })));
    if (!force) throw new InputError(alreadyExists(shown));
  }
  const temp = join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.tmp`);
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    if (force) renameSync(temp, path);
    else placeNew(temp, path, shown);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(cannotWrite(shown, writeFailure(error)));
  } finally {
    rmSync(temp, { force: true });
  }
}

function placeNew(temp: string, path: string, shown: string): void {
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST' || existsSync(path)) throw new InputError(alreadyExists(shown));
    // A file system without hard links: the existence check above has to do.
    renameSync(temp, path);
  }
}

export function init(file: string | undefined, options: InitOptions, ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const shown = file ?? DEFAULT_FILE;
    const path = resolve(ctx.cwd, shown);
    const text = starterScenario(baseName(shown), options.schema ?? schemaRefFor(dirname(path)));
    writeAtomically(path, shown, text, options.force === true);
    ctx.out.write(`${written(shown)}\n`);
    return ExitCode.ok;
  });
}

const EXAMPLES = `
Examples:
  $ idemsim init
      writes scenario.yaml; then: idemsim run scenario.yaml
  $ idemsim init scenarios/refunds.yaml --force
      writes (or overwrites) scenarios/refunds.yaml, named "refunds"`;

export function initCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('init')
    .summary('write a starter scenario with every field at its default')
    .description(
      `Write a starter scenario file: every field at its default, each with a
one-line comment, and a first line that points YAML editors at the JSON Schema
shipped with idemsim, so that they complete fields and flag mistakes as you
type. The scenario's name is the file's base name. An existing file is left
alone unless --force is given; the file appears whole or not at all.`,
    )
    .argument('[FILE]', `where to write (default: ${DEFAULT_FILE})`)
    .option('--force', 'overwrite FILE if it exists')
    .option(
      '--schema <ref>',
      'path or URL for the "$schema=" line (default: the schema shipped with idemsim, relative to FILE)',
    )
    .addHelpText('after', EXAMPLES)
    .action((file: string | undefined, options: InitOptions) => {
      done(init(file, options, ctx));
    });
}
