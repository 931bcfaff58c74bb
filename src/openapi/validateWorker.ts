// A validation thread (src/openapi/parse.ts): loads the validator as soon as it starts, then
// validates the one document it is sent and replies once with the messages, or with the error
// that stopped the validator.
import { parentPort } from 'node:worker_threads';
import { validateSpec } from './validate';

parentPort!.once('message', async (document: Record<string, unknown>) => {
  try {
    parentPort!.postMessage({ messages: await validateSpec(document) });
  } catch (cause) {
    parentPort!.postMessage({ failed: (cause as Error).message });
  }
});
