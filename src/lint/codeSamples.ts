// code-sample-mismatch: the JSON body of an `x-codeSamples` (or `x-code-samples`) sample, checked
// against the operation's JSON request body schema: a sample in JSON itself, or the `-d`/`--data`
// argument of a curl command. Bodies with shell variables or read from a file are not judged.
import type { ExampleValidator } from './exampleValidator';
import { escapePointerSegment as esc, printable, type Finding } from './finding';
import { deref, isJsonMediaType, isObject, operationsOf } from './walk';

export function checkCodeSamples(document: Record<string, any>, validator: ExampleValidator, file: string): Finding[] {
  const findings: Finding[] = [];
  for (const op of operationsOf(document)) {
    for (const key of ['x-codeSamples', 'x-code-samples']) {
      const samples = op.operation[key];
      if (!Array.isArray(samples)) continue;
      const schemaPointer = requestSchemaPointer(document, op.operation.requestBody, `${op.pointer}/requestBody`);
      if (!schemaPointer) continue;
      for (const [i, sample] of samples.entries()) {
        if (!isObject(sample) || typeof sample.source !== 'string') continue;
        const body = jsonBody(String(sample.lang ?? ''), sample.source);
        if (!body) continue;
        const pointer = `${op.pointer}/${esc(key)}/${i}/source`;
        const name = `the ${printable(String(sample.label ?? sample.lang ?? ''))} code sample of ${op.method.toUpperCase()} ${printable(op.path)}`;
        let value: unknown;
        try {
          value = JSON.parse(body.text);
        } catch (e) {
          if (body.strict) findings.push({ code: 'code-sample-mismatch', text: `The JSON body of ${name} does not parse: ${printable((e as Error).message)}.`, file, pointer, atValue: true });
          continue;
        }
        const problems = validator.validate(schemaPointer, value, { direction: 'request' });
        if (!problems || problems.length === 0) continue;
        const [first] = problems;
        findings.push({
          code: 'code-sample-mismatch',
          text: `The JSON body of ${name} does not match the request body schema: ${first.instancePath ? `at ${printable(first.instancePath)} ` : ''}it ${printable(first.message)}.`,
          file,
          pointer,
          atValue: true,
          notes: [`schema: ${printable(schemaPointer)}`],
        });
      }
    }
  }
  return findings;
}

/** The pointer of the first JSON media type's schema of a request body. */
function requestSchemaPointer(document: Record<string, any>, requestBody: unknown, pointer: string): string | undefined {
  const found = deref(document, requestBody, pointer);
  if (!found || !isObject(found.value.content)) return undefined;
  for (const [type, media] of Object.entries(found.value.content)) {
    if (isJsonMediaType(type) && isObject(media) && isObject(media.schema)) return `${found.pointer}/content/${esc(type)}/schema`;
  }
  return undefined;
}

/**
 * The sample's JSON body: all of it for a JSON sample (`strict`: it must parse), or the quoted
 * argument of curl's `-d`, `--data`, `--data-raw`, `--data-binary` or `--json` (judged only
 * when it parses: shell quoting can hide what the shell would send).
 */
export function jsonBody(lang: string, source: string): { text: string; strict: boolean } | undefined {
  if (/^json$/i.test(lang.trim())) return { text: source, strict: true };
  if (!/^(shell|curl|bash|sh|console|zsh)$/i.test(lang.trim()) && !/^\s*curl\s/.test(source)) return undefined;
  const m = /(?:^|\s)(?:-d|--data|--data-raw|--data-binary|--json)\s+(?:'([^']*)'|"((?:[^"\\]|\\.)*)")/.exec(source);
  if (!m) return undefined;
  const text = m[1] ?? m[2].replace(/\\(["\\$`])/g, '$1');
  if (!/^\s*[[{]/.test(text) || /\$\{?[A-Za-z_]/.test(m[2] ?? '')) return undefined;
  return { text, strict: false };
}
