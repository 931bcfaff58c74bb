// What local search indexes, taken from the page models of the site stage (no HTML re-parse):
// listed pages under the configured routes (`search.routes`, default `/guides` and `/api`).
//
// Per page kind:
// - guide (`doc`): title, description, keywords, the text before the first heading, and each
//   h2/h3 section (heading + the text under it; h4–h6 fold into their section; code blocks are
//   left out, inline code is kept);
// - API overview: title, description, the sections of its description, and its own headings
//   (Servers, Authentication and each scheme, Endpoints) with their text;
// - API tag page: title, description, the tag's text (unless it only repeats the description);
// - API changelog: each operation's changes (or the whole API's) under its method and path, in
//   the context of the pair of versions compared;
// - API operation: title (summary), description, keywords = method + path (a webhook: "Webhook",
//   its event and method), the operation's text,
//   every parameter, request-body/response field and response header by name (a Heading pointing
//   at its own anchor, with a context such as `Response 200 › data › boundaries`; its description
//   and possible values are its Content), the request body, each response code (`200` →
//   `#response-200`) with its description, and callbacks. A field repeated with the same
//   description on one page (the `meta` envelope of every response) is indexed once, at its
//   first anchor. Callbacks' operations' fields are indexed the same way, in the callback's context.
// Skipped: unlisted pages (`head.noindex`), drafts, and generated listings that only repeat
// other pages (the /guides and /api landings, tag lists, home, search, 404).
// Ids are assigned from 1 in page order, so the same site always gives the same file (and hash).
import crypto from 'node:crypto';
import { digest, type Memo } from '../cache/memo';
import type { OperationView, PageModel, SchemaNode } from '../shared/viewModels';
import { FieldContext, SearchDocumentType } from '../shared/search/types';
import { withoutBlobs } from './blobs';
import { rememberingHtmlToText, splitSections } from './html';
import { DocumentTable, TableBuilder, pageColumns, type PageColumns, type TitleKeys } from './table';
import { shortTitle } from '../shared/titles';

export interface SearchDocument {
  type: SearchDocumentType;
  /** Id. Title, Description and Keywords of a page share the page id; a Content document shares the id of the Heading it sits under (the page id before the first heading). */
  i: number;
  /** The text (title, heading, description, keywords, or the section's text). */
  t: string;
  /** Id of the page (its Title document). */
  p: number;
  /** Page URL with baseUrl (no anchor). */
  url: string;
  /** Anchor id without `#`; `''` for the page itself. */
  anchor: string;
  /** Where the page sits, page itself excluded: `Guides › Boundaries`, `API › Schools`. */
  breadcrumb: string;
  /** Title of the page. */
  pageTitle: string;
  /** Context of an API field heading: `Query parameter`, `Response 200 › data › boundaries`. */
  section?: string;
}

export interface SearchDocumentsOptions {
  /** Route prefixes to index (`search.routes`). */
  routes: string[];
  /** URL of a route with baseUrl; default: the page's canonical URL minus the site origin. */
  href?: (page: PageModel) => string;
  /**
   * A page's documents made beforehand by pageSearchDocuments (a build makes them for the pages
   * of its page store while each body is in memory, instead of reading every body back here).
   */
  made?: (page: PageModel) => PageColumns | undefined;
  /**
   * The build's memo: the documents of guide pages are kept in it by groups of pages, under a
   * digest of what they are made from, so a build takes an unchanged guide's documents instead
   * of reading its HTML again (the guides' sections were a third of the search stage).
   */
  memo?: Memo;
  /**
   * The HTML's text, remembered over more than one call (a build's page store makes each page's
   * documents on its own call: PageColumnsByRoute.htmlToText); by default, over this call's pages.
   */
  htmlToText?: (html: string) => string;
  /** The documents go into the build cache (see pageColumns). */
  kept?: boolean;
}

export const BREADCRUMB_SEPARATOR = ' › ';
const CONTEXT_SEPARATOR = ' › ';

const locationLabel: Record<string, string> = { path: FieldContext.path, query: FieldContext.query, header: FieldContext.header, cookie: FieldContext.cookie };

