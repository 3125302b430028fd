// `idemsim init [FILE]`: write a starter scenario with every field at its default, each
// with a one-line comment, and a first line that points YAML editors at the schema. The
// fields that are off by default (crashes, leases, profile, incidents...) are shown
// commented out with an example value.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Command } from 'commander';
import { baseName, starterScenario } from '../scenario/index.js';
import { CONTROL } from '../scenario/kinds.js';
import type { CommandContext } from './context.js';
import { ExitCode, InputError, guard } from './errors.js';
import { writeFileAtomically } from '../io/file.js';
import { VERSION } from './version.js';
import { terminalText } from '../report/text.js';
import { PACKAGE_ROOT } from './package-root.js';

export const DEFAULT_FILE = 'scenario.yaml';

const SCHEMA_PATH = ['schema', 'scenario.schema.json'];
const SCHEMA_FILE = join(PACKAGE_ROOT, ...SCHEMA_PATH);

/** The schema as published with this version of the package: stable, whatever is installed where. */
export const PUBLISHED_SCHEMA = `https://unpkg.com/idemsim@${VERSION}/${SCHEMA_PATH.join('/')}`;

export const written = (file: string): string =>
  `${file}: written, every field at its default; check it with \`npx idemsim validate ${file}\``;

/**
 * The `$schema=` reference for a file in `dir`, relative to the file as YAML editors
 * resolve it: inside idemsim's own folder, its schema; in a project that installed
 * idemsim, node_modules/idemsim/schema/... in the nearest folder up that has it; anywhere
 * else, the published copy (a path into wherever npx unpacked idemsim would not last).
 */
export function schemaRefFor(dir: string): string {
  if (isInside(PACKAGE_ROOT, dir)) return posixRelative(dir, SCHEMA_FILE);
  for (let at = dir; ; at = dirname(at)) {
    const installed = join(at, 'node_modules', 'idemsim', ...SCHEMA_PATH);
    if (existsSync(installed)) return posixRelative(dir, installed);
    if (dirname(at) === at) return PUBLISHED_SCHEMA;
  }
}

function isInside(root: string, dir: string): boolean {
  const path = relative(root, dir);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/** A relative path with forward slashes, as a `$schema=` reference is written on every system. */
function posixRelative(from: string, to: string): string {
  return relative(from, to).split(sep).join('/');
}

export interface InitOptions {
  force?: boolean;
  /** What the first-line comment points to, instead of the shipped schema. */
  schema?: string;
}

export function init(file: string | undefined, options: InitOptions, ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const shown = file ?? DEFAULT_FILE;
    const path = resolve(ctx.cwd, shown);
    const name = baseName(shown);
    // Both land in the file as they are: a line break would end the YAML line early.
    if (CONTROL.test(name)) {
      throw new InputError(
        `${JSON.stringify(shown)}: the scenario would be named after the file, and a name cannot hold a line break or control character; name the file plainly`,
      );
    }
    if (options.schema !== undefined && CONTROL.test(options.schema)) {
      throw new InputError('--schema: a schema reference cannot hold a line break or control character');
    }
    const text = starterScenario(name, options.schema ?? schemaRefFor(dirname(path)));
    writeFileAtomically(path, shown, text, options.force === true);
    ctx.out.write(`${terminalText(written(shown))}\n`);
    return ExitCode.ok;
  });
}

const EXAMPLES = `
Examples:
  $ npx idemsim init
      writes scenario.yaml; then: npx idemsim run scenario.yaml
  $ npx idemsim init scenarios/refunds.yaml --force
      writes (or overwrites) scenarios/refunds.yaml, named "refunds"

The first line, "# yaml-language-server: $schema=REF", points YAML editors at
the JSON Schema. REF is, in a project that installed idemsim, the path from FILE
to the nearest node_modules/idemsim/schema/scenario.schema.json; inside the
idemsim repository, the path to its schema/scenario.schema.json; anywhere else,
the copy published with this version:
  ${PUBLISHED_SCHEMA}
--schema REF writes another.`;

export function initCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('init')
    .summary('write a starter scenario with every field at its default')
    .description(
      `Write a starter scenario file: every field at its default, each with a
one-line comment, and a first line that points YAML editors at idemsim's JSON
Schema (where: see below), so that they complete fields and flag mistakes as
you type. Features that are off by default (the service's crashes, leases, an
arrival profile, incidents, the agent's check before it repeats) are shown
commented out with an example value: uncomment one to use it. The scenario's
name is the file's base name. An existing file is left alone unless --force is
given; the file appears whole or not at all.`,
    )
    .argument('[FILE]', `where to write (default: ${DEFAULT_FILE})`)
    .option('--force', 'overwrite FILE if it exists')
    .option('--schema <ref>', 'path or URL for the "$schema=" line (default: see below)')
    .addHelpText('after', EXAMPLES)
    .action((file: string | undefined, options: InitOptions) => {
      done(init(file, options, ctx));
    });
}
