// Everything an operation page shows, computed at build time: parameters by location, request
// body and responses with schema trees and highlighted examples, security, callbacks, and code
// samples in nine languages. Anchors follow the field's path: `#response-200-data-boundaries-name`.
import type { CodeSampleView, MediaContent, OperationView, SchemaNode } from '../shared/viewModels';
import { generateCodeSamples } from './codeSamples';
import { exampleAs, mediaExamples, parameterExample } from './examples';
import { capMarkdown, createExampleFiles, DESCRIPTION_CHARS, omittedNote, shortenValue, type ExampleFiles, type PageDisplay } from './exampleFiles';
import { jsonHead } from './jsonHead';
import { formatBytes, formatCount } from '../shared/size';
import { escapePointer, valueAt } from './locate';
import { isHidden, mergedParameters, type ApiModel, type ApiOperation } from './model';
import { schemaTree, slugPart, uniqueId, type SchemaUse, type TreeContext } from './schemaTree';
import { nonJsonBody } from './sampleBody';
import { operationRequirements, sampleCredentials, schemeSummary } from './security';
import { shortTitle } from '../shared/titles';
import { joinUrl, sampleBase } from './servers';
import type { SampleRequest } from './types';
import { titleText } from './titleText';

type Obj = Record<string, any>;
type Markdown = (text: string, pointer: string) => string;

const LOCATIONS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

const CALLBACK_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Nodes one page may expand before schema trees stop and link onwards. */
export const PAGE_NODE_BUDGET = 2000;

export interface OperationViewOptions {
  /** Links named schemas beyond this depth, or after their first expansion on the page, to their page. */
  schemaPages?: { href: (name: string) => string | undefined; maxDepth: number; repeatWithin: number };
  /** Every use of a named schema on the page, with where it is (`Response 200`, `Request body`, `Query parameter limit`). */
  onUse?: (use: SchemaUse & { section: string }) => void;
  /** Where the wholes of capped examples, values and samples are written; without it pages cap without links. */
  examples?: ExampleFiles;
  /** The overview page's URL: an operation's security schemes link to their anchors there. */
  overviewHref?: string;
  /** Leave the code samples out: a view made only for its anchors (typed links, the changelog), which come before them. */
  noCodeSamples?: boolean;
}

/** A request body larger than this (JSON, 2 spaces) is shortened in the code samples, which embed it nine times. */
export const SAMPLE_BODY_CHARS = 4_000;

/**
 * Markdown rendered from at most `max` characters of `text`, with a note when shortened. With
 * `page`, the texts of one page share a budget: once it is spent each shows at most `page.min`.
 */
export function cappedMarkdown(markdown: Markdown, max: number, page?: { chars: number; min: number }): Markdown {
  return (text, pointer) => {
    const capped = capMarkdown(text, page ? Math.max(page.min, Math.min(max, page.chars)) : max);
    if (page) page.chars -= capped.text.length;
    const html = markdown(capped.text, pointer);
    return capped.omitted ? html + omittedNote(capped.omitted, text.length) : html;
  };
}