/** The documents of the pages, in order, as objects (see searchDocumentTable). */
export function searchDocuments(pages: PageModel[], options: SearchDocumentsOptions): SearchDocument[] {
  return searchDocumentTable(pages, options).toArray();
}

/** The documents of the pages, in order, numbered from 1, as the columns the index is made from. */
export function searchDocumentTable(pages: PageModel[], options: SearchDocumentsOptions): DocumentTable {
  if (options.memo && !options.href) {
    const remembered = rememberedGuideDocuments(pages, options, options.memo);
    const made = options.made;
    options = { ...options, memo: undefined, made: (page) => made?.(page) ?? remembered.get(page) };
  }
  const table = new TableBuilder();
  if (!options.made) {
    table.addDocuments(documentsFrom(pages, options, 1).documents);
    return table.finish();
  }
  let next = 1;
  let run: PageModel[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const made = documentsFrom(run, options, next);
    table.addDocuments(made.documents);
    next = made.nextId;
    run = [];
  };
  for (const page of pages) {
    const made = options.made(page);
    if (!made) {
      run.push(page);
      continue;
    }
    flush();
    // Renumbered to follow the pages before it, as if made in this pass.
    table.addPage(made, next - 1);
    next += made.ids;
  }
  flush();
  return table.finish();
}

/** One page's documents, as searchDocuments makes them for it, numbered from 1. */
export function pageSearchDocuments(page: PageModel, options: SearchDocumentsOptions): PageColumns {
  const { documents, nextId } = documentsFrom([page], options, 1);
  return pageColumns(documents, nextId - 1, options.kept);
}

export const DOCUMENTS_STAGE = 'search-documents';
/** Guide pages per memo entry, on average (boundaries as in indexMemo.ts: after a page whose digest starts with a low byte). */
const GROUP_PAGES = 64;

/**
 * The documents of the guide pages, by groups of consecutive guides: from the memo, or made and
 * stored (numbered from 1 per page, as pageSearchDocuments makes them).
 */
function rememberedGuideDocuments(pages: PageModel[], options: SearchDocumentsOptions, memo: Memo): Map<PageModel, PageColumns> {
  const out = new Map<PageModel, PageColumns>();
  const routes = JSON.stringify(options.routes);
  let group: PageModel[] = [];
  let hash = crypto.createHash('sha1');
  const close = () => {
    if (group.length === 0) return;
    const key = digest('search documents 2', routes, hash.digest('hex'));
    let known = fromColumns(memo.get<DocumentColumns>(DOCUMENTS_STAGE, key), group.length);
    if (!known) {
      known = group.map((page) => pageSearchDocuments(page, { ...options, kept: true }));
      memo.set(DOCUMENTS_STAGE, key, toColumns(known));
    }
    for (let k = 0; k < group.length; k++) out.set(group[k], known[k]);
    group = [];
    hash = crypto.createHash('sha1');
  };
  for (const page of pages) {
    // made first: a stored page's body is read from the page store when touched.
    if (options.made?.(page) || page.body.kind !== 'doc') {
      close();
      continue;
    }
    const pageKey = guideDigest(page);
    hash.update(pageKey);
    group.push(page);
    if (pageKey[0] < 256 / GROUP_PAGES) close();
  }
  close();
  return out;
}

/**
 * A group's documents as the memo keeps them: the pages' columns joined, the page's URL,
 * breadcrumb and title once per page. Kept as objects, a 7,000-page site's guides took longer
 * to read back (V8 deserialising 36 MB of objects) than to make again.
 */
interface DocumentColumns {
  /** Per page: ids taken, documents, URL, breadcrumb, title. */
  pages: (string | number)[];
  /** Per document: type, id, page id (numbered from 1 per page). */
  numbers: Int32Array;
  /** Per document: text, anchor, context (`\u0000` for none). */
  texts: string[];
  /** Per page: its PageColumns.digest. */
  digests: string[];
  /** Per page: its PageColumns.titleKeys, or three NO_SECTION. */
  titles: string[];
}

