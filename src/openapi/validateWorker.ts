// A validation thread (src/openapi/parse.ts): validates the document it was started with and
// replies once with the messages, or with the error that stopped the validator.
import { parentPort, workerData } from 'node:worker_threads';
import { validateSpec } from './validate';

try {
  parentPort!.postMessage({ messages: await validateSpec(workerData) });
} catch (cause) {
  parentPort!.postMessage({ failed: (cause as Error).message });
}
