// The reference pages against the code: the generated blocks of docs/reference/ are what
// the field table, the metric catalogue and the loader's limits render today, laid out as
// prettier lays them out; and every relative link and #anchor in the Markdown resolves.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { endMarker, referencePages, splice, startMarker } from '../../src/scenario/reference/index.js';
import { anchorsOf, brokenLinks, linksOf, slug } from './links.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

describe('docs/reference/ is generated from the code', () => {
  for (const page of referencePages()) {
    it(`${page.path} holds exactly what npm run reference writes`, () => {
      const text = read(page.path);
      const spliced = splice(text, page.blocks);
      expect(
        spliced.ok ? [] : spliced.problems,
        `${page.path}: fix the markers, then run \`npm run reference\``,
      ).toEqual([]);
      const fresh = spliced.ok ? spliced.text : text;
      expect(text, `${page.path} differs from the code: run \`npm run reference\` and commit it`).toBe(fresh);
    });

    it(`${page.path} as generated passes prettier`, async () => {
      const spliced = splice(read(page.path), page.blocks);
      const text = spliced.ok ? spliced.text : '';
      const path = join(ROOT, page.path);
      const formatted = await prettier.format(text, { ...(await prettier.resolveConfig(path)), filepath: path });
      expect(formatted, `${page.path}: the generated Markdown is not laid out as prettier lays it out`).toBe(text);
    });
  }
});

describe('the generated blocks of a page', () => {
  const blocks = new Map([['a', 'new']]);
  const page = (name: string): string => `# Page\n\n${startMarker(name)}\nold\n${endMarker(name)}\n\nhand text\n`;

  it('are replaced between their markers, and the text around them is kept', () => {
    expect(splice(page('a'), blocks)).toEqual({
      ok: true,
      text: `# Page\n\n${startMarker('a')}\n\nnew\n\n${endMarker('a')}\n\nhand text\n`,
    });
  });

  it('must all be marked on the page', () => {
    expect(splice('# Page\n', blocks)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('"a" is missing')],
    });
  });

  it('may not include one the code does not generate', () => {
    const outcome = splice(page('a') + page('b'), blocks);
    expect(outcome).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('"b" is not one the code generates')],
    });
  });

  it('need an end marker', () => {
    expect(splice(`${startMarker('a')}\nold\n`, blocks)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('no end marker')],
    });
  });
});

/** README.md, CONTRIBUTING.md and every Markdown page under docs/. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name));
  return [join(ROOT, 'README.md'), join(ROOT, 'CONTRIBUTING.md'), ...docs.sort()];
}

describe('links in the Markdown', () => {
  it('every relative link and #anchor in README.md, CONTRIBUTING.md and docs/ resolves', () => {
    const broken = markdownFiles().flatMap((file) => brokenLinks(file, ROOT));
    expect(broken).toEqual([]);
  });

  it('heading ids follow GitHub: lowercase, punctuation dropped, spaces to hyphens', () => {
    expect(slug('Reports: `run --out`')).toBe('reports-run---out');
    expect(slug('Editor support: `init`, `validate`, `schema`')).toBe('editor-support-init-validate-schema');
    expect(slug('Pass, fail, undecided')).toBe('pass-fail-undecided');
  });

  it('a repeated heading gets -1, and a heading inside a code block gets no id', () => {
    const ids = anchorsOf('# Notes\n\n## Notes\n\n```yaml\n# not a heading\n```\n');
    expect([...ids]).toEqual(['notes', 'notes-1']);
  });

  it('links inside code are not links, and links to other sites are not checked', () => {
    const text = '[a](a.md) `[b](b.md)` [c](https://example.com) ![d](d.svg#x)\n\n```\n[e](e.md)\n```\n';
    expect(linksOf(text)).toEqual(['a.md', 'd.svg#x']);
  });
});
