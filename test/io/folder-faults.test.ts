// A report write killed at any step (Ctrl-C without a listener, SIGKILL, a power cut)
// leaves what the next writer puts right: afterwards DIR holds the complete previous report
// or the complete new one, byte for byte, nothing else lies beside it, and the repair was
// said. A kill is modelled by the write's own file-system calls: from step k on, each one
// throws without touching the disk (the one at step k may do half its work, as a write or
// a removal cut short does), so no catch or rollback the code attempts afterwards can act.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recoverTarget, writeReport, type LockHolder, type WriteIo, type WriteNotice } from '../../src/io/folder.js';
import { type ReportFile } from '../../src/model/files.js';

/** The process died here: nothing after this point runs. */
class Killed extends Error {}

const HOST = 'test-host';
const holder = (pid: number): LockHolder => ({ pid, host: HOST });

/** Writes and removals step by step, without flushing (the model needs the order, not the device). */
function mortal(
  self: LockHolder,
  killAt = Number.POSITIVE_INFINITY,
): { io: WriteIo; steps: () => number; dead: () => boolean } {
  let step = 0;
  let dead = false;
  const at = (halfDone?: () => void): void => {
    if (dead) throw new Killed();
    if (step++ !== killAt) return;
    dead = true;
    try {
      halfDone?.();
    } catch {
      // What half an operation would have done, had it got that far.
    }
    throw new Killed();
  };
  const remove = (path: string): void => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) remove(join(path, name));
      at();
      rmdirSync(path);
    } else {
      at();
      unlinkSync(path);
    }
  };
  const io: WriteIo = {
    mkdir: (path, recursive) => {
      at();
      mkdirSync(path, { recursive });
    },
    writeFile: (path, content) => {
      at(() => writeFileSync(path, content.slice(0, Math.floor(content.length / 2))));
      writeFileSync(path, content);
    },
    createLock: (path, text) => {
      at(() => writeFileSync(path, '', { flag: 'wx' }));
      writeFileSync(path, text, { flag: 'wx' });
    },
    rename: (from, to) => {
      at();
      renameSync(from, to);
    },
    remove,
    flushDir: () => at(),
    pause: () => undefined,
    self,
    // Only the process doing the repair runs; every earlier writer is gone.
    running: (other) => other.pid === self.pid,
  };
  return { io, steps: () => step, dead: () => dead };
}

function workspace(): { parent: string; dir: string } {
  const parent = mkdtempSync(join(tmpdir(), 'idemsim-faults-'));
  return { parent, dir: join(parent, 'report') };
}

/** A folder's files, by name, as bytes; undefined when it is missing. */
function folder(dir: string): Record<string, string> | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  return Object.fromEntries(names.sort().map((name) => [name, readFileSync(join(dir, name)).toString('hex')]));
}

function expected(files: readonly ReportFile[]): Record<string, string> {
  const bytes = (content: string | Uint8Array): string => Buffer.from(content).toString('hex');
  return Object.fromEntries(
    [...files].sort((a, b) => a.name.localeCompare(b.name)).map((file) => [file.name, bytes(file.content)]),
  );
}

const OLD: ReportFile[] = [
  { name: 'index.html', content: '<p>old report</p>' },
  { name: 'summary.json', content: '{"idemsim":"old"}' },
  { name: 'old-only.svg', content: '<svg/>' },
];

function newReport(extras: readonly Uint8Array[]): ReportFile[] {
  return [
    { name: 'index.html', content: '<p>new report</p>' },
    { name: 'summary.json', content: '{"idemsim":"new"}' },
    ...extras.map((content, i) => ({ name: `chart-${i}.svg`, content })),
  ];
}

const THIRD: ReportFile[] = [
  { name: 'index.html', content: '<p>third</p>' },
  { name: 'numbers.json', content: '{}' },
];

/** Sets DIR up (with the earlier report or without), then writes the new report, killed at step k. */
function killedWrite(files: readonly ReportFile[], existed: boolean, killAt: number) {
  const { parent, dir } = workspace();
  if (existed) writeReport(dir, OLD, mortal(holder(100)).io);
  const writer = mortal(holder(101), killAt);
  try {
    writeReport(dir, files, writer.io);
  } catch (error) {
    // A cleanup that swallows its failure may even return: the process is dead all the same.
    if (!(error instanceof Killed)) throw error;
  }
  return { parent, dir, killed: writer.dead(), steps: writer.steps() };
}

