// The comment `store measure --write` leaves on keys.recordBytes, and recommend's reading of
// it: a size that says where it was measured, and nothing for a size written by hand.
import { describe, expect, it } from 'vitest';
import { markMeasured, measuredComment, recordBytesMeasuredIn } from '../../src/scenario/measured.js';
import { yaml } from '../../src/scenario/yaml-lib.js';

const FILE = [
  'name: mail',
  '# the key store',
  'keys:',
  '  scope: call   # one key per call',
  '  recordBytes: 1200',
  '',
].join('\n');

describe('a record size marked as measured', () => {
  it('keeps the file as it was but for the value and its comment, and reads back the store', () => {
    const doc = yaml().parseDocument(FILE);
    doc.setIn(['keys', 'recordBytes'], 1453);
    markMeasured(doc, 'redis');
    const text = doc.toString();
    expect(text).toContain(`recordBytes: 1453 #${measuredComment('redis')}`);
    expect(text).toContain('# the key store');
    expect(text).toContain('scope: call # one key per call');
    expect(recordBytesMeasuredIn(text)).toBe('redis');
  });

  it('reads nothing from a size written by hand, a file without one, or text that is not YAML', () => {
    expect(recordBytesMeasuredIn(FILE)).toBeNull();
    expect(recordBytesMeasuredIn('keys:\n  recordBytes: 200 # my guess\n')).toBeNull();
    expect(recordBytesMeasuredIn('name: x\n')).toBeNull();
    expect(recordBytesMeasuredIn('keys: [unclosed\n')).toBeNull();
    expect(recordBytesMeasuredIn(undefined)).toBeNull();
  });

  it('reads the store a postgres measurement names', () => {
    const doc = yaml().parseDocument('keys:\n  recordBytes: 300\n');
    markMeasured(doc, 'postgres');
    expect(recordBytesMeasuredIn(doc.toString())).toBe('postgres');
  });
});
