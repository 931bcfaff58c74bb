// The checks of what an operation page shows: a title (summary or description), described
// parameters, a schema for each structured body, a success response, and an operationId that
// names the operation alone (links and typed links in guides use it).
import { describeOperation, escapePointerSegment as esc, printable, type Finding } from './finding';
import { deref, isObject, operationsOf } from './walk';

/** Bodies a schema cannot describe: files, images, archives. */
const OPAQUE_MEDIA = /^(image|audio|video|font)\/|^application\/(octet-stream|pdf|zip|gzip|x-tar|x-gzip|vnd\.[^;]*(zip|excel|openxmlformats|ms-|spreadsheet)|x-protobuf|protobuf|grpc)|^\*\/\*$|^text\/(event-stream|html|csv)/i;

export function checkOperations(document: Record<string, any>, file: string): Finding[] {
  const findings: Finding[] = [];
  const add = (code: string, text: string, pointer: string, extra: Partial<Finding> = {}) => findings.push({ code, text, file, pointer, ...extra });
  const reportedParameters = new Set<string>();
  const operationIds = new Map<string, string>();
  for (const op of operationsOf(document)) {
    const name = describeOperation(op.path, op.method);
    const { operation } = op;
    if (!nonEmpty(operation.summary) && !nonEmpty(operation.description)) add('operation-description', `The operation ${name} has neither a summary nor a description.`, op.pointer);

    for (const [list, at] of [[op.pathItem.parameters, `${op.pathItemPointer}/parameters`], [operation.parameters, `${op.pointer}/parameters`]] as const) {
      if (!Array.isArray(list)) continue;
      for (const [i, raw] of list.entries()) {
        const found = deref(document, raw, `${at}/${i}`);
        if (!found || reportedParameters.has(found.pointer)) continue;
        reportedParameters.add(found.pointer);
        if (!nonEmpty(found.value.description) && !nonEmpty(found.value.schema?.description)) {
          add('parameter-description', `The ${printable(String(found.value.in ?? ''))} parameter "${printable(String(found.value.name ?? ''))}" of ${name} has no description.`, found.pointer);
        }
      }
    }

    const request = deref(document, operation.requestBody, `${op.pointer}/requestBody`);
    if (request) findings.push(...bodiesWithoutSchema(request.value, request.pointer, `the request body of ${name}`, file));
    if (!isObject(operation.responses)) {
      add('response-success', `The operation ${name} has no responses.`, op.pointer);
    } else {
      const codes = Object.keys(operation.responses);
      if (!codes.some((code) => /^[23](\d\d|XX)$/i.test(code) || code === '101')) add('response-success', `The operation ${name} has no 2xx response (it lists ${codes.map(printable).join(', ') || 'none'}).`, `${op.pointer}/responses`);
      for (const [status, raw] of Object.entries(operation.responses)) {
        if (/^(204|205|304)$/.test(status) || op.method === 'head') continue;
        const found = deref(document, raw, `${op.pointer}/responses/${esc(status)}`);
        if (found) findings.push(...bodiesWithoutSchema(found.value, found.pointer, `the ${printable(status)} response of ${name}`, file));
      }
    }

    if (!nonEmpty(operation.operationId)) add('operation-id-missing', `The operation ${name} has no operationId.`, op.pointer);
    else if (operationIds.has(operation.operationId)) {
      add('operation-id-duplicate', `The operationId "${printable(operation.operationId)}" of ${name} is also that of ${operationIds.get(operation.operationId)}.`, `${op.pointer}/operationId`, { atValue: true, notes: ['Each operation needs its own operationId: links to the operation and the page URL are made from it.'] });
    } else operationIds.set(operation.operationId, name);
  }
  // A response defined once in components and used by many operations is reported once.
  return dedupe(findings);
}

/** Media types that have a structured body but no schema. */
function bodiesWithoutSchema(holder: Record<string, any>, pointer: string, subject: string, file: string): Finding[] {
  if (!isObject(holder.content)) return [];
  return Object.entries(holder.content)
    .filter(([type, media]) => !OPAQUE_MEDIA.test(type.trim()) && (!isObject(media) || !isObject(media.schema)))
    .map(([type]) => ({ code: 'response-schema', text: `The ${printable(type)} body of ${subject} has no schema.`, file, pointer: `${pointer}/content/${esc(type)}` }));
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    if (f.code !== 'response-schema') return true;
    const key = f.pointer!;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function nonEmpty(v: unknown): boolean {
  return typeof v === 'string' && v.trim() !== '';
}