export function operationView(api: ApiModel, op: ApiOperation, document: Obj, render: Markdown, options: OperationViewOptions = {}): OperationView {
  const display = (options.examples ?? createExampleFiles()).forPage();
  const descriptions = { chars: DESCRIPTION_CHARS.total, min: DESCRIPTION_CHARS.min };
  const markdown = cappedMarkdown(render, DESCRIPTION_CHARS.page, descriptions);
  const fieldMarkdown = cappedMarkdown(render, DESCRIPTION_CHARS.field, descriptions);
  // First, so that the page's own description never waits for what its fields left of the budget.
  // A summary's text beyond its title (summaryTitle) leads: it is what the author wrote first.
  const descriptionHtml = (op.summaryMore ? markdown(op.summaryMore, `${op.pointer}/summary`) : '') + (op.description ? markdown(op.description, `${op.pointer}/description`) : '');
  const ids = new Set<string>(['request', 'responses', 'code-samples', 'authentication']);
  const budget = { used: 0, max: PAGE_NODE_BUDGET };
  const schemaPages = options.schemaPages && { ...options.schemaPages, expanded: new Set<string>() };
  const ctx = (direction: 'request' | 'response', section = ''): TreeContext => ({
    resolver: api.resolver,
    markdown: fieldMarkdown,
    display,
    direction,
    ids,
    budget,
    schemaPages,
    onUse: options.onUse && ((use) => options.onUse!({ ...use, section })),
  });
  const server = api.servers[0]?.url ?? '';

  /**
   * Parameters, request body and responses of `target`: the operation itself, or an operation of
   * one of its callbacks, whose anchors start with `prefix` (`callback-on-event-post-`) and whose
   * uses of named schemas are reported under `where` (`Callback onEvent POST › `).
   */
  const exchange = (target: { raw: Obj; parameters: Obj[]; pointer: string }, prefix = '', where = '') => {
    const pointerOf = parameterPointers(api.resolver, document, target);
    const parameters = LOCATIONS.map(([location, label]) => ({
      id: `${prefix}${location}-parameters`,
      location,
      label,
      params: target.parameters
        .filter((p) => p.in === location)
        .map((p): SchemaNode => {
          const at = pointerOf(p);
          const node = schemaTree(p.schema ?? contentSchema(p), ctx('request', `${where}${label.replace(/s$/, '')}`), { id: `${prefix}${location}-${slugPart(String(p.name))}`, pointer: parameterSchemaAt(p, at), name: String(p.name), required: p.required === true || location === 'path' });
          const example = p.example !== undefined ? display.inline(typeof p.example === 'object' ? p.example : String(p.example), `${op.slug}-${location}-${p.name}-example`) : undefined;
          const namedExamples = parameterNamedExamples(p, api.resolver).map((ex) => {
            const shown = display.inline(typeof ex.value === 'object' && ex.value !== null ? ex.value : String(ex.value), `${op.slug}-${location}-${p.name}-example-${ex.key}`);
            return { label: ex.label, value: shown.text, cut: shown.cut, descriptionHtml: ex.description ? fieldMarkdown(ex.description, `${at}/examples/${escapePointer(ex.key)}/description`) : '' };
          });
          return {
            ...node,
            namedExamples: namedExamples.length ? namedExamples : undefined,
            deprecated: node.deprecated || p.deprecated === true,
            descriptionHtml: p.description ? fieldMarkdown(String(p.description), `${at}/description`) : node.descriptionHtml,
            example: example ? example.text : node.example,
            valueCuts: example ? { ...node.valueCuts, example: example.cut } : node.valueCuts,
          };
        }),
    })).filter((group) => group.params.length > 0);

    const body = target.raw.requestBody ? api.resolver.deref<Obj>(target.raw.requestBody) : undefined;
    const bodyId = body && uniqueId(`${prefix}request-body`, ids);
    const bodyAt = placeOf(api.resolver, target.raw.requestBody, `${target.pointer}/requestBody`);
    const requestBody = body && bodyId
      ? {
          id: bodyId,
          required: body.required === true,
          descriptionHtml: body.description ? markdown(String(body.description), `${bodyAt}/description`) : '',
          contents: contents(body.content, bodyId, 'request', `${bodyAt}/content`, `${where}Request body`),
        }
      : undefined;

    const responses = Object.entries<Obj>(target.raw.responses ?? {}).map(([status, raw]) => {
      const response = api.resolver.deref<Obj>(raw);
      const id = uniqueId(`${prefix}response-${slugPart(status)}`, ids);
      const pointer = placeOf(api.resolver, raw, `${target.pointer}/responses/${escapePointer(status)}`);
      return {
        id,
        status,
        statusClass: /^[1-5]/.test(status) ? `${status[0]}xx` : 'default',
        descriptionHtml: response.description ? markdown(String(response.description), `${pointer}/description`) : '',
        headers: Object.entries<Obj>(response.headers ?? {}).map(([name, h]) => {
          const header = api.resolver.deref<Obj>(h);
          const headerAt = placeOf(api.resolver, h, `${pointer}/headers/${escapePointer(name)}`);
          const node = schemaTree(header.schema, ctx('response', `${where}Response ${status} header`), { id: `${id}-header-${slugPart(name)}`, pointer: `${headerAt}/schema`, name, required: header.required === true });
          return { ...node, descriptionHtml: header.description ? fieldMarkdown(String(header.description), `${headerAt}/description`) : node.descriptionHtml };
        }),
        contents: contents(response.content, id, 'response', `${pointer}/content`, `${where}Response ${status}`),
      };
    });
    return { parameters, body, requestBody, responses };
  };
  const { parameters, body, requestBody, responses } = exchange(op);

  function contents(content: Obj | undefined, idPrefix: string, direction: 'request' | 'response', pointer: string, section: string): MediaContent[] {
    const entries = Object.entries<Obj>(content ?? {});
    return entries.map(([mediaType, media]) => ({
      mediaType,
      // With one media type the body's fields hang off the response/request id itself
      // (`response-200-data-name`); with several, each media type gets its own anchored prefix.
      anchorId: entries.length > 1 ? uniqueId(`${idPrefix}-${slugPart(mediaType)}`, ids) : undefined,
      schema: media.schema ? schemaTree(media.schema, ctx(direction, entries.length > 1 ? `${section} (${mediaType})` : section), { id: entries.length > 1 ? `${idPrefix}-${slugPart(mediaType)}` : idPrefix, pointer: `${pointer}/${mediaType.replace(/\//g, '~1')}/schema` }) : undefined,
      examples: mediaExamples(media, direction, document, api.resolver).map((ex, _, list) => {
        const shown = exampleAs(mediaType, ex.value, media.schema, api.resolver);
        return { label: ex.label, code: display.value(shown.value, { name: list.length > 1 ? `${op.slug}-${idPrefix}-${ex.label}` : `${op.slug}-${idPrefix}`, language: shown.language }) };
      }),
    }));
  }

  // Each callback's operations, shown like the operation's own exchange: a callback operation is
  // an operation object. Anchors: `callback-<name>`, then `callback-<name>-<method>-…`.
  const callbacks = Object.entries<Obj>(op.raw.callbacks ?? {}).map(([name, cb]) => {
    const id = uniqueId(`callback-${slugPart(name)}`, ids);
    const pointer = `${op.pointer}/callbacks/${escapePointer(name)}`;
    return {
      id,
      name,
      operations: Object.entries<Obj>(api.resolver.deref<Obj>(cb)).flatMap(([expression, rawItem]) => {
        const item = api.resolver.deref<Obj>(rawItem);
        return CALLBACK_METHODS.filter((method) => item[method] && typeof item[method] === 'object' && !isHidden(item[method])).map((method) => {
          const cbOp: Obj = item[method];
          const cbPointer = `${pointer}/${escapePointer(expression)}/${method}`;
          const cbId = uniqueId(`${id}-${method}`, ids);
          // The headings of its request and responses (templates/pages/ApiOperation.tsx).
          ids.add(`${cbId}-request`).add(`${cbId}-responses`);
          const seen = exchange({ raw: cbOp, parameters: mergedParameters(api.resolver, item, cbOp), pointer: cbPointer }, `${cbId}-`, `Callback ${name} ${method.toUpperCase()} › `);
          return {
            id: cbId,
            method: method.toUpperCase(),
            expression,
            summary: String(cbOp.summary ?? ''),
            descriptionHtml: cbOp.description ? markdown(String(cbOp.description), `${cbPointer}/description`) : '',
            parameters: seen.parameters,
            requestBody: seen.requestBody,
            responses: seen.responses,
          };
        });
      }),
    };
  });

  return {
    title: op.summary,
    method: op.method.toUpperCase(),
    // Shown on the page only (code samples and try-it take the whole): a server shared by every operation.
    serverUrl: shortTitle(server),
    path: op.path,
    deprecated: op.deprecated,
    descriptionHtml,
    security: securityOf(api, op),
    securityRequirements: operationRequirements(op.security, api.securitySchemes, options.overviewHref),
    parameters,
    requestBody,
    responses,
    callbacks,
    // Peers show no code samples for webhooks: the reader's server receives the request, it does not send it.
    codeSamples: op.event === undefined && !options.noCodeSamples ? codeSamples(api, op, document, body, display) : [],
    webhook: op.event === undefined ? undefined : { event: op.event },
  };
}

