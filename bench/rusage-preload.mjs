// Loaded with `node --import` into a CLI process the bench measures from outside: when the
// process exits, writes its own resource usage (CPU of all its threads, peak RSS) as JSON to the
// file named by DOCSGEN_BENCH_RUSAGE. The CLI cannot report it itself, and Node gives a parent
// no rusage of its children.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.DOCSGEN_BENCH_RUSAGE;
// Worker threads inherit --import: only the main thread writes, at the process's exit.
if (file && isMainThread) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    fs.writeFileSync(file, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKiB: u.maxRSS }));
  });
}
