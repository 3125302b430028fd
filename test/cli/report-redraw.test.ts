// `idemsim report` redraws, from summary.json alone, the folder `run --out` wrote: the one
// check that a redrawn report is byte-identical, on the shared folder (rendered-report.ts)
// whose features each reach a file: markup, several scenarios, PNGs, a traced timeline and
// an extended run's time series.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines } from './sinks.js';
import { renderedReport } from './rendered-report.js';

describe('idemsim report', () => {
  it('redraws, from summary.json alone, a folder byte-identical to the one run --out wrote', async () => {
    const { run, redrawn } = await renderedReport();
    expect(run.code, run.err).toBe(0);
    expect(redrawn.code, redrawn.err).toBe(0);
    expect(Object.keys(redrawn.files)).toEqual(Object.keys(run.files));
    for (const name of Object.keys(run.files)) {
      expect(redrawn.files[name]?.equals(run.files[name] as Buffer), name).toBe(true);
    }
  });

  it('prints nothing on stdout and where the report went on stderr', async () => {
    const { redrawn } = await renderedReport();
    expect(redrawn.out).toBe('');
    expect(lines(redrawn.err)).toEqual([`report written to ${join('r2', 'index.html')}`]);
  });

  it("draws an extended run's time series and its sections", async () => {
    const { run } = await renderedReport();
    expect(Object.keys(run.files)).toEqual(
      expect.arrayContaining(['timeseries.csv', 'timeseries.json', 'timeseries.svg']),
    );
    expect(run.files['index.html']?.toString()).toContain('Service crashes, leases and checks');
  });
});