/** A parameter's named examples (`examples:`, each may be a `$ref` to components/examples), those with a value. */
function parameterNamedExamples(param: Obj, resolver: ApiModel['resolver']): { key: string; label: string; description: string; value: unknown }[] {
  if (!param.examples || typeof param.examples !== 'object') return [];
  return Object.entries<Obj>(param.examples).flatMap(([key, raw]) => {
    const ex = resolver.deref<Obj>(raw);
    if (!ex || typeof ex !== 'object' || ex.value === undefined) return [];
    return [{ key, label: titleText(ex.summary) ?? key, description: typeof ex.description === 'string' ? ex.description : '', value: ex.value }];
  });
}

function contentSchema(param: Obj): Obj | undefined {
  const first = Object.values<Obj>(param.content ?? {})[0];
  return first?.schema;
}

/** Where a parameter's schema is written, given where the parameter is (`at`). */
function parameterSchemaAt(param: Obj, at: string): string {
  if (param.schema) return `${at}/schema`;
  const first = Object.keys(param.content ?? {})[0];
  return first === undefined ? at : `${at}/content/${escapePointer(first)}/schema`;
}

/**
 * Where each of an operation's parameters is written: its own list, or its path item's (the
 * merged list puts both together, and a place in it is neither's). Links in a parameter's text
 * are reported at this pointer, which named the header after a query parameter as the query one.
 */
