// The registry of SDK drivers: each runs one client's real retry code (or a stack of two)
// under the scripts of script.ts, to be compared with what idemsim's preset of the same
// name believes that client does. The SDKs are devDependencies, loaded only when a driver
// runs: `missingPackages` says which are not installed, `installedVersions` which ran.
import { installedVersion } from '../io/packages.js';
import { aiOpenaiDriver } from './sdks/ai-openai.js';
import { anthropicDriver } from './sdks/anthropic.js';
import { awsStandardDriver } from './sdks/aws.js';
import type { SdkDriver } from './sdks/driver.js';
import { langgraphOpenaiDriver } from './sdks/langgraph-openai.js';
import { langgraphDriver } from './sdks/langgraph.js';
import { openaiDriver } from './sdks/openai.js';
import { stripeDriver } from './sdks/stripe.js';
import { vercelAiDriver } from './sdks/vercel-ai.js';

export type { SdkDriver } from './sdks/driver.js';

/** The drivers of idemsim's presets, then those of the stacks, by name. */
export const SDK_DRIVERS: readonly SdkDriver[] = [
  openaiDriver,
  anthropicDriver,
  stripeDriver,
  awsStandardDriver,
  langgraphDriver(),
  vercelAiDriver(),
  langgraphOpenaiDriver,
  aiOpenaiDriver,
];

/** The driver named `name`, if there is one. */
export function sdkDriver(name: string): SdkDriver | undefined {
  return SDK_DRIVERS.find((driver) => driver.name === name);
}

/** The packages of `drivers` that cannot be imported, each named once, in the drivers' order. */
export async function missingPackages(drivers: readonly SdkDriver[] = SDK_DRIVERS): Promise<string[]> {
  const names = [...new Set(drivers.flatMap((driver) => driver.packages))];
  const missing: string[] = [];
  for (const name of names) {
    try {
      await import(name);
    } catch {
      missing.push(name);
    }
  }
  return missing;
}

/**
 * `name@version` of each package of `drivers` that is installed, as Node would find it from
 * here (the nearest node_modules/NAME/package.json up the folders), each named once.
 */
export function installedVersions(drivers: readonly SdkDriver[] = SDK_DRIVERS): string[] {
  const names = [...new Set(drivers.flatMap((driver) => driver.packages))];
  return names.flatMap((name) => {
    const version = installedVersion(name);
    return version === undefined ? [] : [`${name}@${version}`];
  });
}
