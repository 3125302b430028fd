// What a command says about the folder beside its --out: a repair after an interrupted
// write (one line each, paths as the user typed --out), a folder another idemsim is writing
// (one line, exit 2), and an old copy that would not go away (a warning; the report is
// written). Called in process: these are the lines of out.ts and messages.ts.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guard } from '../../src/cli/errors.js';
import { checkOut, writeFolder } from '../../src/cli/out.js';
import { DISK, type WriteIo } from '../../src/io/folder.js';
import { type ReportFile } from '../../src/model/files.js';
import { captured, lines } from './sinks.js';

const FILES: ReportFile[] = [
  { name: 'index.html', content: '<p>new</p>' },
  { name: 'summary.json', content: '{"idemsim":"new"}' },
];

/** A workspace where a write to reports/r was killed between its two renames. */
function interrupted(): { cwd: string; parent: string } {
  const cwd = mkdtempSync(join(tmpdir(), 'idemsim-out-'));
  const parent = join(cwd, 'reports');
  mkdirSync(join(parent, 'r.old-0123abcd'), { recursive: true });
  writeFileSync(join(parent, 'r.old-0123abcd', 'index.html'), '<p>old</p>');
  writeFileSync(join(parent, 'r.old-0123abcd', 'summary.json'), '{"idemsim":"old"}');
  mkdirSync(join(parent, 'r.tmp-0123abcd'));
  writeFileSync(join(parent, 'r.tmp-0123abcd', 'index.html'), '<p>ne');
  // Its writer had this process's pid: an earlier process (a container's pid 1, again).
  writeFileSync(join(parent, 'r.idemsim-lock'), JSON.stringify({ pid: process.pid, host: hostname() }));
  return { cwd, parent };
}

describe('--out after an interrupted write', () => {
  it('checkOut puts the previous report back before any work, and says each repair', () => {
    const { cwd, parent } = interrupted();
    const ctx = captured({ cwd });
    checkOut('reports/r/', cwd, ctx.err);
    expect(lines(ctx.err.text)).toEqual([
      `--out reports/r/: took over ${join('reports', 'r.idemsim-lock')}, from pid ${process.pid}, which is no longer running`,
      `--out reports/r/: an earlier write was interrupted; put the previous report back from ${join('reports', 'r.old-0123abcd')}`,
      `--out reports/r/: removed ${join('reports', 'r.tmp-0123abcd')}, left by an interrupted write`,
    ]);
    expect(readFileSync(join(parent, 'r', 'index.html'), 'utf8')).toBe('<p>old</p>');
    expect(readdirSync(parent)).toEqual(['r']);
  });

  it('checkOut without a sink to speak on leaves the repair to the write', () => {
    const { cwd, parent } = interrupted();
    checkOut('reports/r', cwd);
    expect(readdirSync(parent)).toHaveLength(3);
    const ctx = captured({ cwd });
    writeFolder(FILES, 'reports/r', ctx);
    expect(lines(ctx.err.text)).toHaveLength(4);
    expect(lines(ctx.err.text)[3]).toBe(`report written to ${join('reports', 'r', 'index.html')}`);
    expect(readFileSync(join(parent, 'r', 'index.html'), 'utf8')).toBe('<p>new</p>');
    expect(readdirSync(parent)).toEqual(['r']);
  });
});

describe('--out that another idemsim is writing', () => {
  it('is refused in one line naming the process and the lock, exit 2, nothing touched', () => {
    const { cwd, parent } = interrupted();
    // The parent of this process: alive, and not this process.
    const lock = JSON.stringify({ pid: process.ppid, host: hostname() });
    writeFileSync(join(parent, 'r.idemsim-lock'), lock);
    const ctx = captured({ cwd });
    const code = guard(ctx.err, () => {
      writeFolder(FILES, 'reports/r', ctx);
      return 0;
    });
    const shown = join('reports', 'r.idemsim-lock');
    expect(code).toBe(2);
    expect(lines(ctx.err.text)).toEqual([
      `--out reports/r: another idemsim (pid ${process.ppid} on ${hostname()}) is writing this folder (lock ${shown}); wait for it to finish, or delete ${shown} if no idemsim is running there`,
    ]);
    expect(readdirSync(parent).sort()).toEqual(['r.idemsim-lock', 'r.old-0123abcd', 'r.tmp-0123abcd']);
    expect(readFileSync(join(parent, 'r.idemsim-lock'), 'utf8')).toBe(lock);
  });
});

describe('an old copy that would not go away', () => {
  it('is a one-line warning naming it; the report is written and the command does not fail', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'idemsim-out-'));
    writeFolder(FILES, 'r', captured({ cwd }));
    const io: WriteIo = {
      ...DISK,
      remove: (path) => {
        if (path.includes('.old-')) throw Object.assign(new Error('EACCES'), { code: 'EACCES', syscall: 'rmdir' });
        rmSync(path, { recursive: true, force: true });
      },
    };
    const ctx = captured({ cwd });
    const code = guard(ctx.err, () => {
      writeFolder(FILES, 'r', ctx, io);
      return 0;
    });
    expect(code).toBe(0);
    const left = readdirSync(cwd).find((name) => name.startsWith('r.old-'));
    expect(lines(ctx.err.text)).toEqual([
      `--out r: warning: could not remove ${left ?? '?'} (permission denied); it is not part of the report and can be deleted`,
      `report written to ${join('r', 'index.html')}`,
    ]);
  });
});
