// The record sizes the article's page sets beside its "about 36 MB" are the ones the
// key-stores guide reports `idemsim store measure` counted: the two say the same bytes,
// store and version.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MEASURED_RECORDS } from '../../src/figures/measured.js';

const guide = readFileSync(fileURLToPath(new URL('../../docs/guide/key-stores.md', import.meta.url)), 'utf8');
/** The guide's row for the article's record: a small (64 B) response body. */
const smallRow = guide.split('\n').find((line) => line.startsWith('| small (64 B)')) ?? '';

describe('measured record sizes', () => {
  it("are the guide's bold figures for the article's record, Redis first, then Postgres", () => {
    expect(smallRow).not.toBe('');
    const cells = smallRow.split('|').map((cell) => cell.trim());
    expect(cells.slice(2, 4)).toEqual(MEASURED_RECORDS.map((m) => `**${m.recordBytes} B**`));
  });

  it('name the store versions the guide says were measured', () => {
    const [redis, postgres] = MEASURED_RECORDS.map((m) => m.store.split(' '));
    expect(redis?.[0]).toBe('Redis');
    expect(guide).toContain(`redis-server ${redis?.[1] ?? '?'}`);
    expect(postgres?.[0]).toBe('Postgres');
    expect(guide).toContain(`running Postgres ${postgres?.[1] ?? '?'}`);
  });
});
