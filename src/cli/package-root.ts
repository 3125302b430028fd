// This idemsim's folder (the repository, or the installed package): two levels above this
// file in src/cli (tests), dist/cli and dist/bundle (the installed binary), whatever the
// working directory. The committed scenarios, the schema and the lab's script are found here.
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));
