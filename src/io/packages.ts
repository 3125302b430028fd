// The version of an installed package, as Node would find it from here: the nearest
// node_modules/NAME/package.json up the folders. For the reports of the commands that run
// real packages (devDependencies), which name the versions that ran.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function installedVersion(name: string): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {
        version?: string;
      };
      return manifest.version;
    } catch {
      if (dirname(dir) === dir) return undefined;
    }
  }
}
