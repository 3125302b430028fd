// Stored code is used only for the file it was made from, where it was made: V8 checks no
// more than the text's length and keeps the old path for stack traces, so the store checks
// the rest, and anything it cannot read counts as nothing stored.
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeStore } from '../../src/cli/stored-code.js';

let root: string;
let source: string;
let store: CodeStore;
const CODE = Buffer.from('compiled');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'idemsim-stored-'));
  mkdirSync(join(root, 'app', 'cache'), { recursive: true });
  source = join(root, 'app', 'x.cjs');
  writeFileSync(source, 'module.exports = 1;\n');
  store = new CodeStore(join(root, 'app', 'cache'));
  store.put(source, CODE);
  store.save();
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const fresh = (): CodeStore => new CodeStore(join(root, 'app', 'cache'));

describe('stored code', () => {
  it('comes back for the file it was made from', () => {
    expect(fresh().get(source)).toEqual(CODE);
  });

  it('is not used once the file changes, even at the same length', () => {
    writeFileSync(source, 'module.exports = 2;\n');
    expect(fresh().get(source)).toBeUndefined();
  });

  it('is not used once the file is touched', () => {
    utimesSync(source, new Date(), new Date(Date.now() + 5000));
    expect(fresh().get(source)).toBeUndefined();
  });

  it('is not used where the tree was moved (stack traces would name the old place)', () => {
    cpSync(join(root, 'app'), join(root, 'moved'), { recursive: true, preserveTimestamps: true });
    const moved = new CodeStore(join(root, 'moved', 'cache'));
    expect(moved.get(join(root, 'moved', 'x.cjs'))).toBeUndefined();
  });

  it.each([
    ['no stamps', () => rmSync(join(root, 'app', 'cache', 'stamps.json'))],
    ['broken stamps', () => writeFileSync(join(root, 'app', 'cache', 'stamps.json'), '{')],
    ['no code file', () => rmSync(join(root, 'app', 'cache', 'x.cjs.v8'))],
    [
      'a folder for the code file',
      () => {
        rmSync(join(root, 'app', 'cache', 'x.cjs.v8'));
        mkdirSync(join(root, 'app', 'cache', 'x.cjs.v8'));
      },
    ],
    ['no source', () => rmSync(source)],
  ])('counts as nothing stored with %s', (_what, damage) => {
    damage();
    expect(fresh().get(source)).toBeUndefined();
  });

  it('knows nothing of a file it has no stamp for', () => {
    const other = join(root, 'app', 'y.cjs');
    writeFileSync(other, 'module.exports = 1;\n');
    expect(fresh().get(other)).toBeUndefined();
  });
});
