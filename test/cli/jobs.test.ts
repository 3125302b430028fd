// --jobs never starts more threads than the machine has cores: each would hold a copy of
// the simulator and they would only share the cores (256 on 2 cores took 3.1 GB and 27 s).
import fc from 'fast-check';
import { availableParallelism } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobCount } from '../../src/cli/options.js';
import { idemsim, requireBuild } from './binary.js';

describe('jobCount', () => {
  it('is the number asked for up to the cores, the cores beyond, with a note exactly then', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 256 }), fc.integer({ min: 1, max: 64 }), (n, cores) => {
        const notes: string[] = [];
        expect(jobCount(String(n), (line) => notes.push(line), cores)).toBe(Math.min(n, cores));
        expect(notes).toHaveLength(n > cores ? 1 : 0);
        if (n > cores) expect(notes[0]).toContain(`--jobs ${n}: this machine has ${cores} core`);
      }),
      { seed: 16, numRuns: 300 },
    );
  });

  it('defaults to the cores, and refuses what is not 1 to 256', () => {
    expect(jobCount(undefined, () => undefined, 6)).toBe(6);
    for (const bad of ['0', '257', 'two', '-1', '1.5', '']) {
      expect(() => jobCount(bad, () => undefined, 2), bad).toThrow(/--jobs/);
    }
  });
});

describe('sweep --jobs 256', () => {
  beforeAll(() => requireBuild());

  it('runs on the cores, says so on stderr, and prints what --jobs 1 prints', () => {
    const args = ['sweep', '--vary', 'client.retries=0,1,2,3', '--actions', '300', '--format', 'json'];
    const many = idemsim([...args, '--jobs', '256']);
    expect(many.status).toBe(0);
    const cores = availableParallelism();
    expect(many.stderr).toContain(`--jobs 256: this machine has ${cores} core`);
    expect(many.stdout).toBe(idemsim([...args, '--jobs', '1']).stdout);
  });
});
