// The report folder is replaced whole or not at all: whatever fails, the previous report
// stays readable and no temporary directory is left beside it.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportTargetError, checkTarget, writeReport, type ReportFile, type WriteIo } from '../../src/report/write.js';

const OLD: ReportFile[] = [
  { name: 'index.html', content: '<p>old report</p>' },
  { name: 'summary.json', content: '{"old":true}' },
  { name: 'timeline.svg', content: '<svg/>' },
];

const NEW: ReportFile[] = [
  { name: 'index.html', content: '<p>new report</p>' },
  { name: 'summary.json', content: '{"new":true}' },
  { name: 'summary.csv', content: 'a,b\n' },
  { name: 'chart.png', content: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) },
];

function workspace(): { parent: string; dir: string } {
  const parent = mkdtempSync(join(tmpdir(), 'idemsim-write-'));
  return { parent, dir: join(parent, 'report') };
}

/** Each file's text, by name, of a folder. */
function contents(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'latin1')]));
}

/** The real file system, for the failing variants to wrap. */
const disk: WriteIo = {
  writeFile: (path, content) => writeFileSync(path, content),
  rename: (from, to) => renameSync(from, to),
};

/** The disk, except that the write after `n` files throws ENOSPC, as a full disk would. */
function failingAfter(n: number): WriteIo {
  let written = 0;
  return {
    ...disk,
    writeFile: (path, content) => {
      if (written === n) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      written++;
      disk.writeFile(path, content);
    },
  };
}

describe('writeReport', () => {
  it('creates the folder, and its parents, with exactly the given files', () => {
    const { parent } = workspace();
    const dir = join(parent, 'a', 'b', 'report');
    writeReport(dir, NEW);
    expect(Object.keys(contents(dir)).sort()).toEqual(['chart.png', 'index.html', 'summary.csv', 'summary.json']);
    expect(readFileSync(join(dir, 'chart.png'))).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(readdirSync(join(parent, 'a', 'b'))).toEqual(['report']);
  });

  it('replaces an earlier report whole: no file of the old one survives', () => {
    const { parent, dir } = workspace();
    writeReport(dir, OLD);
    writeReport(dir, NEW);
    expect(contents(dir)['index.html']).toBe('<p>new report</p>');
    expect(contents(dir)['timeline.svg']).toBeUndefined();
    expect(readdirSync(parent)).toEqual(['report']);
  });

  it('gives the folder mkdir’s ordinary permissions, not a temporary directory’s 0700', () => {
    const { parent, dir } = workspace();
    mkdirSync(join(parent, 'plain'));
    writeReport(dir, NEW);
    expect(statSync(dir).mode & 0o777).toBe(statSync(join(parent, 'plain')).mode & 0o777);
  });
});

describe('an interrupted write leaves the old report intact and readable', () => {
  it('when a file fails mid-write (disk full after two files)', () => {
    const { parent, dir } = workspace();
    writeReport(dir, OLD);
    expect(() => writeReport(dir, NEW, failingAfter(2))).toThrow(/ENOSPC/);
    expect(contents(dir)['index.html']).toBe('<p>old report</p>');
    expect(Object.keys(contents(dir)).sort()).toEqual(['index.html', 'summary.json', 'timeline.svg']);
    expect(readdirSync(parent)).toEqual(['report']);
  });

  it('when moving the new folder into place fails: the old one is put back', () => {
    const { parent, dir } = workspace();
    writeReport(dir, OLD);
    const io: WriteIo = {
      ...disk,
      rename: (from, to) => {
        if (from.includes('.tmp-')) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
        disk.rename(from, to);
      },
    };
    expect(() => writeReport(dir, NEW, io)).toThrow(/EIO/);
    expect(contents(dir)['index.html']).toBe('<p>old report</p>');
    expect(readdirSync(parent)).toEqual(['report']);
  });

  it('when the first write fails, and there was no report before: nothing is left', () => {
    const { parent, dir } = workspace();
    expect(() => writeReport(dir, NEW, failingAfter(0))).toThrow(/ENOSPC/);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('when a file name would leave the folder', () => {
    const { parent, dir } = workspace();
    writeReport(dir, OLD);
    expect(() => writeReport(dir, [...NEW, { name: '../escape.txt', content: 'x' }])).toThrow(/not a plain file name/);
    expect(contents(dir)['index.html']).toBe('<p>old report</p>');
    expect(readdirSync(parent)).toEqual(['report']);
  });
});

describe('checkTarget: what a report may replace', () => {
  const reason = (dir: string): string | undefined => {
    try {
      checkTarget(dir);
      return undefined;
    } catch (error) {
      if (error instanceof ReportTargetError) return error.reason;
      throw error;
    }
  };

  it('a new path, an empty directory or an earlier report', () => {
    const { parent, dir } = workspace();
    expect(reason(dir)).toBeUndefined();
    mkdirSync(dir);
    expect(reason(dir)).toBeUndefined();
    writeReport(dir, OLD);
    expect(reason(dir)).toBeUndefined();
    expect(reason(parent)).toMatch(/does not hold an idemsim report/);
  });

  it('not a file', () => {
    const { dir } = workspace();
    writeFileSync(dir, 'notes');
    expect(reason(dir)).toBe('exists and is not a directory');
  });

  it('not a directory of other things, which replacing would delete', () => {
    const { dir } = workspace();
    mkdirSync(dir);
    writeFileSync(join(dir, 'thesis.tex'), 'years of work');
    expect(reason(dir)).toMatch(/^is a directory that does not hold an idemsim report/);
    expect(() => writeReport(dir, NEW)).toThrow(ReportTargetError);
    expect(readFileSync(join(dir, 'thesis.tex'), 'utf8')).toBe('years of work');
  });

  it('an earlier article folder: index.html and numbers.json, plain files only', () => {
    const { dir } = workspace();
    mkdirSync(dir);
    for (const name of ['index.html', 'numbers.json', 'numbers.md', 'timeout.svg'])
      writeFileSync(join(dir, name), 'old');
    expect(reason(dir)).toBeUndefined();
  });

  it('not a directory with an index but no summary, or a summary but no index', () => {
    const { parent } = workspace();
    for (const names of [['index.html', 'numbers.md'], ['numbers.json', 'numbers.md'], ['summary.json']]) {
      const dir = mkdtempSync(join(parent, 'partial-'));
      for (const name of names) writeFileSync(join(dir, name), 'mine');
      expect(reason(dir), names.join(', ')).toMatch(/^is a directory that does not hold an idemsim report/);
    }
  });

  it('not a report-like directory that also holds a subdirectory', () => {
    const { dir } = workspace();
    mkdirSync(join(dir, 'drafts'), { recursive: true });
    for (const name of ['index.html', 'numbers.json']) writeFileSync(join(dir, name), 'mine');
    expect(reason(dir)).toMatch(/^is a directory that does not hold an idemsim report/);
  });
});

describe('writeReport replaces an earlier article folder', () => {
  it('whole: no file of the old one survives and nothing is left beside it', () => {
    const { parent, dir } = workspace();
    mkdirSync(dir);
    for (const name of ['index.html', 'numbers.json', 'numbers.md', 'old.svg']) writeFileSync(join(dir, name), 'old');
    writeReport(dir, [
      { name: 'index.html', content: 'new' },
      { name: 'numbers.json', content: '{}' },
      { name: 'numbers.md', content: 'new' },
    ]);
    expect(readdirSync(dir).sort()).toEqual(['index.html', 'numbers.json', 'numbers.md']);
    expect(contents(dir)['index.html']).toBe('new');
    expect(readdirSync(parent)).toEqual(['report']);
  });
});
