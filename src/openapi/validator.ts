// The spec's thread (validateWorker.ts): the validator, and the quality gate's spec rules on the
// same parse when it is given them. Kept apart from parse.ts so that starting one early does not
// load the spec parser into the main thread.
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { SpecLintJob } from '../lint/specLint';
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
  /**
   * The document the thread parses from `text`, in V8's serialization, for the build's thread:
   * asked for before the job, so that the thread parses a large spec while the build's thread
   * does the stages before the spec's, and parses it once for both. Resolves to undefined when
   * the text does not parse (the build's thread parses it again, for the error); rejects when
   * the thread fails or stops first. A job for the same text then validates the same parse.
   */
  parse(text: string, source: string): Promise<Uint8Array | undefined>;
  /**
   * The quality gate's findings on the spec (`lint` of startValidator), checked by the thread
   * on the parse it validates, before validating it: one parse and one thread for both. Only
   * for a text validated here, of `lint.minChars` or more; undefined otherwise (nothing sent
   * yet, a document, a smaller text). Resolves to undefined for a text that is not OpenAPI 3 (a
   * Swagger 2.0 spec is checked as converted).
   */
  linted(): Promise<Diagnostic[] | undefined> | undefined;
  /**
   * Whether the thread found errors in the spec. The thread sets it itself (shared memory), so a
   * stage that runs without yielding, such as the site stage, can read it before the verdict's
   * message is handled, and stop.
   */
  foundErrors(): boolean;
  dispose(): void;
  terminate(): void;
}

export type ValidationInput = { text: string; source: string } | { document: Record<string, unknown> };

/** What a spec thread may be sent before its job (Validator.parse). */
export interface ParseJob {
  parse: { text: string; source: string };
}

/** What a spec thread is sent, once. */
export interface SpecJob {
  spec: ValidationInput;
  validate: boolean;
  /** An Int32Array's memory the thread sets to 1 when the spec has errors (Validator.foundErrors). */
  errorsFound?: SharedArrayBuffer;
  /** The quality gate's spec rules to check first, on a text. */
  lint?: SpecLintJob;
}

export type SpecReply = { messages: ValidationMessages } | { failed: string } | { lint: Diagnostic[] | null } | { lintFailed: string } | { parsed: Uint8Array | null };

/** `lint`: the quality gate's spec rules, which the thread checks on a text of at least `minChars` characters (a smaller one is checked in the build's thread: src/lint/buildLint.ts). */
export function startValidator(lint?: { job: SpecLintJob; minChars: number }): Validator {
  const thread = startSpecThread();
  const errorsFound = new Int32Array(new SharedArrayBuffer(4));
  let linted: Promise<Diagnostic[] | undefined> | undefined;
  let used = false;
  return {
    validate(spec) {
      used = true;
      const job: SpecJob = { spec, validate: true, errorsFound: errorsFound.buffer as SharedArrayBuffer, ...(lint && 'text' in spec && spec.text.length >= lint.minChars ? { lint: lint.job } : {}) };
      const answers = thread.send(job);
      linted = answers.linted;
      return answers.messages!;
    },
    parse: thread.parse,
    linted: () => linted,
    foundErrors: () => Atomics.load(errorsFound, 0) === 1,
    dispose() {
      if (!used) thread.terminate();
    },
    terminate: thread.terminate,
  };
}

/**
 * A spec thread, started now and sent one job later. Each answer asked for settles once: with
 * the thread's reply, or rejected when the thread fails or stops first (before the job was sent,
 * too). The thread ends when the last one has come: it holds its own copy of the spec (hundreds
 * of MB on a large one), which the render stage would otherwise carry.
 */
export function startSpecThread(): { send(job: SpecJob): { messages?: Promise<ValidationMessages>; linted?: Promise<Diagnostic[] | undefined> }; parse(text: string, source: string): Promise<Uint8Array | undefined>; terminate(): void } {
  const worker = startWorker('validate-worker', 'openapi/validateWorker.ts', undefined);
  const terminate = () => void worker.terminate();
  let messages: Answer<ValidationMessages> | undefined;
  let linted: Answer<Diagnostic[] | undefined> | undefined;
  let parsed: Answer<Uint8Array | undefined> | undefined;
  let ended: { validator: Error; lint: Error } | undefined;
  const end = (validator: Error, lint: Error) => {
    ended ??= { validator, lint };
    messages?.reject(ended.validator);
    linted?.reject(ended.lint);
    parsed?.reject(ended.validator);
  };
  worker.on('message', (reply: SpecReply) => {
    if ('parsed' in reply) parsed?.resolve(reply.parsed ?? undefined);
    else if ('messages' in reply) messages?.resolve(reply.messages);
    else if ('failed' in reply) messages?.reject(new Error(`Validating the OpenAPI spec failed: ${reply.failed}`));
    else if ('lint' in reply) linted?.resolve(reply.lint ?? undefined);
    else linted?.reject(new Error(`Checking the spec's examples failed: ${reply.lintFailed}`));
  });
  worker.once('error', (cause) => end(new Error(`The OpenAPI spec validator failed: ${cause.message}`, { cause }), new Error(`The thread checking the spec's examples failed: ${cause.message}`, { cause })));
  worker.once('exit', (code) => end(new Error(`The OpenAPI spec validator stopped (exit code ${code}) before it answered.`), new Error(`The thread checking the spec's examples stopped (exit code ${code}) before it answered.`)));
  return {
    send(job) {
      messages = job.validate ? answer() : undefined;
      linted = job.lint ? answer() : undefined;
      if (ended) end(ended.validator, ended.lint);
      else worker.postMessage(job);
      void Promise.allSettled([messages?.promise, linted?.promise]).then(terminate);
      return { messages: messages?.promise, linted: linted?.promise };
    },
    parse(text, source) {
      parsed = answer();
      if (ended) end(ended.validator, ended.lint);
      else worker.postMessage({ parse: { text, source } } satisfies ParseJob);
      return parsed.promise;
    },
    terminate,
  };
}

interface Answer<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: Error): void;
}

function answer<T>(): Answer<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {}); // awaited by whoever asked; a build that failed first does not
  return { promise, resolve, reject };
}
