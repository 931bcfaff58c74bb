// The last guard on a page's size. The API stages already cap what a page shows of the spec
// (src/openapi/exampleFiles.ts), but a spec can still pile up hundreds of long field
// descriptions, examples and parameters on one operation. A page whose HTML passes
// MAX_PAGE_BYTES is rendered again from a tightened copy of its model, step by step: shorter
// code blocks and descriptions, then fewer schema nodes, then only the top-level fields and the
// first items of long lists (parameters, fields, named examples, security alternatives, responses,
// callbacks), the rest counted where a link to one left out lands (src/client/enhance/nearestAnchor.ts).
// An API overview that large keeps its first servers, security schemes and tags; the API's landing
// its first tags.
import type { ApiIndexModel, ApiOverviewView, Code, MediaContent, OperationView, PageModel, SchemaNode, TocEntry } from '../shared/viewModels';
import { TRAILING_ARRAY_MARKS } from '../shared/arrayMarks';

/** No page's HTML may be larger (bytes, UTF-8). */
export const MAX_PAGE_BYTES = 1_000_000;
/** Tightening steps tried, in order, while a page is too large. */
export const TIGHTEN_LEVELS = 3;

interface Level {
  /** Examples, and code samples (short already unless the spec brings its own). */
  code: { lines: number; chars: number };
  samples: { lines: number; chars: number };
  /** Characters of a field's description kept (its first paragraph at most); 0 drops it. */
  description: number;
  enumValues: number;
  /** Schema nodes kept per page; beyond it nodes lose their fields. */
  nodes: number;
  /** Deepest level of fields kept (1: the top-level fields only). */
  depth: number;
  /** Fields and parameters past the node budget left out, counted (else each is kept, without its own fields). */
  dropFields?: boolean;
  /** Operation, body and response descriptions: first paragraph only. */
  pageDescriptions: boolean;
}

const LEVELS: Level[] = [
  { code: { lines: 40, chars: 4_000 }, samples: { lines: Infinity, chars: Infinity }, description: 1_000, enumValues: 10, nodes: Infinity, depth: Infinity, pageDescriptions: false },
  { code: { lines: 10, chars: 1_000 }, samples: { lines: 60, chars: 6_000 }, description: 200, enumValues: 5, nodes: 400, depth: Infinity, pageDescriptions: true },
  // A spec can list thousands of parameters or fields on one operation (5,000 query parameters
  // made a 4.6 MB page at this level when each was kept): past the budget they are counted.
  { code: { lines: 5, chars: 500 }, samples: { lines: 20, chars: 2_000 }, description: 0, enumValues: 3, nodes: 100, depth: 1, pageDescriptions: true, dropFields: true },
];

/** Named examples of a media type kept at a level that drops fields. */
const EXAMPLES_KEPT = 5;
/** Servers and security schemes an overview keeps, and the security alternatives, responses and callbacks an operation keeps at the last level (a spec listed 3,000 servers). */
const LISTED_KEPT = 20;
/** Tags a landing or an overview over 1 MB lists (3,000 tags of one operation each made an 812 KB landing; Microsoft Graph beta has 828). */
const TAGS_KEPT = 500;

const NOTE = '<p class="text-cut">Shortened to keep this page small; the full text is in the OpenAPI spec.</p>';

