// `idemsim init [FILE]`: write a starter scenario with every field at its default, each
// with a one-line comment, and a first line that points YAML editors at the schema.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { baseName, starterScenario } from '../scenario/index.js';
import type { CommandContext } from './context.js';
import { ExitCode, guard } from './errors.js';
import { writeFileAtomically } from './files.js';

export const DEFAULT_FILE = 'scenario.yaml';

/** The schema shipped with this idemsim: two levels above src/cli/ or dist/cli/. */
const SCHEMA_FILE = fileURLToPath(new URL('../../schema/scenario.schema.json', import.meta.url));

export const written = (file: string): string =>
  `${file}: written, every field at its default; check it with \`idemsim validate ${file}\``;

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

export function init(file: string | undefined, options: InitOptions, ctx: CommandContext): number {
  return guard(ctx.err, () => {
    const shown = file ?? DEFAULT_FILE;
    const path = resolve(ctx.cwd, shown);
    const text = starterScenario(baseName(shown), options.schema ?? schemaRefFor(dirname(path)));
    writeFileAtomically(path, shown, text, options.force === true);
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
