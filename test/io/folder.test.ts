// The report folder is replaced whole or not at all: whatever fails, the previous report
// stays readable and no temporary directory is left beside it; one writer at a time.
// (A write killed mid-way: write-faults.test.ts.)
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ReportLockedError,
  ReportTargetError,
  checkTarget,
  recoverTarget,
  writeReport,
  type WriteIo,
  type WriteNotice,
} from '../../src/io/folder.js';
import { type ReportFile } from '../../src/model/files.js';

const OLD: ReportFile[] = [
  { name: 'index.html', content: '<p>old report</p>' },
  { name: 'summary.json', content: '{"idemsim":"old"}' },
  { name: 'timeline.svg', content: '<svg/>' },
];

const NEW: ReportFile[] = [
  { name: 'index.html', content: '<p>new report</p>' },
  { name: 'summary.json', content: '{"idemsim":"new"}' },
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
    for (const name of ['index.html', 'numbers.md', 'timeout.svg']) writeFileSync(join(dir, name), 'old');
    writeFileSync(
      join(dir, 'numbers.json'),
      '{\n  "generatedBy": "idemsim figures (regenerate: npx idemsim figures)"\n}\n',
    );
    expect(reason(dir)).toBeUndefined();
  });

  it("not a website's folder whose index.html and summary.json another tool wrote: its files are kept", () => {
    const { dir } = workspace();
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.html'), '<html>');
    writeFileSync(join(dir, 'summary.json'), '{"total":5}');
    writeFileSync(join(dir, 'precious.txt'), 'x');
    expect(reason(dir)).toMatch(/^is a directory that does not hold an idemsim report/);
    expect(() => writeReport(dir, NEW)).toThrow(ReportTargetError);
    expect(readFileSync(join(dir, 'precious.txt'), 'utf8')).toBe('x');
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
    for (const name of ['index.html', 'numbers.md', 'old.svg']) writeFileSync(join(dir, name), 'old');
    writeFileSync(join(dir, 'numbers.json'), '{"generatedBy":"idemsim figures"}');
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

describe('one writer at a time: DIR.idemsim-lock', () => {
  const ME = { pid: 201, host: 'here' };
  const OTHER = { pid: 202, host: 'here' };
  /** The disk, as process `self`, to which only `alive` processes are running. */
  const as = (self: typeof ME, alive: readonly number[], more: Partial<WriteIo> = {}): WriteIo => ({
    ...disk,
    self,
    running: (holder) => alive.includes(holder.pid),
    pause: () => undefined,
    ...more,
  });
  const lockText = (holder: { pid: number; host: string }): string => `${JSON.stringify(holder)}\n`;

  it('a second writer while the first swaps is refused with the holder named, and the first finishes whole', () => {
    const { parent, dir } = workspace();
    writeReport(dir, OLD);
    let refused: unknown;
    const first = as(ME, [ME.pid], {
      rename: (from, to) => {
        disk.rename(from, to);
        if (!to.includes('.old-')) return;
        try {
          writeReport(dir, NEW, as(OTHER, [ME.pid, OTHER.pid]));
        } catch (error) {
          refused = error;
        }
      },
    });
    writeReport(dir, OLD.slice(0, 2), first);
    expect(refused).toBeInstanceOf(ReportLockedError);
    expect((refused as ReportLockedError).lock).toBe(`${dir}.idemsim-lock`);
    expect((refused as ReportLockedError).holder).toEqual(ME);
    expect(Object.keys(contents(dir)).sort()).toEqual(['index.html', 'summary.json']);
    expect(readdirSync(parent)).toEqual(['report']);
  });

  it('a lock whose process is gone is taken over, and said', () => {
    const { parent, dir } = workspace();
    writeFileSync(`${dir}.idemsim-lock`, lockText(OTHER));
    const notices: WriteNotice[] = [];
    writeReport(dir, NEW, as(ME, [ME.pid]), (notice) => notices.push(notice));
    expect(notices).toEqual([{ kind: 'lockTakenOver', lock: `${dir}.idemsim-lock`, holder: OTHER }]);
    expect(contents(dir)['index.html']).toBe('<p>new report</p>');
    expect(readdirSync(parent)).toEqual(['report']);
  });

  it('a lock left by an earlier process with this very pid is taken over (pid 1 in a container, again)', () => {
    const { dir } = workspace();
    writeFileSync(`${dir}.idemsim-lock`, lockText(ME));
    const notices: WriteNotice[] = [];
    writeReport(dir, NEW, as(ME, [ME.pid]), (notice) => notices.push(notice));
    expect(notices.map((notice) => notice.kind)).toEqual(['lockTakenOver']);
  });

  it('a lock left empty is taken over only after its writer had time to fill it in', () => {
    const { dir } = workspace();
    writeFileSync(`${dir}.idemsim-lock`, '');
    const pauses: number[] = [];
    const notices: WriteNotice[] = [];
    writeReport(dir, NEW, as(ME, [ME.pid], { pause: (ms) => pauses.push(ms) }), (notice) => notices.push(notice));
    expect(pauses).toHaveLength(1);
    expect(notices).toEqual([{ kind: 'lockTakenOver', lock: `${dir}.idemsim-lock`, holder: undefined }]);
  });

  it('a lock filled in during that pause is a live writer’s: refused, naming the writer it now names', () => {
    const { dir } = workspace();
    const lock = `${dir}.idemsim-lock`;
    writeFileSync(lock, '');
    const io = as(ME, [ME.pid, OTHER.pid], { pause: () => writeFileSync(lock, lockText(OTHER)) });
    let refused: unknown;
    try {
      writeReport(dir, NEW, io);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ReportLockedError);
    // Not "another process": the message names the pid and host the lock was filled in with.
    expect((refused as ReportLockedError).holder).toEqual(OTHER);
    expect(readFileSync(lock, 'utf8')).toBe(lockText(OTHER));
  });

  it('a process on another host, or a file idemsim did not write, is never taken over', () => {
    const { parent, dir } = workspace();
    const lock = `${dir}.idemsim-lock`;
    for (const text of [lockText({ pid: 7, host: 'elsewhere' }), 'my notes', '{"pid":0,"host":"here"}']) {
      writeFileSync(lock, text);
      // The disk's own test: another host's process cannot be asked, so it is taken to run.
      expect(() => writeReport(dir, NEW, { ...disk, self: ME }), text).toThrow(ReportLockedError);
      expect(readFileSync(lock, 'utf8')).toBe(text);
    }
    expect(readdirSync(parent)).toEqual(['report.idemsim-lock']);
  });

  it('a lock taken over from this writer is the new writer’s: left in place', () => {
    const { dir } = workspace();
    const lock = `${dir}.idemsim-lock`;
    const io = as(ME, [ME.pid], {
      writeFile: (path, content) => {
        disk.writeFile(path, content);
        writeFileSync(lock, lockText(OTHER));
      },
    });
    writeReport(dir, NEW, io);
    expect(readFileSync(lock, 'utf8')).toBe(lockText(OTHER));
  });

  it('recoverTarget leaves a live writer’s folders alone', () => {
    const { parent, dir } = workspace();
    writeReport(dir, OLD);
    const lock = `${dir}.idemsim-lock`;
    writeFileSync(lock, lockText(OTHER));
    mkdirSync(`${dir}.tmp-0123abcd`);
    const notices: WriteNotice[] = [];
    recoverTarget(dir, as(ME, [ME.pid, OTHER.pid]), (notice) => notices.push(notice));
    expect(notices).toEqual([]);
    expect(readdirSync(parent).sort()).toEqual(['report', 'report.idemsim-lock', 'report.tmp-0123abcd']);
  });

  it('leaves alone what only looks like its folders: another name, or a suffix not its own', () => {
    const { parent, dir } = workspace();
    for (const name of ['report.tmp-notes', 'report.old-0123ABCD', 'reports.tmp-0123abcd', 'report.tmp-0123abcde']) {
      mkdirSync(join(parent, name));
    }
    writeReport(dir, NEW);
    expect(readdirSync(parent).sort()).toEqual(
      ['report', 'report.old-0123ABCD', 'report.tmp-0123abcde', 'report.tmp-notes', 'reports.tmp-0123abcd'].sort(),
    );
  });
});

describe('an old copy that will not go away', () => {
  it('is said, with the new report in place and the write not failed', () => {
    const { parent, dir } = workspace();
    writeReport(dir, OLD);
    const denied = Object.assign(new Error('EACCES: permission denied, rmdir'), { code: 'EACCES', syscall: 'rmdir' });
    const io: WriteIo = {
      ...disk,
      remove: (path) => {
        if (path.includes('.old-')) throw denied;
        rmSync(path, { recursive: true, force: true });
      },
    };
    const notices: WriteNotice[] = [];
    writeReport(dir, NEW, io, (notice) => notices.push(notice));
    expect(contents(dir)['index.html']).toBe('<p>new report</p>');
    expect(notices).toEqual([
      { kind: 'notRemoved', path: expect.stringMatching(/report\.old-[0-9a-f]{8}$/), error: denied },
    ]);
    const [left] = readdirSync(parent).filter((name) => name !== 'report');
    expect(left).toMatch(/^report\.old-[0-9a-f]{8}$/);
    // The next write removes it, and says so.
    const later: WriteNotice[] = [];
    writeReport(dir, OLD, undefined, (notice) => later.push(notice));
    expect(later).toEqual([{ kind: 'removed', paths: [join(parent, left as string)] }]);
    expect(readdirSync(parent)).toEqual(['report']);
  });
});
