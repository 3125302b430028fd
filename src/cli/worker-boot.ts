// How a sweep's worker thread starts when the CLI runs from its bundle: as the main thread
// does (boot.ts), from the code compiled at build time, then the bundle's worker entry.
// Without it a worker compiled the core's JavaScript afresh before its first point. The
// pool (src/pool/pool.ts) starts it as the bundle's worker-boot.cjs, CommonJS, so that a
// worker sets up no ES module loader.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BUNDLE_DIR, compileFast } from './boot.js';

compileFast();
createRequire(import.meta.url)(join(BUNDLE_DIR, 'worker.cjs'));
