// The site's search documents as columns, from the pages' documents to the index's files. As one
// object each (and a second object for its stored copy), the 1.9 million documents of the
// 35,000-page site kept its main thread at 970 MB live when the search stage began (798 MB as
// columns); as columns, a document is four numbers and three references to its strings, and an
// object is made only for a moment, where one page's fragment or one test needs it.
import crypto from 'node:crypto';
import { literalKey, wordsKey } from '../shared/search/query';
import { SearchDocumentType, type StoredDocument } from '../shared/search/types';
import type { SearchDocument } from './documents';
import { rememberingHtmlToText } from './html';

/** One page's documents as columns, numbered from 1, and how many ids they take (a heading left empty takes one too). */
export interface PageColumns {
  ids: number;
  url: string;
  breadcrumb: string;
  pageTitle: string;
  /** Per document: type, id, page id. */
  numbers: Int32Array;
  /** Per document: text, anchor, context (undefined for none). */
  texts: (string | undefined)[];
  /**
   * The documents' types and texts digested (textsDigest), made with them when they are kept in
   * the build cache, and kept with them, so that the search memo's keys (search/indexMemo.ts) do
   * not digest every text of the site again in each build. Hex, not bytes: read back from the
   * cache, bytes are a view that keeps the whole entry they were read from.
   */
  digest?: string;
  /** The page's title (its Title document's text) with its keys, wordsKey and literalKey: made with the documents for the same reason. */
  titleKeys?: TitleKeys;
}

/** A title, and the keys a sharded index files it under (shared/search/query.ts wordsKey, literalKey). */
export type TitleKeys = [title: string, words: string, literal: string];

/** A title's keys. */
export function titleKeysOf(title: string): TitleKeys {
  return [title, wordsKey(title), literalKey(title)];
}

/**
 * SHA-1 of `n` documents' types and texts, each as `type:length:text`, as UTF-16 (UTF-8 would
 * make every lone surrogate the same replacement character).
 */
export function textsDigest(n: number, typeAt: (k: number) => number, textAt: (k: number) => string): string {
  let texts = '';
  for (let k = 0; k < n; k++) {
    const text = textAt(k);
    texts += `${typeAt(k)}:${text.length}:${text}`;
  }
  return crypto.createHash('sha1').update(texts, 'utf16le').digest('hex');
}

/**
 * A page's documents (all of one page: the same page id, URL, breadcrumb and title) as columns;
 * `kept`: they go into the build cache, so their digest and title's keys are made with them (a
 * build without the cache would make both for nothing: 0.18 s of the 7,000-page site's).
 */
export function pageColumns(documents: readonly SearchDocument[], ids: number, kept = false): PageColumns {
  const first = documents[0];
  const columns: PageColumns = { ids, url: first?.url ?? '', breadcrumb: first?.breadcrumb ?? '', pageTitle: first?.pageTitle ?? '', numbers: new Int32Array(3 * documents.length), texts: new Array(3 * documents.length) };
  if (kept) {
    columns.digest = textsDigest(documents.length, (k) => documents[k].type, (k) => documents[k].t);
    const title = documents.find((d) => d.type === SearchDocumentType.Title);
    if (title) columns.titleKeys = titleKeysOf(title.t);
  }
  documents.forEach((d, k) => {
    columns.numbers[3 * k] = d.type;
    columns.numbers[3 * k + 1] = d.i;
    columns.numbers[3 * k + 2] = d.p;
    columns.texts[3 * k] = d.t;
    columns.texts[3 * k + 1] = d.anchor;
    columns.texts[3 * k + 2] = d.section;
  });
  return columns;
}

/**
 * The stored pages' columns by route, each distinct text held once. An API's operation pages
 * repeat the same field names, descriptions, anchors and contexts wherever they show a schema:
 * Microsoft Graph v1.0's 14,021 stored pages made 2.7 million texts, 87,000 of them distinct
 * (95 against 7 million characters). Each page's own copies lived from the site stage, where the
 * page is made, to the search stage, whose peak they were most of; now a page's copy of a text
 * already kept is let go as soon as it is made.
 */
export class PageColumnsByRoute {
  private readonly columns = new Map<string, PageColumns>();
  private readonly texts = new Map<string, string>();
  private readonly fromHtml = new Map<string, string>();