function parameterPointers(resolver: ApiModel['resolver'], document: Obj, target: { raw: Obj; pointer: string }): (parameter: Obj) => string {
  const ownRaw: unknown[] = target.raw.parameters ?? [];
  const own = ownRaw.map((p) => resolver.deref(p as Obj));
  const item = target.pointer.slice(0, target.pointer.lastIndexOf('/'));
  let sharedRaw: unknown[] | undefined;
  let shared: Obj[] | undefined;
  return (parameter) => {
    const i = own.indexOf(parameter);
    if (i !== -1) return placeOf(resolver, ownRaw[i], `${target.pointer}/parameters/${i}`);
    // The pointer as written (`~1` for `/`), not as a `$ref`'s URI fragment: a path of `/100%/x`
    // read as one threw "URI malformed" and failed the build.
    sharedRaw ??= (resolver.deref<Obj>((valueAt(document, item) ?? {}) as Obj).parameters ?? []) as unknown[];
    shared ??= sharedRaw.map((p) => resolver.deref(p as Obj));
    const j = shared.indexOf(parameter);
    return j !== -1 ? placeOf(resolver, sharedRaw[j], `${item}/parameters/${j}`) : `${target.pointer}/parameters`;
  };
}

/**
 * Where a value is written: the target of its `$ref` (a parameter, response, header or request
 * body of `components`), else `at`. A link in a shared response's text is then one problem, shown
 * by every operation that uses it, not one report per operation at a pointer that holds nothing.
 */
function placeOf(resolver: ApiModel['resolver'], raw: unknown, at: string): string {
  if (!raw || typeof raw !== 'object' || typeof (raw as Obj).$ref !== 'string') return at;
  const ref = resolver.schema(raw as Obj).ref;
  return ref?.startsWith('#') ? ref.slice(1) : at;
}

function securityOf(api: ApiModel, op: ApiOperation): { name: string; detail: string }[] {
  return op.security.flatMap((requirement) =>
    Object.keys(requirement ?? {}).map((key) => ({ name: key, detail: schemeSummary(api.securitySchemes.find((s) => s.key === key)) })),
  );
}

/**
 * The request the code samples make: first server, example parameter values, the credentials of
 * the first security requirement, and a body of the first media type (JSON preferred). A JSON
 * body larger than SAMPLE_BODY_CHARS is shortened (`display` links to the whole).
 */
