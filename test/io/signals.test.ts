// Signals during a write wait for it, then end the process by the same signal with one line,
// after a key store's cleanups (src/io/signals.ts); before any write or cleanup they keep their
// default. A fake process stands in for the real one; test/cli/out-signals.test.ts sends real
// signals to the built binary.
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomically } from '../../src/io/file.js';
import { writeFolder } from '../../src/cli/out.js';
import { interrupted } from '../../src/cli/messages.js';
import { cleanUpOnExit, holdSignals, installSignals, type SignalProcess } from '../../src/io/signals.js';
import { captured, lines } from '../cli/sinks.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** A process whose signals are events and whose kill(2) is recorded. */
function fakeProcess(): SignalProcess & EventEmitter & { killed: [number, string][] } {
  const emitter = new EventEmitter();
  const killed: [number, string][] = [];
  return Object.assign(emitter, {
    pid: 4242,
    killed,
    kill: (pid: number, signal?: string | number) => {
      killed.push([pid, String(signal)]);
      return true;
    },
  }) as unknown as SignalProcess & EventEmitter & { killed: [number, string][] };
}

const listening = (proc: EventEmitter): number[] => SIGNALS.map((signal) => proc.listenerCount(signal));

describe('signals', () => {
  it('keep their default until something is written: a long simulation stops at once', () => {
    const proc = fakeProcess();
    installSignals(proc, () => undefined);
    expect(listening(proc)).toEqual([0, 0, 0]);
  });

  it('are held from the first write of a report folder on', () => {
    const proc = fakeProcess();
    installSignals(proc, () => undefined);
    writeFolder([{ name: 'index.html', content: 'x' }], 'r', captured({ cwd: mkdtempSync(join(tmpdir(), 'sig-')) }));
    expect(listening(proc)).toEqual([1, 1, 1]);
  });

  it('are held from the first single-file write on (init, check --junit), whose temporary file is gone by then', () => {
    const proc = fakeProcess();
    installSignals(proc, () => undefined);
    const cwd = mkdtempSync(join(tmpdir(), 'sig-'));
    writeFileAtomically(join(cwd, 'junit.xml'), 'junit.xml', '<testsuites/>', true);
    expect(listening(proc)).toEqual([1, 1, 1]);
    expect(readdirSync(cwd)).toEqual(['junit.xml']);
    expect(readFileSync(join(cwd, 'junit.xml'), 'utf8')).toBe('<testsuites/>');
  });

  it.each(SIGNALS)('%s, once the write is done: one line, then the process ends by the same signal', (signal) => {
    const proc = fakeProcess();
    const err = captured().err;
    installSignals(proc, (signal) => err.write(`${interrupted(signal)}\n`));
    holdSignals();
    proc.emit(signal, signal);
    expect(lines(err.text)).toEqual([
      `idemsim: interrupted by ${signal}; no file or report folder was left half-written`,
    ]);
    expect(listening(proc)).toEqual([0, 0, 0]);
    expect(proc.killed).toEqual([[4242, signal]]);
  });

  it('leave the ending to a key store’s cleanup when one still listens', () => {
    const proc = fakeProcess();
    installSignals(proc, () => undefined);
    const cleanup = (): void => undefined;
    proc.on('SIGINT', cleanup);
    holdSignals();
    proc.emit('SIGINT', 'SIGINT');
    expect(proc.killed).toEqual([]);
    expect(proc.listeners('SIGINT')).toEqual([cleanup]);
  });

  it('run a key store’s cleanups after the line, then end the process by the signal', () => {
    const proc = fakeProcess();
    const err = captured().err;
    installSignals(proc, (signal) => err.write(`${interrupted(signal)}\n`));
    const done: string[] = [];
    cleanUpOnExit({ now: () => done.push('server stopped') });
    holdSignals();
    proc.emit('SIGTERM', 'SIGTERM');
    expect(lines(err.text)).toHaveLength(1);
    expect(done).toEqual(['server stopped']);
    expect(proc.killed).toEqual([[4242, 'SIGTERM']]);
  });

  it('listen while a cleanup is pending, though nothing is written, and no longer once it is closed', () => {
    const proc = fakeProcess();
    installSignals(proc, () => undefined);
    const close = cleanUpOnExit({ now: () => undefined });
    expect(listening(proc)).toEqual([1, 1, 1]);
    close();
    expect(listening(proc)).toEqual([0, 0, 0]);
  });

  it('run the pending cleanups when the process exits', () => {
    const proc = fakeProcess();
    installSignals(proc, () => undefined);
    const done: string[] = [];
    cleanUpOnExit({ now: () => done.push('directory removed') });
    proc.emit('exit', 0);
    expect(done).toEqual(['directory removed']);
  });
});
