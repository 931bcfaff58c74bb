// Preloaded (`node --require`) into the measured docsgen process by bench/octokit.mjs: reports the
// process's own CPU time and peak RSS when it exits, as one line on stderr. Worker threads load
// preloads too; only the main thread reports, at the very end.
if (require('node:worker_threads').isMainThread) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    process.stderr.write(`\noctokit-usage ${JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKiB: u.maxRSS })}\n`);
  });
}
