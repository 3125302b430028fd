// `idemsim schema`: print the JSON Schema of scenario files, the same text as the committed
// schema/scenario.schema.json that the `# yaml-language-server: $schema=...` line points to.
import { Command } from 'commander';
import { schemaText } from '../scenario/schema.js';
import type { CommandContext } from './context.js';
import { ExitCode, guard } from './errors.js';

export function schema(ctx: CommandContext): number {
  return guard(ctx.err, () => {
    ctx.out.write(schemaText());
    return ExitCode.ok;
  });
}

const EXAMPLES = `
Examples:
  $ npx idemsim schema > scenario.schema.json
      save it, then start a scenario file with the line
      # yaml-language-server: $schema=scenario.schema.json
  $ npx idemsim schema | diff - schema/scenario.schema.json
      the schema shipped in the package is the same text (in a project that
      installed idemsim: node_modules/idemsim/schema/scenario.schema.json)`;

export function schemaCommand(ctx: CommandContext, done: (code: number) => void): Command {
  return new Command('schema')
    .summary('print the JSON Schema of scenario files, for editors')
    .description(
      `Print the JSON Schema (draft-07) of scenario files. Editors that run the YAML
language server (VS Code, Neovim, JetBrains and others) use it to complete
fields, show their defaults, units and documentation, and flag mistakes as you
type. The package ships it as schema/scenario.schema.json, and the files that
\`idemsim init\` writes point to it.`,
    )
    .addHelpText('after', EXAMPLES)
    .action(() => {
      done(schema(ctx));
    });
}