/** A copy of an API page's model made smaller at `level` (1 to TIGHTEN_LEVELS); other pages are returned as they are. */
export function tightenPage(page: PageModel, level: number): PageModel {
  const l = LEVELS[Math.min(level, LEVELS.length) - 1];
  const body = page.body;
  if (body.kind === 'apiSchema') {
    const budget = { nodes: l.nodes };
    const schema = { ...body.schema, schema: tree(body.schema.schema, l, budget, 0), example: body.schema.example && code(body.schema.example, l.code) };
    return { ...page, body: { ...body, schema } };
  }
  // An overview over 1 MB lists thousands of servers or security schemes: cut at the first step
  // (renderPage stops at a step that changes nothing).
  if (body.kind === 'apiOverview') {
    const overview = tightOverview(body.overview, l);
    // The table of contents lists each security scheme: those left out are no longer there to link to.
    const gone = new Set(body.overview.auth.slice(overview.auth.length).map((a) => a.id));
    const toc = (entries: TocEntry[]): TocEntry[] => entries.filter((e) => !gone.has(e.id)).map((e) => ({ ...e, children: toc(e.children) }));
    return { ...page, body: { ...body, overview, toc: toc(body.toc) } };
  }
  if (body.kind === 'apiIndex') return { ...page, body: { ...body, api: tightIndex(body.api) } };
  if (body.kind !== 'apiOperation') return page;
  const op = body.operation;
  const budget = { nodes: l.nodes };
  const text = (html: string) => (l.pageDescriptions ? description(html, 2_000) : html);
  const contents = (list: MediaContent[]): MediaContent[] =>
    list.map((c) => {
      // A media type can have thousands of named examples, each a tab here and in the sidecar.
      const examples = l.dropFields ? c.examples.slice(0, EXAMPLES_KEPT) : c.examples;
      const more = c.examples.length - examples.length + (c.moreExamples ?? 0);
      return { ...c, schema: c.schema && tree(c.schema, l, budget, 0), examples: examples.map((ex) => ({ ...ex, code: code(ex.code, l.code) })), moreExamples: more || undefined };
    });
  // The operation's request and responses, and then each of its callbacks' (a spec gave one
  // operation 2,000 callbacks, an 8.5 MB page, and another 400 responses, 1.2 MB at the last step
  // when every response was kept).
  const exchange = <T extends Exchange>(o: T): T => {
    const cut = l.dropFields ? cutList(o, 'responses', 'moreResponses', LISTED_KEPT) : o;
    return {
      ...cut,
      descriptionHtml: text(o.descriptionHtml),
      parameters: o.parameters.map((g) => {
        const { kept, more } = fields(g.params, l, budget, 1);
        return { ...g, params: kept, more: more + (g.more ?? 0) || undefined };
      }),
      requestBody: o.requestBody && { ...o.requestBody, descriptionHtml: text(o.requestBody.descriptionHtml), contents: contents(o.requestBody.contents) },
      responses: cut.responses.map((r) => ({ ...r, descriptionHtml: text(r.descriptionHtml), headers: r.headers.map((h) => tree(h, l, budget, 1)), contents: contents(r.contents) })),
    };
  };
  const withCallbacks = l.dropFields ? cutList(op, 'callbacks', 'moreCallbacks', LISTED_KEPT) : op;
  const operation: OperationView = {
    ...exchange(withCallbacks),
    callbacks: withCallbacks.callbacks.map((cb) => ({ ...cb, operations: cb.operations.map(exchange) })),
    codeSamples: op.codeSamples.map((s) => ({ ...s, code: code(s.code, l.samples) })),
    securityRequirements: l.dropFields && op.securityRequirements ? cutList(op.securityRequirements, 'alternatives', 'moreAlternatives', LISTED_KEPT) : op.securityRequirements,
  };
  return { ...page, body: { ...body, operation } };
}

/** What an operation and a callback's operation have alike: a request and responses. */
type Exchange = Pick<OperationView, 'descriptionHtml' | 'parameters' | 'requestBody' | 'responses' | 'moreResponses'>;

/** `object` with its list `key` cut to `kept` items, and how many were left out added to its `moreKey`. */
function cutList<T extends object, K extends keyof T, M extends keyof T>(object: T, key: K, moreKey: M, kept: number): T {
  const list = object[key] as unknown[];
  if (list.length <= kept) return object;
  return { ...object, [key]: list.slice(0, kept), [moreKey]: list.length - kept + (((object[moreKey] as number | undefined) ?? 0)) };
}

/** The API overview made smaller: its first servers (their variables' first values) and security schemes, the rest counted. */
function tightOverview(o: ApiOverviewView, l: Level): ApiOverviewView {
  let out = cutList(o, 'servers', 'moreServers', LISTED_KEPT);
  out = cutList(out, 'auth', 'moreAuth', LISTED_KEPT);
  out = cutList(out, 'tags', 'moreTags', TAGS_KEPT);
  const details = o.serverDetails?.slice(0, out.servers.length).map((d) => ({ ...d, variables: d.variables.map((v) => cutList(v, 'enum', 'moreEnum', l.enumValues)) }));
  return { ...out, serverDetails: details };
}