  /**
   * htmlToText for the pages' documents, remembered until clear(): a description shown on many
   * pages is one HTML string (the spec's Markdown is rendered once), and its text is then one
   * string before it is kept, not a copy per page to be looked up again.
   */
  readonly htmlToText = rememberingHtmlToText(this.fromHtml);

  get(route: string): PageColumns | undefined {
    return this.columns.get(route);
  }

  /** `undefined`: none known (a build cache's entry from before a page had them). */
  set(route: string, columns: PageColumns | undefined): void {
    if (columns === undefined) {
      this.columns.delete(route);
      return;
    }
    const texts = columns.texts;
    for (let k = 0; k < texts.length; k++) {
      const text = texts[k];
      if (text !== undefined) texts[k] = this.once(text);
    }
    columns.breadcrumb = this.once(columns.breadcrumb);
    this.columns.set(route, columns);
  }

  clear(): void {
    this.columns.clear();
    this.texts.clear();
    this.fromHtml.clear();
  }

  private once(text: string): string {
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    this.texts.set(text, text);
    return text;
  }
}

/** The site's documents in order: row k is the k-th document. */
export class DocumentTable {
  constructor(
    readonly length: number,
    readonly types: Uint8Array,
    readonly ids: Int32Array,
    readonly pageIds: Int32Array,
    readonly texts: readonly string[],
    readonly anchors: readonly string[],
    readonly sections: readonly (string | undefined)[],
    /** Row → its entry in `urls`, `breadcrumbs`, `pageTitles`, `digests` and `titleKeys`. */
    readonly rowPage: Int32Array,
    readonly urls: readonly string[],
    readonly breadcrumbs: readonly string[],
    readonly pageTitles: readonly string[],
    /** Each entry's PageColumns.digest, when its rows came from one PageColumns (addPage). */
    readonly digests: readonly (string | undefined)[] = [],
    /** Each entry's PageColumns.titleKeys, likewise. */
    readonly titleKeys: readonly (TitleKeys | undefined)[] = [],
  ) {}

  /** The keys of the title in row k: kept with its page's columns, or made now. */
  titleKeysAt(k: number): TitleKeys {
    const title = this.texts[k];
    const kept = this.titleKeys[this.rowPage[k]];
    return kept !== undefined && kept[0] === title ? kept : titleKeysOf(title);
  }

  static of(documents: readonly SearchDocument[]): DocumentTable {
    const table = new TableBuilder();
    table.addDocuments(documents);
    return table.finish();
  }

  /** Row k as an object. */
  document(k: number): SearchDocument {
    const page = this.rowPage[k];
    const d: SearchDocument = { type: this.types[k] as SearchDocumentType, i: this.ids[k], t: this.texts[k], p: this.pageIds[k], url: this.urls[page], anchor: this.anchors[k], breadcrumb: this.breadcrumbs[page], pageTitle: this.pageTitles[page] };
    const section = this.sections[k];
    if (section !== undefined) d.section = section;
    return d;
  }

  toArray(): SearchDocument[] {
    return Array.from({ length: this.length }, (_, k) => this.document(k));
  }

  /** What the index stores of row k (StoredDocument: only what the UI shows). */
  stored(k: number): StoredDocument {
    const i = this.ids[k];
    const t = this.texts[k];
    switch (this.types[k]) {
      case SearchDocumentType.Title:
        return { i, t, u: this.urls[this.rowPage[k]], b: this.breadcrumbs[this.rowPage[k]] };
      case SearchDocumentType.Heading: {
        const s = this.sections[k];
        return s ? { i, t, p: this.pageIds[k], h: this.anchors[k], s } : { i, t, p: this.pageIds[k], h: this.anchors[k] };
      }
      default:
        return { i, t, p: this.pageIds[k] };
    }
  }

  /** Lets go of every text, anchor and context: for an owner that has no further use of the table (buildSearchIndex's `release`). */
  releaseTexts(): void {
    for (const column of [this.texts, this.anchors, this.sections] as unknown[][]) column.length = 0;
  }

