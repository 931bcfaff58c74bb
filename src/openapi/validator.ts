// The spec's validation thread (validateWorker.ts). Kept apart from parse.ts so that starting
// one early does not load the spec parser into the main thread.
import type { ValidationMessages } from './validate';
import { startWorker } from '../workers';

/**
 * A validation thread, started before the spec is at hand: loading the validator takes as long
 * as validating a small spec, so the build starts one with itself. `dispose` ends a thread that
 * was never used; `terminate` ends it whatever it is doing (a build that failed elsewhere: a
 * live thread would keep the process from exiting).
 */
export interface Validator {
  /**
   * The spec as its text when the document is just that text parsed (the thread parses it again
   * itself: sending the parsed document copied it in this thread, which took 30 s and hundreds of
   * MB on a 46 MB spec), else the document (a bundled or converted one).
   */
  validate(spec: ValidationInput): Promise<ValidationMessages>;
  dispose(): void;
  terminate(): void;
}

export type ValidationInput = { text: string; source: string } | { document: Record<string, unknown> };

export function startValidator(): Validator {
  const worker = startWorker('validate-worker', 'openapi/validateWorker.ts', undefined);
  const answer = new Promise<ValidationMessages>((resolve, reject) => {
    worker.once('message', (reply: { messages: ValidationMessages } | { failed: string }) => ('messages' in reply ? resolve(reply.messages) : reject(new Error(`Validating the OpenAPI spec failed: ${reply.failed}`))));
    worker.once('error', (cause) => reject(new Error(`The OpenAPI spec validator failed: ${cause.message}`, { cause })));
    worker.once('exit', (code) => reject(new Error(`The OpenAPI spec validator stopped (exit code ${code}) before it answered.`)));
  });
  answer.catch(() => {}); // a disposed validator is never asked
  // Once it has answered, the thread goes: it holds its own copy of the spec (hundreds of MB on
  // a large one), which the render stage would otherwise carry.
  answer.then(() => void worker.terminate(), () => {});
  let used = false;
  return {
    validate(spec) {
      used = true;
      worker.postMessage(spec);
      return answer;
    },
    dispose() {
      if (!used) void worker.terminate();
    },
    terminate() {
      void worker.terminate();
    },
  };
}
