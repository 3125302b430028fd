// Preloaded by the bench (node --require) into a whole idemsim process it times: when the
// process exits, writes the CPU time it used, every thread of it (the main thread, sweep
// workers, V8's compiling and collecting threads), as the last line of stderr:
// "bench-cpu <microseconds>". CommonJS, so that the process it measures starts as usual.
// Workers inherit --require; only the main thread reports, since a worker ends first.
'use strict';
const { writeSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

if (isMainThread) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    writeSync(2, `\nbench-cpu ${user + system}\n`);
  });
}