  /** The rows of one type, in order. */
  rowsOf(type: SearchDocumentType): Int32Array {
    let n = 0;
    for (let k = 0; k < this.length; k++) if (this.types[k] === type) n++;
    const rows = new Int32Array(n);
    for (let k = 0, at = 0; k < this.length; k++) if (this.types[k] === type) rows[at++] = k;
    return rows;
  }
}

/** The documents as a table (tests and small sites give arrays of objects). */
export function asTable(documents: DocumentTable | readonly SearchDocument[]): DocumentTable {
  return documents instanceof DocumentTable ? documents : DocumentTable.of(documents);
}

/** Makes a DocumentTable page by page, in order. */
export class TableBuilder {
  private length = 0;
  private types = new Uint8Array(1024);
  private ids = new Int32Array(1024);
  private pageIds = new Int32Array(1024);
  private rowPage = new Int32Array(1024);
  private readonly texts: string[] = [];
  private readonly anchors: string[] = [];
  private readonly sections: (string | undefined)[] = [];
  private readonly urls: string[] = [];
  private readonly breadcrumbs: string[] = [];
  private readonly pageTitles: string[] = [];
  private readonly digests: (string | undefined)[] = [];
  private readonly titleKeys: (TitleKeys | undefined)[] = [];

  /** A page's columns, its ids moved by `offset` (numbered from 1, they follow the documents before them). */
  addPage(page: PageColumns, offset: number): void {
    const n = page.numbers.length / 3;
    this.room(n);
    const entry = this.urls.push(page.url) - 1;
    this.breadcrumbs.push(page.breadcrumb);
    this.pageTitles.push(page.pageTitle);
    // Columns kept by an earlier build may have none.
    this.digests[entry] = typeof page.digest === 'string' && page.digest.length === 40 ? page.digest : undefined;
    this.titleKeys[entry] = Array.isArray(page.titleKeys) && page.titleKeys.length === 3 && page.titleKeys.every((key) => typeof key === 'string') ? page.titleKeys : undefined;
    for (let j = 0; j < n; j++) {
      const k = this.length++;
      this.types[k] = page.numbers[3 * j];
      this.ids[k] = page.numbers[3 * j + 1] + offset;
      this.pageIds[k] = page.numbers[3 * j + 2] + offset;
      this.rowPage[k] = entry;
      this.texts.push(page.texts[3 * j]!);
      this.anchors.push(page.texts[3 * j + 1]!);
      this.sections.push(page.texts[3 * j + 2]);
    }
  }

  /** Documents as they are numbered; a page entry per run of documents of one page id, URL, breadcrumb and title. */
  addDocuments(documents: readonly SearchDocument[]): void {
    this.room(documents.length);
    let previous: SearchDocument | undefined;
    for (const d of documents) {
      if (!previous || d.p !== previous.p || d.url !== previous.url || d.breadcrumb !== previous.breadcrumb || d.pageTitle !== previous.pageTitle) {
        this.urls.push(d.url);
        this.breadcrumbs.push(d.breadcrumb);
        this.pageTitles.push(d.pageTitle);
      }
      previous = d;
      const k = this.length++;
      this.types[k] = d.type;
      this.ids[k] = d.i;
      this.pageIds[k] = d.p;
      this.rowPage[k] = this.urls.length - 1;
      this.texts.push(d.t);
      this.anchors.push(d.anchor);
      this.sections.push(d.section);
    }
  }

  finish(): DocumentTable {
    const n = this.length;
    this.digests.length = this.titleKeys.length = this.urls.length;
    return new DocumentTable(n, this.types.slice(0, n), this.ids.slice(0, n), this.pageIds.slice(0, n), this.texts, this.anchors, this.sections, this.rowPage.slice(0, n), this.urls, this.breadcrumbs, this.pageTitles, this.digests, this.titleKeys);
  }

  private room(more: number): void {
    if (this.length + more <= this.types.length) return;
    const size = Math.max(2 * this.types.length, this.length + more);
    const grow = <T extends Uint8Array | Int32Array>(from: T, to: T) => (to.set(from), to);
    this.types = grow(this.types, new Uint8Array(size));
    this.ids = grow(this.ids, new Int32Array(size));
    this.pageIds = grow(this.pageIds, new Int32Array(size));
    this.rowPage = grow(this.rowPage, new Int32Array(size));
  }
}
