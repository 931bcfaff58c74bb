// Resolves the guides' typed links (`op:searchBoundaries#response-429`, content/typedLinks.ts)
// once each API's model exists, between the openapi and site stages: each placeholder in a
// guide's HTML becomes the URL of the page and anchor it names, in the version and locale the
// guides are built for, and its link record gets the route and hash the link check verifies.
// A target no API has is a broken link (onBrokenLinks) at the link's line and column.
// It runs on every build (the guides' cached renders keep the placeholders): a renamed slug or
// field is seen as soon as the spec changes.
import type { ApiInput } from '../build';
import { apiConfig } from '../config/resolve';
import type { ResolvedConfig } from '../config/types';
import type { GuideDoc, GuidesResult, LinkRecord } from '../content/loadGuides';
import { locateInBody } from '../content/locate';
import { replaceTypedPlaceholders, type TypedTarget } from '../content/typedLinks';
import { byPolicy, type Diagnostic } from '../diagnostics/diagnostic';
import { pageHref } from '../versions/href';
import { referenceTargets, type OperationCard, type ReferenceTargets } from './referenceTargets';
import { closest } from '../config/validate';
import { escapeHtml } from '../shared/html';
import { safeDecode } from '../shared/url';

export const TYPED_LINK_HINT = 'Name an operation by its operationId or as "METHOD /path", a schema by its name, and after # a parameter (query.limit), the request body (request.name), a response (response-429) or a field (response-200.data.id); see "Links into the API reference" in the README.';

/** Where a typed link goes (a route of the site and an anchor), or why it goes nowhere. */
export type TypedResolution = { route: string; hash: string; card?: OperationCard } | { problem: string; suggestion?: string };
export type TypedLinkResolver = (target: TypedTarget) => TypedResolution;
type ApiModels = readonly Pick<ApiInput, 'settings' | 'model' | 'document'>[];

/**
 * The guides with their typed links resolved (the same objects where nothing changed), and the
 * broken ones. `apis`: the site's APIs, or a resolver (check-links answers from its cache).
 */