export function sampleRequest(api: ApiModel, op: ApiOperation, document: Obj, body: Obj | undefined, display?: PageDisplay): SampleRequest {
  let path = op.path;
  const query: SampleRequest['query'] = [];
  const headers: SampleRequest['headers'] = [];
  const cookies: { name: string; value: string }[] = [];
  for (const p of op.parameters) {
    const value = parameterExample(p, document, api.resolver);
    // An empty value would leave `//` in the URL: the parameter's name stands in for it.
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value || String(p.name)));
    else if (p.in === 'query' && (p.required || p.example !== undefined || hasNamedExample(p) || p.schema?.example !== undefined) && value !== '') query.push({ name: p.name, value });
    else if (p.in === 'header' && p.required && value !== '') headers.push({ name: p.name, value });
    else if (p.in === 'cookie' && p.required && value !== '') cookies.push({ name: p.name, value });
  }
  const credentials = sampleCredentials(op.security, api.securitySchemes);
  headers.push(...credentials.headers.filter((c) => !headers.some((h) => h.name.toLowerCase() === c.name.toLowerCase())));
  query.push(...credentials.query);
  cookies.push(...credentials.cookies);
  // Cookies go in one Cookie header, which every generator sends as it is.
  if (cookies.length) headers.push({ name: 'Cookie', value: cookies.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join('; ') });
  const response200 = Object.keys(op.raw.responses ?? {}).find((s) => s.startsWith('2'));
  const accept = response200 ? Object.keys(api.resolver.deref<Obj>(op.raw.responses[response200]).content ?? {})[0] : undefined;
  if (accept) headers.push({ name: 'Accept', value: accept });
  let sampleBody: SampleRequest['body'];
  const notes = [...credentials.notes];
  const entries = Object.entries<Obj>(body?.content ?? {});
  const json = entries.find(([type]) => /json/i.test(type));
  const [example] = json ? mediaExamples(json[1], 'request', document, api.resolver) : [];
  if (json && example) {
    // A JSON example written as a string holding JSON is sent as that JSON.
    const value = exampleAs(json[0], example.value, json[1].schema, api.resolver).value;
    const head = jsonHead(value, { indent: 2, maxChars: SAMPLE_BODY_CHARS });
    if (head.complete) sampleBody = { mimeType: json[0], text: head.text };
    else {
      const short = shortenValue(value, SAMPLE_BODY_CHARS);
      sampleBody = { mimeType: json[0], text: JSON.stringify(short, null, 2) ?? '' };
      const whole = display?.file(value, `${op.slug}-request-body`);
      const items = Array.isArray(value) && Array.isArray(short) ? ` (${formatCount(short.length)} of ${formatCount(value.length)} items)` : '';
      notes.push(`The request body is shortened for this sample${items}${whole?.url ? `;\nthe full example (${formatBytes(whole.totalBytes)}): ${whole.url}` : '.'}`);
    }
  } else if (entries.length > 0) {
    // Not JSON, or JSON without an example (a `format: binary` body declared as JSON): sent as its schema says.
    const [mediaType, media] = json ?? entries[0]!;
    const sent = nonJsonBody(mediaType, media, document, api.resolver);
    sampleBody = sent.body;
    if (sent.shortened) notes.push('The request body is shortened for this sample.');
  }
  const note = notes.length ? notes.join('\n') : undefined;
  return { method: op.method.toUpperCase(), url: joinUrl(sampleBase(api.servers), path), query, headers, body: sampleBody, note };
}

/** Whether a parameter has named examples: the samples then send its first one, as they send an `example`. */
function hasNamedExample(param: Obj): boolean {
  return !!param.examples && typeof param.examples === 'object' && Object.keys(param.examples).length > 0;
}

function codeSamples(api: ApiModel, op: ApiOperation, document: Obj, body: Obj | undefined, display: PageDisplay): CodeSampleView[] {
  const samples = generateCodeSamples(sampleRequest(api, op, document, body, display), op.raw['x-codeSamples'] ?? op.raw['x-code-samples']);
  return samples.map((s) => ({ lang: s.lang, label: s.label, code: display.text(s.code, { name: `${op.slug}-${s.lang}`, language: s.highlight, ext: 'txt' }) }));
}