const NO_SECTION = '\u0000';

function toColumns(pages: PageColumns[]): DocumentColumns {
  const columns: DocumentColumns = { pages: [], numbers: new Int32Array(pages.reduce((n, p) => n + p.numbers.length, 0)), texts: [], digests: [], titles: [] };
  let at = 0;
  for (const page of pages) {
    columns.pages.push(page.ids, page.numbers.length / 3, page.url, page.breadcrumb, page.pageTitle);
    columns.digests.push(page.digest ?? '');
    columns.titles.push(...(page.titleKeys ?? [NO_SECTION, NO_SECTION, NO_SECTION]));
    columns.numbers.set(page.numbers, at);
    at += page.numbers.length;
    for (let k = 0; k < page.texts.length; k++) columns.texts.push(page.texts[k] ?? NO_SECTION);
  }
  return columns;
}

/** The pages' documents kept by toColumns; undefined when the value is not `count` pages of them. */
function fromColumns(value: DocumentColumns | undefined, count: number): PageColumns[] | undefined {
  if (!value || !Array.isArray(value.pages) || !(value.numbers instanceof Int32Array) || !Array.isArray(value.texts) || !Array.isArray(value.digests) || !Array.isArray(value.titles) || value.pages.length !== 5 * count || value.texts.length !== value.numbers.length || value.digests.length !== count || value.titles.length !== 3 * count) return undefined;
  const { pages, numbers, texts, digests, titles } = value;
  const out: PageColumns[] = [];
  let at = 0;
  for (let k = 0; k < pages.length; k += 5) {
    const [ids, n, url, breadcrumb, pageTitle] = pages.slice(k, k + 5) as [number, number, string, string, string];
    const index = k / 5;
    if (at + 3 * n > numbers.length) return undefined;
    const own = texts.slice(at, at + 3 * n) as (string | undefined)[];
    for (let j = 2; j < own.length; j += 3) if (own[j] === NO_SECTION) own[j] = undefined;
    const page: PageColumns = { ids, url, breadcrumb, pageTitle, numbers: numbers.slice(at, at + 3 * n), texts: own, digest: digests[index] };
    const titleKeys = titles.slice(3 * index, 3 * index + 3) as TitleKeys;
    if (titleKeys[0] !== NO_SECTION) page.titleKeys = titleKeys;
    out.push(page);
    at += 3 * n;
  }
  return at === numbers.length ? out : undefined;
}

/** A digest of what a guide page's documents are made from (see documentsFrom). */
function guideDigest(page: PageModel): Buffer {
  if (page.body.kind !== 'doc') throw new Error('not a guide page');
  const { doc } = page.body;
  const parts = [page.route, page.head.canonical, page.head.noindex ? '1' : '0', doc.banner ?? '', doc.title, page.head.description, ...doc.breadcrumbs.map((c) => c.label), '', ...page.head.keywords, '', doc.html];
  let text = '';
  for (const part of parts) text += `${part.length}:${part}`;
  return crypto.createHash('sha1').update(text, 'utf16le').digest();
}

