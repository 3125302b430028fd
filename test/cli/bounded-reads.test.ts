// Every file idemsim reads is read up to a limit of its kind: /dev/zero, which never ends,
// is refused in one line with exit 2 by every command that reads a file, long before it
// could exhaust memory (report read 12.5 GB of it in a minute).
import { describe, expect, it } from 'vitest';
import { inProcess } from './in-process.js';

describe('a file that never ends', () => {
  it.each([
    [['validate', '/dev/zero'], 'a scenario file'],
    [['run', '/dev/zero'], 'a scenario file'],
    [['report', '/dev/zero', '--out', '/tmp/idemsim-never-written'], 'a summary'],
    [['diff', '/dev/zero', '/dev/zero'], 'a saved run'],
    [['merge', '/dev/zero'], 'a part'],
    [['fit-latency', '--from', '/dev/zero'], 'a latency CSV'],
  ])('%j: one line naming the limit, exit 2', async (args, what) => {
    const outcome = await inProcess(args);
    expect(outcome.status).toBe(2);
    expect(outcome.stderr.trim().split('\n')).toHaveLength(1);
    expect(outcome.stderr).toMatch(
      new RegExp(`^/dev/zero: cannot read: more than the limit of \\d+ bytes for ${what}\\n$`),
    );
  });
});
