// A lint thread (src/lint/buildLint.ts): checks the one spec it is sent, its text parsed here
// (sending the parsed document would copy it in the build's thread), and replies once with the
// diagnostics, or with the error that stopped it.
import { parentPort } from 'node:worker_threads';
import type { Policy } from '../diagnostics/diagnostic';
import { parseSpec } from '../openapi/load';
import { lint } from './lint';
import { collectGarbage } from '../workers';

export interface LintJob {
  text: string;
  source: string;
  rules: Record<string, Policy>;
  /** The rules to run. */
  codes: string[];
}

parentPort!.once('message', (job: LintJob) => {
  try {
    const codes = new Set(job.codes);
    const document = parseSpec(job.text, job.source) as Record<string, any>;
    collectGarbage(); // see validateWorker.ts
    // Collected again after each direction's examples: left to V8, this thread's heap grew to
    // several times what it held, beside the build's site stage (the 35,000-page spec: 1,345
    // MiB of peak RSS for 520 MB live at most, 1,063 MiB with these collections).
    parentPort!.postMessage({ diagnostics: lint({ specs: [{ document, source: job.source, text: job.text }], guides: [], rules: job.rules, select: (code) => codes.has(code), released: collectGarbage }) });
  } catch (cause) {
    parentPort!.postMessage({ failed: (cause as Error).message });
  }
});
