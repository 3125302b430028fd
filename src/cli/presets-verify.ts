// `idemsim presets --verify`: the conformance harness (src/conformance/) run on every preset
// whose client runs here. The SDKs are devDependencies: a missing one is a usage error naming
// it (exit 2); a preset that disagrees with its package fails the command (exit 1).
import type { CommandContext } from './context.js';
import { ExitCode, InputError } from './errors.js';
import { formatOption } from './options.js';
import { VERSION } from './version.js';
import type { SourceOnlyRow, VerifiedRow } from '../report/presets/verify.js';

export const VERIFY_FORMATS = ['table', 'json', 'markdown'] as const;

/** Presets no package here runs: their values come from reading the source. */
const SOURCE_ONLY: readonly SourceOnlyRow[] = [
  { name: 'aws-standard', why: "botocore (Python) standard mode; the JavaScript SDK's strategy is aws-2026" },
  { name: 'temporal', why: 'an activity retry policy needs a Temporal server to run' },
  { name: 'envoy', why: 'a route retry policy needs an Envoy proxy to run' },
];

export async function verify(
  names: readonly string[] | undefined,
  format: string | undefined,
  ctx: CommandContext,
): Promise<number> {
  const shape = formatOption(format, VERIFY_FORMATS);
  const { SDK_DRIVERS, missingPackages, installedVersions } = await import('../conformance/sdk-runs.js');
  const { checkedName, verifyDriver } = await import('../conformance/verify.js');
  const drivers = SDK_DRIVERS.filter((d) => names === undefined || names.includes(checkedName(d)));
  const sourceOnly = names === undefined ? SOURCE_ONLY : SOURCE_ONLY.filter((s) => names.includes(s.name));
  const render = await import('../report/presets/verify.js');
  if (drivers.length === 0) {
    // A preset whose client cannot run here: say how it was checked instead.
    ctx.out.write(
      shape === 'json' ? render.renderVerifyJson([], sourceOnly, VERSION) : render.renderVerifyText([], sourceOnly),
    );
    return ExitCode.ok;
  }
  const missing = await missingPackages(drivers);
  if (missing.length > 0) {
    throw new InputError(
      `presets --verify: ${missing[0]} is not installed${missing.length > 1 ? ` (nor ${missing.slice(1).join(', ')})` : ''}; ` +
        'the real SDKs are devDependencies: run npm install in a clone of idemsim',
    );
  }
  const rows: VerifiedRow[] = [];
  for (const driver of drivers) {
    const verdict = await verifyDriver(driver);
    rows.push({ ...verdict, packages: installedVersions([driver]) });
  }
  ctx.out.write(
    shape === 'json'
      ? render.renderVerifyJson(rows, sourceOnly, VERSION)
      : shape === 'markdown'
        ? render.renderVerifyMarkdown(rows, sourceOnly)
        : render.renderVerifyText(rows, sourceOnly),
  );
  return rows.every((row) => row.agree) ? ExitCode.ok : ExitCode.checkFailed;
}
