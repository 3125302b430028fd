// Prints "N passed, N failed" from vitest's JSON report. A test file that failed with no
// failed test of its own (a broken import, or a beforeAll that threw and skipped every
// test) counts as one failure, so it cannot look green.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const brokenFiles = report.testResults.filter(
  (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
).length;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed`);
