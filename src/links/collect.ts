// Gathers every internal link the build knows a source for: guide markdown links (file:line:
// column), raw HTML links in guides and in the announcement bar (checked as they will appear in
// the HTML, baseUrl and all), and the navbar and footer items of the config. External links are
// gathered separately, for `check-links --external`.
import fs from 'node:fs';
import MarkdownIt, { type MarkdownIt as Md, type Token } from 'markdown-it';
import type { ResolvedConfig } from '../config/types';
import { locateKey } from '../config/load';
import type { GuideDoc } from '../content/loadGuides';
import { isExternal, routeKey, splitHash } from '../shared/url';
import type { Location } from '../diagnostics/diagnostic';
import { locateInBody } from '../content/locate';
import type { SiteLink } from './check';
import { lineIndex, scanHtml } from './html';
import { pageHref } from '../versions/href';

/** An external URL and where it is written. */
export interface ExternalLink {
  url: string;
  location: Location;
}

/**
 * What the build checks. A guide link's exact line, column and source line are found only if it
 * is reported (`locate`): a build has thousands of links and reports a few. Each guide's links
 * are kept while the guide is the same object: serve --watch keeps the guides a save did not
 * change (content/guideMemo.ts), and scanning every guide's text for raw HTML links cost more
 * than the rest of the links stage.
 */
export function collectLinks(config: ResolvedConfig, docs: readonly GuideDoc[]): SiteLink[] {
  const links: SiteLink[] = [];
  for (const doc of docs) for (const link of linksOfGuide(config, doc)) links.push(link);
  links.push(...linksOfConfig(config));
  return links;
}

/** One guide's internal links, as collectLinks has them: the same array while the guide is the same object. */
export function linksOfGuide(config: ResolvedConfig, doc: GuideDoc): SiteLink[] {
  const urls = `${config.baseUrl}\n${config.trailingSlash}`;
  let kept = keptLinks.get(doc);
  if (kept?.urls !== urls) keptLinks.set(doc, (kept = { urls, links: guideLinks(config, doc, { columns: false }, []) }));
  return kept.links;
}

/** The config's internal links (navbar, footer, announcement bar), as collectLinks has them after the guides'. */
export function linksOfConfig(config: ResolvedConfig): SiteLink[] {
  return configLinks(config, []);
}

const keptLinks = new WeakMap<GuideDoc, { urls: string; links: SiteLink[] }>();

/**
 * With `columns` (the default), guide locations are the exact line and column of the link
 * (check-links); without, they are found when a link is reported. With `external`, external
 * links are gathered too (check-links --external).
 */
export function collectAllLinks(config: ResolvedConfig, docs: GuideDoc[], options: { columns?: boolean; external?: boolean } = {}): { links: SiteLink[]; external: ExternalLink[] } {
  const links: SiteLink[] = [];
  const external: ExternalLink[] = [];
  for (const doc of docs) links.push(...guideLinks(config, doc, options, external));
  links.push(...configLinks(config, external));
  return { links, external };
}

/** One guide's internal links; its external ones go into `external` when asked for. */
function guideLinks(config: ResolvedConfig, doc: GuideDoc, options: { columns?: boolean; external?: boolean }, external: ExternalLink[]): SiteLink[] {
  const links: SiteLink[] = [];
  let lines: string[] | undefined; // split only when a column is wanted: a large site has thousands of guides
  const exact = (line: number, needle: string): Location => locateInBody(doc.file, (lines ??= doc.body.split('\n')), doc.bodyLineOffset, line, needle);
  const locate = (line: number, needle: string): Location => (options.columns !== false ? exact(line, needle) : { file: doc.file, line });
  for (const l of doc.links) {
    // A typed link (`op:…`) not resolved against the API models: reported where it is resolved (site/typedLinks.ts).
    if (l.typed && l.route === '') continue;
    const link: SiteLink = { location: locate(l.line, l.raw), route: l.route, hash: l.hash, raw: l.raw };
    if (options.columns === false) link.locate = () => exact(l.line, l.raw);
    links.push(link);
  }
  // Parsing the markdown again is only worth it when the guide has raw links or we want externals.
  if (!options.external && !/<(a|area)[\s>]/i.test(doc.body)) return links;
  const pageUrl = pageHref(config, doc.route);
  const plain = options.external ? (linkifying ??= new MarkdownIt({ html: true, linkify: true })) : (literal ??= new MarkdownIt({ html: true }));
  for (const ref of rawReferences(plain, doc.body)) {
    const line = ref.line + doc.bodyLineOffset;
    if (isExternal(ref.href)) {
      if (/^https?:/i.test(ref.href)) external.push({ url: ref.href, location: locate(line, ref.href) });
    } else if (ref.html) {
      links.push({ location: locate(line, ref.href), route: '', hash: '', raw: ref.href, emittedFrom: pageUrl, ...(options.columns === false ? { locate: () => exact(line, ref.href) } : {}) });
    }
  }
  return links;
}

