// Real signals to the built binary while it works towards `--out D`, D holding an earlier
// report: whenever the signal comes, the process ends by it (a shell shows 130, 143 or
// 129), D holds a complete report, the earlier one or the new one byte for byte, and
// nothing is left beside it. A SIGKILL mid-swap, which nothing can catch, is repaired and
// said by the next write.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuild } from './binary.js';
import { beside, endedBy, folder, pauseMidSwap, runToEnd, start, until } from './out-processes.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const RUN = ['run', '--actions', '300000', '--seed', '2'];

let base: string;
/** The earlier report (seed 1), the report of `RUN`, and the one `report` draws from RUN's summary. */
let earlier: Record<string, string> | undefined;
let ran: Record<string, string> | undefined;

beforeAll(async () => {
  requireBuild();
  base = mkdtempSync(join(tmpdir(), 'idemsim-signals-'));
  const made = await Promise.all([
    runToEnd(['run', '--actions', '200', '--seed', '1', '--out', 'earlier'], base),
    runToEnd([...RUN, '--out', 'ran'], base),
  ]);
  for (const end of made) expect(end.status, end.stderr).toBe(0);
  earlier = folder(join(base, 'earlier'));
  ran = folder(join(base, 'ran'));
});

/** A fresh workspace whose D holds the earlier report. */
function workspace(): string {
  const cwd = mkdtempSync(join(tmpdir(), 'idemsim-signal-'));
  cpSync(join(base, 'earlier'), join(cwd, 'D'), { recursive: true });
  return cwd;
}

describe('a signal at any moment of `run --out D`', () => {
  // From the moment the process starts to well into the simulation: before any write the
  // signal keeps its default, so it ends the process at once.
  it.each([
    ['SIGINT', 0],
    ['SIGTERM', 150],
    ['SIGINT', 600],
    ['SIGHUP', 1200],
  ] as const)(
    '%s after %i ms: ended by it, D the earlier report or the new one, nothing beside it',
    async (signal, ms) => {
      const cwd = workspace();
      const running = start([...RUN, '--out', 'D'], cwd);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running.child.kill(signal);
      const end = await running.ended;
      const now = folder(join(cwd, 'D'));
      // Too late to stop it (a fast machine): then it finished whole.
      if (end.status === 0) expect(now).toEqual(ran);
      else {
        expect(endedBy(end, signal), end.stderr).toBe(true);
        expect([earlier, ran]).toContainEqual(now);
      }
      expect(beside(cwd, 'D')).toEqual([]);
    },
  );

  it('SIGINT the moment the temporary folder appears: held until the write is done, then said', async () => {
    const cwd = workspace();
    const running = start([...RUN, '--out', 'D'], cwd);
    let exited = false;
    void running.ended.then(() => (exited = true));
    await until(() => exited || beside(cwd, 'D').some((name) => name.startsWith('D.tmp-')), 'D.tmp-* appeared');
    running.child.kill('SIGINT');
    const end = await running.ended;
    expect([earlier, ran]).toContainEqual(folder(join(cwd, 'D')));
    expect(beside(cwd, 'D')).toEqual([]);
    if (end.status !== 0) {
      expect(endedBy(end, 'SIGINT')).toBe(true);
      expect(folder(join(cwd, 'D'))).toEqual(ran);
      expect(end.stderr).toContain('idemsim: interrupted by SIGINT; no file or report folder was left half-written');
    }
  });
});

describe('a signal between the two renames of the swap (D moved aside, the new report not yet in place)', () => {
  it.each(SIGNALS)('%s: the swap is finished first, then one line and the exit by that signal', async (signal) => {
    const cwd = workspace();
    const release = join(cwd, 'release');
    const running = start(['report', join(base, 'ran', 'summary.json'), '--out', 'D'], cwd, pauseMidSwap(release));
    await until(() => beside(cwd, 'D').some((name) => name.startsWith('D.old-')), 'D moved aside');
    expect(folder(join(cwd, 'D'))).toBeUndefined();
    running.child.kill(signal);
    writeFileSync(release, '');
    const end = await running.ended;
    expect(endedBy(end, signal), end.stderr).toBe(true);
    expect(end.stderr.trim().split('\n')).toEqual([
      `report written to ${join('D', 'index.html')}`,
      `idemsim: interrupted by ${signal}; no file or report folder was left half-written`,
    ]);
    expect(folder(join(cwd, 'D'))).toEqual(ran);
    expect(beside(cwd, 'D')).toEqual([]);
  });

  it('SIGKILL, which no process can catch: D is missing, and the next write puts it right and says so', async () => {
    const cwd = workspace();
    const running = start(
      ['report', join(base, 'ran', 'summary.json'), '--out', 'D'],
      cwd,
      pauseMidSwap(join(cwd, 'never')),
    );
    await until(() => beside(cwd, 'D').some((name) => name.startsWith('D.old-')), 'D moved aside');
    running.child.kill('SIGKILL');
    await running.ended;
    expect(folder(join(cwd, 'D'))).toBeUndefined();
    const left = beside(cwd, 'D').sort();
    expect(left).toEqual([
      'D.idemsim-lock',
      expect.stringMatching(/^D\.old-[0-9a-f]{8}$/),
      expect.stringMatching(/^D\.tmp-[0-9a-f]{8}$/),
    ]);
    const next = await runToEnd(['report', join(base, 'earlier', 'summary.json'), '--out', 'D'], cwd);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr.trim().split('\n')).toEqual([
      `--out D: took over D.idemsim-lock, from pid ${running.child.pid}, which is no longer running`,
      `--out D: an earlier write was interrupted; put the previous report back from ${left[1]}`,
      `--out D: removed ${left[2]}, left by an interrupted write`,
      `report written to ${join('D', 'index.html')}`,
    ]);
    expect(folder(join(cwd, 'D'))).toEqual(earlier);
    expect(beside(cwd, 'D')).toEqual([]);
  });
});
