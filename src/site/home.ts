// The home page's view model (#17): the config's `home` (hero, features, quick start) with
// what it leaves out made from the site. Its API parts (the tags as cards, the default quick
// start) come from the API pages already built, not from the spec, so that serve --watch,
// which keeps the API pages of the last build when only guides changed, can fill them in again
// (`withApiParts`, called by src/build.ts) without parsing anything.
import type { ResolvedConfig } from '../config/types';
import { pageKind } from './pageStore';
import { formatMessage, type Messages } from '../shared/messages';
import type { ApiTagView, CardGroup, Code, HomeCard, HomeQuickStart, HomeView, PageModel } from '../shared/viewModels';

/** Tags shown as cards; a larger API links to the rest. Twelve fill rows of 2, 3 and 4. */
export const HOME_API_GROUPS = 12;
/** Pages listed on a guide section's card. */
export const HOME_SECTION_LINKS = 4;
/** A spec example longer than this is not a "short response" for the default quick start. */
export const HOME_RESPONSE_LINES = 24;

interface HomeInput {
  href: (route: string) => string;
  guidesHref: string;
  apiHref: string;
  /** The guides' top-level sections, each with its pages (the /guides landing's groups). */
  guideGroups: CardGroup[];
}

export function buildHome(config: ResolvedConfig, messages: Messages, { href, guidesHref, apiHref, guideGroups }: HomeInput): HomeView {
  const { hero, features = [], quickStart } = config.home;
  const link = (l: { to?: string; href?: string }) => (l.to !== undefined ? { href: href(l.to), external: false } : { href: l.href!, external: true });
  const hasGuides = guideGroups.some((g) => g.items.length > 0);
  const defaultActions = [
    ...(hasGuides ? [{ label: messages.homeReadGuides, href: guidesHref, external: false }] : []),
    ...(config.apis.length > 0 ? [{ label: messages.homeBrowseApi, href: apiHref, external: false }] : []),
  ];
  return {
    hero: {
      title: hero?.title ?? config.title,
      tagline: hero?.tagline ?? config.tagline,
      actions: hero?.actions ? hero.actions.map((a) => ({ label: a.label, ...link(a) })) : defaultActions,
    },
    features: features.map((f) => ({ title: f.title, body: f.body, ...(f.to !== undefined || f.href !== undefined ? link(f) : { external: false }) })),
    quickStart: quickStart
      ? {
          title: quickStart.title ?? messages.homeQuickStart,
          description: quickStart.description ?? '',
          request: { code: quickStart.code.trim(), language: quickStart.language },
          ...(quickStart.response ? { response: { code: quickStart.response.trim(), language: quickStart.responseLanguage ?? 'json' } } : {}),
          ...(quickStart.to ? { more: { label: messages.homeReadMore, href: href(quickStart.to) } } : {}),
        }
      : undefined,
    apiGroups: [],
    apiGroupsMore: 0,
    apiHref,
    guideSections: guideGroups.filter((g) => g.items.length > 0).map((g) => sectionCard(g, messages)),
    guidesHref,
  };
}

/** A guide section: its name, how many guides, and its first pages; a lone guide shows its description. */
function sectionCard(group: CardGroup, messages: Messages): HomeCard {
  const [first] = group.items;
  const count = group.items.length;
  const meta = formatMessage(count === 1 ? messages.homeGuideOne : messages.homeGuideOther, { count: String(count) });
  if (count === 1) return { label: group.label || first.label, href: first.href, description: first.description, meta };
  return {
    label: group.label,
    href: first.href,
    description: '',
    meta,
    links: group.items.slice(0, HOME_SECTION_LINKS).map((i) => ({ label: i.label, href: i.href })),
    moreLinks: Math.max(0, count - HOME_SECTION_LINKS),
  };
}

/**
 * The home page with its API parts taken from the site's API pages: the one API's tags (or the
 * APIs of a site with several) as cards, and, unless the config sets or turns off the quick
 * start, one made from the first GET operation with a curl sample.
 */
export function withApiParts(home: PageModel, apiPages: readonly PageModel[], config: ResolvedConfig, messages: Messages): PageModel {
  if (home.body.kind !== 'home') return home;
  const view = home.body.home;
  const indexPages = apiPages.filter((p) => pageKind(p) === 'apiIndex');
  const indexes = indexPages.flatMap((p) => (p.body.kind === 'apiIndex' ? [p.body] : []));
  let cards: HomeCard[];
  if (indexes.length > 1) {
    // Each API's landing; its breadcrumb names it as the config's label does.
    cards = indexes.map((b, i) => ({ label: b.breadcrumbs.at(-1)?.label ?? b.api.title, href: sitePath(indexPages[i]), description: b.api.summary }));
  } else if (indexes.length === 1) {
    const tagDescriptions = new Map<string, string>();
    for (const p of apiPages) if (pageKind(p) === 'apiTag' && p.body.kind === 'apiTag' && !tagDescriptions.has(p.body.tag.href)) tagDescriptions.set(p.body.tag.href, p.head.description);
    const api = indexes[0].api;
    const tags: ApiTagView[] = api.tagGroups ? api.tagGroups.flatMap((g) => g.tags) : api.tags;
    cards = tags.map((t) => {
      const count = t.operations.length + (t.more ?? 0);
      return { label: t.name, href: t.href, description: tagDescriptions.get(t.href) ?? '', meta: formatMessage(count === 1 ? messages.homeEndpointOne : messages.homeEndpointOther, { count: count.toLocaleString('en-US') }) };
    });
  } else {
    cards = [];
  }
  const quickStart = config.home.quickStart === undefined ? defaultQuickStart(apiPages, messages) : view.quickStart;
  return {
    ...home,
    body: { kind: 'home', home: { ...view, apiGroups: cards.slice(0, HOME_API_GROUPS), apiGroupsMore: Math.max(0, cards.length - HOME_API_GROUPS), ...(quickStart ? { quickStart } : {}) } },
  };
}

/** A page's own link (baseUrl and trailing slash applied): its canonical URL without the origin. */
function sitePath(page: PageModel): string {
  return new URL(page.head.canonical).pathname;
}

/** The first GET operation with a curl sample: that sample, and its first 2xx JSON example when short. */
function defaultQuickStart(apiPages: readonly PageModel[], messages: Messages): HomeQuickStart | undefined {
  for (const page of apiPages) {
    if (pageKind(page) !== 'apiOperation') continue;
    const body = page.body; // a stored page's is read from the store: once
    if (body.kind !== 'apiOperation') continue;
    const op = body.operation;
    const curl = op.method.toUpperCase() === 'GET' ? op.codeSamples.find((s) => s.lang === 'curl') : undefined;
    if (!curl || curl.code.truncated) continue;
    const example = op.responses
      .filter((r) => /^2/.test(r.status))
      .flatMap((r) => r.contents.filter((c) => /json/i.test(c.mediaType)))
      .flatMap((c) => c.examples)
      .map((e) => e.code)
      .find((code: Code) => !code.truncated);
    const short = example && example.code.split('\n').length <= HOME_RESPONSE_LINES ? example : undefined;
    return {
      title: messages.homeQuickStart,
      description: `${op.method.toUpperCase()} ${op.path}: ${op.title}`,
      request: curl.code,
      ...(short ? { response: short } : {}),
      more: { label: formatMessage(messages.homeQuickStartMore, { operation: op.title }), href: sitePath(page) },
    };
  }
  return undefined;
}