function documentsFrom(pages: PageModel[], options: SearchDocumentsOptions, firstId: number): { documents: SearchDocument[]; nextId: number } {
  const prefixes = options.routes.map((r) => `/${r.replace(/^\/+|\/+$/g, '')}`);
  const inRoutes = (route: string) => prefixes.some((p) => p === '/' || route === p || route.startsWith(`${p}/`));
  const href = options.href ?? ((page: PageModel) => page.head.canonical.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '') || '/');
  const out: SearchDocument[] = [];
  const htmlToText = options.htmlToText ?? rememberingHtmlToText();
  let nextId = firstId;

  for (const page of pages) {
    if (page.head.noindex || !inRoutes(page.route)) continue;
    const body = page.body;
    let title: string;
    let crumbs: { label: string }[];
    switch (body.kind) {
      case 'doc':
        if (body.doc.banner) continue; // unlisted or draft
        title = body.doc.title;
        crumbs = body.doc.breadcrumbs;
        break;
      case 'apiOverview':
        title = body.overview.title;
        crumbs = body.breadcrumbs;
        break;
      case 'apiTag':
        title = body.tag.name;
        crumbs = body.breadcrumbs;
        break;
      case 'apiOperation':
        title = body.operation.title;
        crumbs = body.breadcrumbs;
        break;
      case 'apiChangelog':
        title = body.breadcrumbs.at(-1)?.label ?? '';
        crumbs = body.breadcrumbs;
        break;
      default:
        continue;
    }
    const pageId = nextId++;
    const url = href(page);
    // Every page has its Title document (the sharded index finds a document's page by it): one whose title is blank is named by its URL.
    if (!withoutBlobs(title).trim()) title = url;
    const breadcrumb = crumbs
      .slice(0, -1)
      .map((c) => shortTitle(c.label))
      .join(BREADCRUMB_SEPARATOR);
    const description = withoutBlobs(page.head.description).trim();
    const add = (type: SearchDocumentType, i: number, t: string, anchor = '', section?: string) => {
      t = withoutBlobs(t).trim();
      // A page's text that only repeats its description (API tag pages) is stored once.
      if (type === SearchDocumentType.Content && i === pageId && t === description) return;
      if (!t) return;
      const doc: SearchDocument = { type, i, t, anchor, p: pageId, url, breadcrumb, pageTitle: title };
      if (section) doc.section = section;
      out.push(doc);
    };
    /** A heading (own id) with the text under it as its Content. */
    const section = (heading: string, anchor: string, text: string, context?: string) => {
      if (!heading.trim()) return;
      const id = nextId++;
      add(SearchDocumentType.Heading, id, heading, anchor, context);
      add(SearchDocumentType.Content, id, text);
    };

    add(SearchDocumentType.Title, pageId, title);
    const keywords = body.kind === 'apiOperation' ? operationKeywords(body.operation) : page.head.keywords.join(', ');
    if (description !== keywords) add(SearchDocumentType.Description, pageId, description);
    add(SearchDocumentType.Keywords, pageId, keywords);

    switch (body.kind) {
      case 'doc': {
        const { intro, sections } = splitSections(withoutOpeningTitle(body.doc.html));
        add(SearchDocumentType.Content, pageId, intro);
        for (const s of sections) section(s.title, s.id, s.text);
        break;
      }
      case 'apiOverview': {
        const o = body.overview;
        const { intro, sections } = splitSections(o.descriptionHtml);
        add(SearchDocumentType.Content, pageId, intro);
        const seen = new Set<string>();
        for (const s of sections) {
          seen.add(s.id);
          section(s.title, s.id, s.text);
        }
        for (const entry of body.toc) {
          if (seen.has(entry.id)) continue;
          seen.add(entry.id);
          if (entry.id === 'servers') section(entry.text, entry.id, o.servers.map((s) => `${s.url} ${htmlToText(s.descriptionHtml)}`).join(' '));
          else section(entry.text, entry.id, '');
        }
        for (const a of o.auth) {
          if (seen.has(a.id)) continue;
          seen.add(a.id);
          section(a.name, a.id, [a.headerName, htmlToText(a.descriptionHtml)].filter(Boolean).join(' '), FieldContext.authentication);
        }
        break;
      }
      case 'apiTag':
        add(SearchDocumentType.Content, pageId, htmlToText(body.tag.descriptionHtml));
        break;
      case 'apiOperation':
        operationSections(body.operation, pageId, add, section, htmlToText);
        break;
      case 'apiChangelog':
        // Each operation's changes under its method and path, in the context of its pair of versions.
        body.changelog.sections.forEach((pair, i) => {
          for (const group of pair.groups) section(group.operation ? `${group.operation.method.toUpperCase()} ${group.operation.path}` : body.toc[i].text, group.id, group.changes.map((c) => c.text).join(' '), body.toc[i].text);
        });
        break;
    }
  }
  return { documents: out, nextId };
}

type Add = (type: SearchDocumentType, i: number, t: string, anchor?: string, section?: string) => void;
type Section = (heading: string, anchor: string, text: string, context?: string) => void;

