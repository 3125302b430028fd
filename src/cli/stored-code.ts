// V8's compiled code for JavaScript files, stored at build time so that a start skips the
// compiling (Node 20 keeps no compile cache of its own). V8 checks stored code only against
// the length of the text, and keeps the path it was compiled at for stack traces, so a
// store also keeps a stamp of each source (path, size, modification time), and stored code
// is used only while all three still hold: a tree edited, copied or moved after its build
// compiles as usual, and nothing else changes.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface Stamp {
  path: string;
  size: number;
  mtimeMs: number;
}

const STAMPS = 'stamps.json';

function stampOf(path: string): Stamp {
  const stat = statSync(path);
  return { path, size: stat.size, mtimeMs: stat.mtimeMs };
}

/** The stored code of one folder: NAME.v8 for each source NAME, and the sources' stamps. */
export class CodeStore {
  private stamps: Record<string, Stamp> | null = null;
  private readonly made = new Map<string, Buffer>();

  constructor(readonly dir: string) {}

  /** The code stored for the source at `path`, if it is there, readable, and still that source's. */
  get(path: string): Buffer | undefined {
    try {
      this.stamps ??= JSON.parse(readFileSync(join(this.dir, STAMPS), 'utf8')) as Record<string, Stamp>;
      const stamp = this.stamps[basename(path)];
      const now = stampOf(path);
      if (stamp?.path !== now.path || stamp.size !== now.size || stamp.mtimeMs !== now.mtimeMs) return undefined;
      return readFileSync(join(this.dir, `${basename(path)}.v8`));
    } catch {
      // Nothing stored, or not readable: the source compiles as usual.
      return undefined;
    }
  }

  /** Keeps `code` (a script's createCachedData()) for the source at `path`, until save(). */
  put(path: string, code: Buffer): void {
    this.made.set(path, code);
  }

  /** Writes the code kept and the stamps of its sources (the folder must exist). */
  save(): void {
    const stamps: Record<string, Stamp> = {};
    for (const [path, code] of this.made) {
      writeFileSync(join(this.dir, `${basename(path)}.v8`), code);
      stamps[basename(path)] = stampOf(path);
    }
    writeFileSync(join(this.dir, STAMPS), `${JSON.stringify(stamps, null, 1)}\n`);
  }
}
