// The package version, read at run time from package.json two levels above this module
// (src/cli/ in tests, dist/cli/ when installed), so there is one place to bump it.
import { readFileSync } from 'node:fs';

function readVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const version = (JSON.parse(text) as { version?: unknown }).version;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}

export const VERSION: string = readVersion();