function operationSections(op: OperationView, pageId: number, add: Add, section: Section, htmlToText: (html: string) => string): void {
  add(SearchDocumentType.Content, pageId, htmlToText(op.descriptionHtml));
  /** Field name → the text indexed under it on this page, or the texts when it has several. */
  const seen = new Map<string, string | Set<string>>();
  /** `context`: where the field sits, `Response 200 › data` (CONTEXT_SEPARATOR between levels). */
  const field = (node: SchemaNode, context: string) => {
    if (node.name) {
      const text = nodeText(node, htmlToText);
      if (isNew(seen, node.name, text)) section(node.name, node.id, text, context);
    }
    if (!node.children.length && !node.additional && !node.variants) return;
    const inner = node.name ? `${context}${CONTEXT_SEPARATOR}${node.name}` : context;
    for (const child of node.children) field(child, inner);
    if (node.additional) field(node.additional, inner);
    for (const option of node.variants?.options ?? []) field(option.node, inner);
  };
  for (const group of op.parameters) for (const param of group.params) field(param, locationLabel[group.location] ?? group.label);
  if (op.requestBody) {
    section('Request body', op.requestBody.id, htmlToText(op.requestBody.descriptionHtml));
    for (const c of op.requestBody.contents) if (c.schema) field(c.schema, FieldContext.requestBody);
  }
  for (const r of op.responses) {
    section(r.status, r.id, htmlToText(r.descriptionHtml), FieldContext.response);
    for (const h of r.headers) field(h, `${FieldContext.response} ${r.status} header`);
    for (const c of r.contents) if (c.schema) field(c.schema, `${FieldContext.response} ${r.status}`);
  }
  for (const cb of op.callbacks) {
    section(cb.name, cb.id, cb.operations.map((o) => `${o.method.toUpperCase()} ${o.expression} ${o.summary} ${htmlToText(o.descriptionHtml)}`).join(' '), FieldContext.callback);
    // Its operations' fields, as the operation's own: `Callback onShipped POST › Request body › orderId`.
    for (const o of cb.operations) {
      const where = `${FieldContext.callback} ${cb.name} ${o.method}`;
      for (const group of o.parameters) for (const param of group.params) field(param, `${where}${CONTEXT_SEPARATOR}${locationLabel[group.location] ?? group.label}`);
      for (const c of o.requestBody?.contents ?? []) if (c.schema) field(c.schema, `${where}${CONTEXT_SEPARATOR}${FieldContext.requestBody}`);
      for (const r of o.responses) for (const c of r.contents) if (c.schema) field(c.schema, `${where}${CONTEXT_SEPARATOR}${FieldContext.response} ${r.status}`);
    }
  }
}

/** An operation's keywords: method and path; a webhook's: "Webhook", its event and the method it is sent with. */
function operationKeywords(op: OperationView): string {
  return op.webhook ? `Webhook ${op.webhook.event} ${op.method.toUpperCase()}` : `${op.method.toUpperCase()} ${op.path}`;
}

/** Records `text` under `name`; false when it already was. */
function isNew(seen: Map<string, string | Set<string>>, name: string, text: string): boolean {
  const known = seen.get(name);
  if (known === undefined) seen.set(name, text);
  else if (typeof known === 'string') {
    if (known === text) return false;
    seen.set(name, new Set([known, text]));
  } else {
    if (known.has(text)) return false;
    known.add(text);
  }
  return true;
}

/** A field's description and possible values, as text. */
function nodeText(node: SchemaNode, htmlToText: (html: string) => string): string {
  if (!node.enumValues?.length) return htmlToText(node.descriptionHtml);
  const parts = [htmlToText(node.descriptionHtml)];
  for (const e of node.enumValues ?? []) parts.push(e.value, htmlToText(e.descriptionHtml));
  return parts.filter(Boolean).join(' ');
}

/** A guide's markdown without the h1 it opens with: that h1 is the page title, indexed as such. */
function withoutOpeningTitle(html: string): string {
  return /^<h1[\s>]/.test(html) ? html.slice(html.indexOf('</h1>') + 5) : html;
}
