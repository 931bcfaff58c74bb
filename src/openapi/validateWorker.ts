// A spec thread (validator.ts): loads the validator as soon as it starts, then takes the one job
// it is sent. It parses the spec's text (or takes the document), checks the quality gate's spec
// rules on it when asked (src/lint/specLint.ts), then validates it, replying once for each. The
// checks come first: the validator dereferences the document in place, and the rules read the
// `$ref`s as written. Before the job it may be asked to parse the text for the build's thread
// (Validator.parse): it answers with the document in V8's serialization, and keeps its own parse
// for the job of the same text.
import { parentPort } from 'node:worker_threads';
import v8 from 'node:v8';
import { validateSpec } from './validate';
import { parseSpec } from './load';
import type { ParseJob, SpecJob, SpecReply } from './validator';
import { collectGarbage } from '../workers';

const reply = (message: SpecReply, transfer?: ArrayBuffer[]) => parentPort!.postMessage(message, transfer);

/** The text parsed for the build's thread, and its document, which the job of the same text takes. */
let parsed: { text: string; document: Record<string, any> } | undefined;

parentPort!.on('message', (message: ParseJob | SpecJob) => {
  if ('parse' in message) parse(message);
  else void job(message);
});

function parse({ parse: { text, source } }: ParseJob): void {
  let document: Record<string, any>;
  try {
    document = parseSpec(text, source) as Record<string, any>;
  } catch {
    // The build's thread parses it again and reports the error, with its line.
    reply({ parsed: null });
    return;
  }
  const bytes = v8.serialize(document);
  // Handed over, not copied, when the bytes are a buffer of their own.
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  reply({ parsed: bytes }, whole ? [bytes.buffer as ArrayBuffer] : undefined);
  parsed = { text, document };
  collectGarbage(); // see job()
}

async function job(job: SpecJob): Promise<void> {
  const { spec } = job;
  let document: Record<string, any>;
  const kept = 'text' in spec && parsed?.text === spec.text ? parsed.document : undefined;
  parsed = undefined;
  try {
    document = kept ?? ('document' in spec ? spec.document : (parseSpec(spec.text, spec.source) as Record<string, any>));
  } catch (cause) {
    if (job.lint) reply({ lintFailed: (cause as Error).message });
    if (job.validate) reply({ failed: (cause as Error).message });
    return;
  }
  // Parsing a large spec leaves several times the document in garbage, which V8 would keep in
  // this thread's heap, and the process's memory, while the build's other threads peak too.
  if ('text' in spec && !kept) collectGarbage();
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
}