/** The API's landing made smaller: its first tags (under `x-tagGroups`, the first groups' tags), the rest counted. */
function tightIndex(api: ApiIndexModel): ApiIndexModel {
  if (!api.tagGroups) return cutList(api, 'tags', 'moreTags', TAGS_KEPT);
  let room = TAGS_KEPT;
  let more = api.moreTags ?? 0;
  const tagGroups = api.tagGroups.flatMap((group) => {
    const tags = group.tags.slice(0, room);
    room -= tags.length;
    more += group.tags.length - tags.length;
    return tags.length > 0 ? [{ ...group, tags }] : [];
  });
  return more === (api.moreTags ?? 0) ? api : { ...api, tagGroups, moreTags: more };
}

/** The first lines of a code block, keeping what is known of the whole (its size, its file). */
function code(c: Code, limits: { lines: number; chars: number }): Code {
  let end = 0;
  let lines = 0;
  while (lines < limits.lines && end < c.code.length) {
    const nl = c.code.indexOf('\n', end);
    end = nl === -1 ? c.code.length : nl + 1;
    lines++;
  }
  end = Math.min(end, limits.chars);
  if (end >= c.code.length) return c;
  const shown = c.code.slice(0, end).replace(/\n$/, '');
  const whole = c.truncated ?? { totalLines: c.code.split('\n').length, totalBytes: Buffer.byteLength(c.code) };
  return { ...c, code: shown, truncated: { ...whole, shownLines: shown.split('\n').length } };
}

/** A schema node and its fields, cut to the level's node budget and depth. */
function tree(node: SchemaNode, l: Level, budget: { nodes: number }, depth: number): SchemaNode {
  budget.nodes--;
  const out: SchemaNode = {
    ...node,
    descriptionHtml: node.descriptionHtml && description(node.descriptionHtml, l.description),
  };
  if (node.enumValues && node.enumValues.length > l.enumValues) {
    out.enumValues = node.enumValues.slice(0, l.enumValues);
    out.moreEnumValues = { count: node.enumValues.length - l.enumValues + (node.moreEnumValues?.count ?? 0), href: node.moreEnumValues?.href };
  }
  const hasFields = node.children.length > 0 || node.additional || node.variants;
  if (hasFields && (budget.nodes <= 0 || depth >= l.depth)) {
    out.children = [];
    out.additional = undefined;
    out.variants = undefined;
    const type = node.type.replace(TRAILING_ARRAY_MARKS, '');
    out.truncated = node.truncated ?? { typeName: /^(object|any|one of|any of)$|[<|]/.test(type) ? undefined : type };
    return out;
  }
  const { kept, more } = fields(node.children, l, budget, depth + 1);
  out.children = kept;
  if (more > 0) out.moreFields = more + (node.moreFields ?? 0);
  if (node.additional) out.additional = tree(node.additional, l, budget, depth + 1);
  if (node.variants) out.variants = { ...node.variants, options: node.variants.options.map((o) => ({ ...o, node: tree(o.node, l, budget, depth) })) };
  return out;
}

/** A list of fields, each tightened; at a level that drops fields, those past the node budget are left out and counted (the first is always kept). */
function fields(nodes: readonly SchemaNode[], l: Level, budget: { nodes: number }, depth: number): { kept: SchemaNode[]; more: number } {
  const kept: SchemaNode[] = [];
  for (const node of nodes) {
    if (l.dropFields && budget.nodes <= 0 && kept.length > 0) break;
    kept.push(tree(node, l, budget, depth));
  }
  return { kept, more: nodes.length - kept.length };
}

/**
 * A description's first paragraph, when that is at most `max` characters (else nothing), and a
 * note. markdown-it writes top-level blocks one per line and a <p> cannot nest, so the first
 * `</p>` ends the first paragraph.
 */
function description(html: string, max: number): string {
  if (html.length <= max) return html;
  const end = html.startsWith('<p>') ? html.indexOf('</p>') : -1;
  const first = end !== -1 && end + 4 <= max ? html.slice(0, end + 4) : '';
  return first + NOTE;
}
