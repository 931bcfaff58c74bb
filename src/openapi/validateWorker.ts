// A spec thread (validator.ts): loads the validator as soon as it starts, then takes the one job
// it is sent. It parses the spec's text (or takes the document), checks the quality gate's spec
// rules on it when asked (src/lint/specLint.ts), then validates it, replying once for each. The
// checks come first: the validator dereferences the document in place, and the rules read the
// `$ref`s as written.
import { parentPort } from 'node:worker_threads';
import { validateSpec } from './validate';
import { parseSpec } from './load';
import type { SpecJob, SpecReply } from './validator';
import { collectGarbage } from '../workers';

const reply = (message: SpecReply) => parentPort!.postMessage(message);

parentPort!.once('message', async (job: SpecJob) => {
  const { spec } = job;
  let document: Record<string, any>;
  try {
    document = 'document' in spec ? spec.document : (parseSpec(spec.text, spec.source) as Record<string, any>);
  } catch (cause) {
    if (job.lint) reply({ lintFailed: (cause as Error).message });
    if (job.validate) reply({ failed: (cause as Error).message });
    return;
  }
  // Parsing a large spec leaves several times the document in garbage, which V8 would keep in
  // this thread's heap, and the process's memory, while the build's other threads peak too.
  if ('text' in spec) collectGarbage();
  if (job.lint) {
    try {
      const { lintSpecText } = await import('../lint/specLint');
      // A Swagger 2.0 spec is checked as converted, in the build's thread.
      reply({ lint: 'text' in spec && !('swagger' in document) ? lintSpecText(job.lint, { document, source: spec.source, text: spec.text }, collectGarbage) : null });
    } catch (cause) {
      reply({ lintFailed: (cause as Error).message });
    }
  }
  if (job.validate) {
    try {
      const messages = await validateSpec(document);
      if (messages.errors.length > 0 && job.errorsFound) Atomics.store(new Int32Array(job.errorsFound), 0, 1);
      reply({ messages });
    } catch (cause) {
      reply({ failed: (cause as Error).message });
    }
  }
});