let literal: Md | undefined;
let linkifying: Md | undefined;

/** Navbar and footer `to` items, and the links inside the announcement bar's HTML. */
function configLinks(config: ResolvedConfig, external: ExternalLink[]): SiteLink[] {
  const links: SiteLink[] = [];
  const items = [
    ...config.navbar.items.map((item, i) => ({ item, path: `navbar.items[${i}]` })),
    ...(config.footer.links ?? []).map((item, i) => ({ item, path: `footer.links[${i}]` })),
  ];
  const bar = config.announcementBar?.content;
  if (items.length === 0 && !bar) return links;
  const source = fs.readFileSync(config.configFile, 'utf8');
  const where = (value: string, keyPath: string) => locateValue(config.configFile, source, value) ?? locateKey(config.configFile, source, keyPath);
  for (const { item, path } of items) {
    if (item.to !== undefined) {
      const { path: target, hash } = splitHash(item.to);
      links.push({ location: where(item.to, `${path}.to`), route: routeKey(target), hash, raw: item.to });
    } else if (item.href !== undefined && /^https?:/i.test(item.href)) {
      external.push({ url: item.href, location: where(item.href, `${path}.href`) });
    }
  }
  if (bar) {
    for (const ref of scanHtml(bar).refs) {
      if (ref.tag !== 'a') continue;
      const location = locateValue(config.configFile, source, ref.value) ?? locateKey(config.configFile, source, 'announcementBar.content');
      if (isExternal(ref.value)) {
        if (/^https?:/i.test(ref.value)) external.push({ url: ref.value, location });
      } else links.push({ location, route: '', hash: '', raw: ref.value, emittedFrom: config.baseUrl });
    }
  }
  return links;
}

/**
 * Links markdown-it does not resolve: `<a href>` in raw HTML (emitted as written) and external
 * markdown links. Lines are 1-based within the body (the block's first line; `locateFrom`
 * finds the exact line). Code spans and blocks never produce these tokens, so examples in code
 * are not mistaken for links.
 */
function rawReferences(md: Md, body: string): { href: string; line: number; html: boolean }[] {
  const refs: { href: string; line: number; html: boolean }[] = [];
  const visit = (tokens: Token[], line: number) => {
    for (const t of tokens) {
      const at = t.map ? t.map[0] + 1 : line;
      if (t.type === 'html_block' || t.type === 'html_inline') {
        const lineOf = lineIndex(t.content);
        for (const ref of scanHtml(t.content).refs) if (ref.tag === 'a' || ref.tag === 'area') refs.push({ href: ref.value, line: at + lineOf(ref.offset).line - 1, html: true });
      } else if (t.type === 'link_open') {
        const href = String(t.attrGet('href') ?? '');
        if (href && isExternal(href)) refs.push({ href, line: at, html: false });
      }
      if (t.children) visit(t.children, at);
    }
  };
  visit(md.parse(body, {}), 1);
  return refs;
}

function locateValue(file: string, source: string, value: string): Location | undefined {
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    for (const quoted of [`'${value}'`, `"${value}"`, `\`${value}\``]) {
      const col = lines[i].indexOf(quoted);
      if (col !== -1) return { file, line: i + 1, column: col + 2, lineText: lines[i] };
    }
  }
  // A value inside a longer string (a link in the announcement's HTML).
  for (let i = 0; i < lines.length; i++) {
    const col = lines[i].indexOf(value);
    if (col !== -1) return { file, line: i + 1, column: col + 1, lineText: lines[i] };
  }
  return undefined;
}
