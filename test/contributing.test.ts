// CONTRIBUTING.md as a map of the tree: its folder table names every folder of src/ and the
// walls eslint.config.js keeps, and its recipes for a new field or metric name files and
// identifiers that exist. A move or a rename that leaves the guide behind fails here.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WALLS } from '../eslint.config.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GUIDE = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');

/** The text of the `## title` section, up to the next `## ` heading. */
function section(title: string): string {
  const start = GUIDE.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`CONTRIBUTING.md has no section "## ${title}"`);
  const end = GUIDE.indexOf('\n## ', start + 1);
  return GUIDE.slice(start, end < 0 ? undefined : end);
}

/** The folder table: folder name -> the folders its "may import" cell names. */
function folderTable(): Map<string, string[]> {
  const rows = section('Folders')
    .split('\n')
    .map((line) => /^\| `src\/([a-z-]+)\/` \|.*\| ([^|]+) \|$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null);
  return new Map(
    rows.map(([, folder, imports]) => [
      folder as string,
      (imports as string)
        .replace(/\(.*?\)/g, '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && name !== 'nothing'),
    ]),
  );
}

const srcFolders = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the folder table of CONTRIBUTING.md', () => {
  it('has one row for every folder of src/ and none for a folder that is gone', () => {
    expect([...folderTable().keys()].sort()).toEqual(srcFolders);
  });

  it.each(Object.entries(WALLS))('says what src/%s may import, as its wall does', (folder, wall) => {
    expect(folderTable().get(folder)?.sort()).toEqual([...wall.folders].sort());
  });

  it('says the command line may import anything', () => {
    expect(folderTable().get('cli')).toEqual(['anything']);
  });
});

/** Backticked paths under src/ (files or folders) a recipe names. */
const pathsIn = (text: string): string[] => [...text.matchAll(/`(src\/[^`\s]+)`/g)].map((m) => m[1] as string);

/** Numbered steps of a recipe, each with the files it names and the identifiers it quotes. */
function steps(text: string): { step: string; files: string[]; names: string[] }[] {
  return text
    .split(/\n(?=\d+\. )/)
    .filter((step) => /^\d+\. /.test(step))
    .map((step) => ({
      step: step.slice(0, 60),
      files: pathsIn(step).filter((path) => path.endsWith('.ts')),
      names: [...step.matchAll(/`([a-z][A-Za-z]+)`/g)].map((m) => m[1] as string),
    }));
}

describe.each(['Adding a scenario field', 'Adding a metric'])('the recipe "%s"', (title) => {
  const text = section(title);

  it('names only paths that exist', () => {
    const missing = pathsIn(text).filter((path) => !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });

  it('quotes only identifiers found in the files its step names', () => {
    const unfound = steps(text).flatMap(({ step, files, names }) => {
      const sources = files.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
      return files.length === 0 ? [] : names.filter((name) => !sources.includes(name)).map((name) => `${step}: ${name}`);
    });
    expect(unfound).toEqual([]);
  });
});

/** Every Markdown page of the project, but the presets reference (it names the clients' own sources). */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name).slice(ROOT.length));
  return ['README.md', 'CONTRIBUTING.md', ...docs].filter((page) => !page.endsWith('reference/presets.md'));
}

describe('paths the guides name', () => {
  it('every src/ and test/ file a page names in backticks exists', () => {
    const missing = pages().flatMap((page) =>
      [...readFileSync(join(ROOT, page), 'utf8').matchAll(/`((?:src|test)\/[^`\s]+\.ts)`/g)]
        .map((m) => m[1] as string)
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${page}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
