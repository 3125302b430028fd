// Prints "N passed, N failed" from vitest's JSON report. A test file that failed to load
// (no test ran in it) counts as one failure, so a broken import cannot look green.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
console.log(`${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed`);
