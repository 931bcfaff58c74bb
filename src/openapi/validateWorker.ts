// A validation thread (src/openapi/parse.ts): loads the validator as soon as it starts, then
// validates the one spec it is sent (its text, parsed here, or a document) and replies once with
// the messages, or with the error that stopped the validator.
import { parentPort } from 'node:worker_threads';
import { validateSpec } from './validate';
import { parseSpec } from './load';
import type { ValidationInput } from './validator';
import { collectGarbage } from '../workers';

parentPort!.once('message', async (spec: ValidationInput) => {
  try {
    const document = 'document' in spec ? spec.document : parseSpec(spec.text, spec.source);
    // Parsing a large spec leaves several times the document in garbage, which V8 would keep in
    // this thread's heap, and the process's memory, while the build's other threads peak too.
    if ('text' in spec) collectGarbage();
    parentPort!.postMessage({ messages: await validateSpec(document) });
  } catch (cause) {
    parentPort!.postMessage({ failed: (cause as Error).message });
  }
});