/** Steps of an uninterrupted write, for the property to try every one. */
function stepsOf(files: readonly ReportFile[], existed: boolean): number {
  return killedWrite(files, existed, Number.POSITIVE_INFINITY).steps;
}

/** DIR holds the previous report (or nothing, if there was none) or the new one, and nothing lies beside it. */
function expectRepaired(
  parent: string,
  dir: string,
  files: readonly ReportFile[],
  existed: boolean,
  what: string,
): void {
  const now = folder(dir);
  expect([existed ? expected(OLD) : undefined, expected(files)], what).toContainEqual(now);
  expect(readdirSync(parent), what).toEqual(now === undefined ? [] : ['report']);
}

describe('a write killed at any step, then repaired', () => {
  const configs = fc.tuple(fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 4 }), fc.boolean());

  it('recoverTarget leaves the previous report or the new one, nothing beside it, and says what it did', () => {
    fc.assert(
      fc.property(configs, ([extras, existed]) => {
        const files = newReport(extras);
        const total = stepsOf(files, existed);
        for (let k = 0; k <= total; k++) {
          const { parent, dir, killed } = killedWrite(files, existed, k);
          expect(killed).toBe(k < total);
          const leftBehind = readdirSync(parent).filter((name) => name !== 'report');
          const notices: WriteNotice[] = [];
          recoverTarget(dir, mortal(holder(102)).io, (notice) => notices.push(notice));
          const what = `killed at step ${k} of ${total}, leaving ${leftBehind.join(', ') || 'nothing'}`;
          expectRepaired(parent, dir, files, existed, what);
          expect(notices.length > 0, what).toBe(leftBehind.length > 0);
        }
      }),
      { seed: 20_240_611, numRuns: 25 },
    );
  });

  it('the next writer repairs first, then writes its own report whole', () => {
    fc.assert(
      fc.property(configs, ([extras, existed]) => {
        const files = newReport(extras);
        const total = stepsOf(files, existed);
        for (let k = 0; k < total; k++) {
          const { parent, dir } = killedWrite(files, existed, k);
          const leftBehind = readdirSync(parent).filter((name) => name !== 'report');
          const notices: WriteNotice[] = [];
          writeReport(dir, THIRD, mortal(holder(102)).io, (notice) => notices.push(notice));
          expect(folder(dir)).toEqual(expected(THIRD));
          expect(readdirSync(parent)).toEqual(['report']);
          expect(notices.length > 0).toBe(leftBehind.length > 0);
        }
      }),
      { seed: 7, numRuns: 15 },
    );
  });

  it('a repair killed at any step is itself repaired by the next one', () => {
    fc.assert(
      fc.property(configs, fc.nat(), fc.nat(), ([extras, existed], kRaw, jRaw) => {
        const files = newReport(extras);
        const total = stepsOf(files, existed);
        const { parent, dir } = killedWrite(files, existed, kRaw % total);
        try {
          recoverTarget(dir, mortal(holder(102), jRaw % 12).io);
        } catch (error) {
          if (!(error instanceof Killed)) throw error;
        }
        recoverTarget(dir, mortal(holder(103)).io);
        expectRepaired(parent, dir, files, existed, `killed at ${kRaw % total}, its repair at ${jRaw % 12}`);
      }),
      { seed: 99, numRuns: 200 },
    );
  });

  it('a kill between the two renames: DIR missing, then the previous report put back and said so', () => {
    const files = newReport([]);
    // The first step at which a kill leaves DIR missing: the second rename.
    const total = stepsOf(files, true);
    const cut = Array.from({ length: total }, (_, k) => k).find((k) => {
      const { dir } = killedWrite(files, true, k);
      return folder(dir) === undefined;
    });
    expect(cut).toBeDefined();
    const { parent, dir } = killedWrite(files, true, cut as number);
    expect(readdirSync(parent).sort()).toEqual([
      expect.stringMatching(/^report\.idemsim-lock$/),
      expect.stringMatching(/^report\.old-[0-9a-f]{8}$/),
      expect.stringMatching(/^report\.tmp-[0-9a-f]{8}$/),
    ]);
    const notices: WriteNotice[] = [];
    recoverTarget(dir, mortal(holder(102)).io, (notice) => notices.push(notice));
    expect(folder(dir)).toEqual(expected(OLD));
    expect(notices.map((notice) => notice.kind)).toEqual(['lockTakenOver', 'restored', 'removed']);
    expect(readdirSync(parent)).toEqual(['report']);
  });
});