export function resolveTypedLinks(config: ResolvedConfig, guides: GuidesResult, apis: ApiModels | TypedLinkResolver): { guides: GuidesResult; diagnostics: Diagnostic[] } {
  if (!guides.docs.some(hasTypedLinks)) return { guides, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const resolve = typeof apis === 'function' ? apis : typedLinkResolver(config, apis);
  const docs = guides.docs.map((doc) => {
    if (!hasTypedLinks(doc)) return doc;
    const hrefs = new Map<number, string>();
    const cards = new Map<number, string>();
    const links: LinkRecord[] = [];
    const withCards = doc.html.includes(CARD_MARK);
    doc.links.forEach((link, i) => {
      if (!link.typed) return void links.push(link);
      const found = resolve(link.typed);
      if ('problem' in found) {
        diagnostics.push(...brokenTypedLink(config, doc, link, found));
        hrefs.set(i, link.raw);
        if (withCards) cards.set(i, `<p><code>${escapeHtml(safeDecode(link.raw))}</code></p>`);
        return;
      }
      const href = pageHref(config, found.route) + (found.hash ? `#${found.hash}` : '');
      hrefs.set(i, href);
      if (withCards && found.card) cards.set(i, operationCardHtml(found.card, href));
      links.push({ ...link, route: found.route, hash: found.hash });
    });
    return resolvedDoc(doc, hrefs, cards, links);
  });
  return { guides: { ...guides, docs, diagnostics: [...guides.diagnostics, ...diagnostics] }, diagnostics };
}

/** Resolves typed links against the APIs' models, as the pages of `config` show them. */
export function typedLinkResolver(config: ResolvedConfig, apis: ApiModels): TypedLinkResolver {
  const targets = apis.map((api) => ({ id: api.settings.id, targets: referenceTargets(apiConfig(config, api.settings), api.model, api.document) }));
  return (target) => resolveTarget(target, targets);
}

/** Every typed link the guides hold. */
export function typedTargets(guides: GuidesResult): TypedTarget[] {
  return guides.docs.flatMap((doc) => doc.links.flatMap((link) => (link.typed ? [link.typed] : [])));
}

/**
 * Remembered per guide: serve --watch asks on every save for every guide, most of them the same
 * objects as at the last save (on a 5,000-page site, reading their links again took 6 ms a save).
 */
const typedIn = new WeakMap<GuideDoc, boolean>();

export function hasTypedLinks(doc: GuideDoc): boolean {
  let has = typedIn.get(doc);
  if (has === undefined) typedIn.set(doc, (has = doc.links.some((link) => link.typed !== undefined)));
  return has;
}

/**
 * A guide resolved to the same hrefs as in the last build is the same object: serve --watch's
 * site stage keeps an unchanged guide's page by identity (site/liveSite.ts).
 */
const resolved = new WeakMap<GuideDoc, { key: string; doc: GuideDoc }>();

function resolvedDoc(doc: GuideDoc, hrefs: Map<number, string>, cards: Map<number, string>, links: LinkRecord[]): GuideDoc {
  const key = JSON.stringify([[...hrefs], [...cards]]);
  const kept = resolved.get(doc);
  if (kept?.key === key) return kept.doc;
  const made = { ...doc, html: replaceTypedPlaceholders(doc.html, hrefs, cards), links };
  resolved.set(doc, { key, doc: made });
  return made;
}

/** Marks a guide whose HTML holds an operation card (content/plugins/operationCard.ts). */
const CARD_MARK = 'data-docsgen-operation-card=';

/** An operation's card: the markup of a row of an API tag's operation list (templates/components/OperationList.tsx), styled the same. */
function operationCardHtml(card: OperationCard, href: string): string {
  const method = escapeHtml(card.method);
  return `<ul class="operation-list operation-card"><li><span class="method-badge method-${method.toLowerCase()}">${method}</span><code class="operation-path">${escapeHtml(card.path)}</code><a href="${escapeHtml(href)}">${escapeHtml(card.summary || `${card.method} ${card.path}`)}</a></li></ul>`;
}

type Api = { id: string; targets: ReferenceTargets };

/** The route and anchor a typed link names, or why it names nothing. */
function resolveTarget(target: TypedTarget, apis: Api[]): TypedResolution {
  const what = target.kind === 'op' ? `the operation ${target.name}` : `the schema ${target.name}`;
  if (apis.length === 0) return { problem: `${what}, but this site has no API reference` };
  const candidates = target.api !== undefined ? apis.filter((api) => api.id === target.api) : apis;
  const found = candidates.flatMap((api) => {
    const page = target.kind === 'op' ? api.targets.operation(target.name) : api.targets.schema(target.name);
    return page ? [{ api, page }] : [];
  });
  if (found.length === 0) {
    const where = target.api !== undefined ? `the API ${target.api}` : apis.length === 1 ? 'the spec' : 'none of the APIs';
    const by = target.kind === 'op' ? ' (by operationId or method and path)' : '';
    const near = closest(target.name, candidates.flatMap((api) => api.targets.names(target.kind)));
    const suggestion = near && `${target.kind}:${target.api ? `${target.api}/` : ''}${near}${target.fragment ? `#${target.fragment}` : ''}`;
    return { problem: `${what}, which ${where} ${where === 'none of the APIs' ? 'has' : 'does not have'}${by}`, ...(suggestion ? { suggestion } : {}) };
  }
  if (found.length > 1) {
    const ids = found.map((f) => f.api.id);
    return { problem: `${what}, which several APIs have (${ids.join(', ')}); name one: ${ids.map((id) => `${target.kind}:${id}/${target.name}`).join(' or ')}` };
  }
  const { page } = found[0];
  if (!target.fragment) return { route: page.route, hash: '', ...(page.card ? { card: page.card } : {}) };
  const anchors = page.anchors();
  const hash = anchors.named.get(target.fragment) ?? (anchors.ids.has(target.fragment) ? target.fragment : undefined);
  if (hash === undefined) {
    const near = closest(target.fragment, [...anchors.named.keys()]);
    const suggestion = near && `${target.kind}:${target.api ? `${target.api}/` : ''}${target.name}#${near}`;
    return { problem: `#${target.fragment} on the page of ${what}, which has no such ${target.kind === 'op' ? 'parameter, response or field' : 'field'}`, ...(suggestion ? { suggestion } : {}) };
  }
  return { route: page.route, hash };
}

/** A typed link that names nothing, at its line and column; the check-links report shows `target` and `reason`. */
function brokenTypedLink(config: ResolvedConfig, doc: GuideDoc, link: LinkRecord, { problem, suggestion }: { problem: string; suggestion?: string }): Diagnostic[] {
  const lines = doc.body.split('\n');
  const at = (needle: string, line = link.line) => locateInBody(doc.file, lines, doc.bodyLineOffset, line, needle);
  // markdown-it hands over the destination percent-encoded (`<op:GET /v1/x>` arrives as
  // `op:GET%20/v1/x`): locateInBody looks for it as written too.
  let location = at(link.raw);
  // A reference link (`[text][ref]`) is reported at its definition (`[ref]: op:…`), wherever that is.
  if (location.column === undefined) {
    const definition = lines.findIndex((line) => /^\s{0,3}\[[^\]]+\]:/.test(line) && (line.includes(link.raw) || line.includes(safeDecode(link.raw))));
    if (definition !== -1) location = at(link.raw, definition + 1 + doc.bodyLineOffset);
  }
  // An operation card (`::operation{id=searchBoundaries}`) names its target without `op:`.
  if (location.column === undefined && link.typed && lines[link.line - 1 - doc.bodyLineOffset]?.trimStart().startsWith('::operation')) location = at(link.typed.name);
  const written = safeDecode(link.raw);
  return byPolicy(config.onBrokenLinks, 'broken-link', `The link "${written}" names ${problem}.`, { location, hint: suggestion ? `Did you mean ${suggestion}?` : TYPED_LINK_HINT }).map((d) => ({ ...d, target: written, reason: `names ${problem}` }));
}

