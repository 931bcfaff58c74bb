// The Markdown copies of the pages that list other pages: the home page, the /guides and /api
// landings, a guide tag's page and the tags' list, and the schemas' index. Each is what the page
// says, as headings and lists of links (absolute, to the pages' HTML, as on the page).
import type { ApiIndexModel, CardGroup, HomeCard, HomeView, PageBody } from '../shared/viewModels';
import { fence, markdownText } from './htmlToMarkdown';
import { tagListMarkdown } from './apiMarkdown';
import type { MarkdownLinks } from './schemaMarkdown';

type Body<K extends PageBody['kind']> = Extract<PageBody, { kind: K }>;

/** A list item linking to a page, with its description after a colon. */
function linkItem(label: string, href: string, description: string | undefined, links: MarkdownLinks): string {
  return `- [${markdownText(label)}](${links.resolve(href)})${description ? `: ${markdownText(description)}` : ''}`;
}

export function homeMarkdown(home: HomeView, links: MarkdownLinks): string {
  const parts = [`# ${markdownText(home.hero.title)}`];
  if (home.hero.tagline) parts.push(markdownText(home.hero.tagline));
  if (home.hero.actions.length > 0) parts.push(home.hero.actions.map((a) => linkItem(a.label, a.href, undefined, links)).join('\n'));
  if (home.features.length > 0) parts.push(home.features.map((f) => (f.href ? linkItem(f.title, f.href, f.body, links) : `- **${markdownText(f.title)}**: ${markdownText(f.body)}`)).join('\n'));
  const quick = home.quickStart;
  if (quick) {
    parts.push(`## ${markdownText(quick.title)}`, markdownText(quick.description), fence(quick.request.code, quick.request.language));
    if (quick.response) parts.push(fence(quick.response.code, quick.response.language));
    if (quick.more) parts.push(`Read more: ${links.resolve(quick.more.href)}`);
  }
  if (home.apiGroups.length > 0) parts.push(`## [API reference](${links.resolve(home.apiHref)})`, cards(home.apiGroups, links) + (home.apiGroupsMore ? `\n- … and ${home.apiGroupsMore} more: ${links.resolve(home.apiHref)}` : ''));
  if (home.guideSections.length > 0) parts.push(`## [Guides](${links.resolve(home.guidesHref)})`, cards(home.guideSections, links));
  return parts.join('\n\n') + '\n';
}

/** A card, and the pages it lists under it. */
function cards(items: readonly HomeCard[], links: MarkdownLinks): string {
  return items
    .map((card) => {
      const lines = [linkItem(card.label, card.href, card.description || card.meta, links)];
      for (const link of card.links ?? []) lines.push(`  ${linkItem(link.label, link.href, undefined, links)}`);
      if (card.moreLinks) lines.push(`  - … and ${card.moreLinks} more`);
      return lines.join('\n');
    })
    .join('\n');
}

export function sectionIndexMarkdown(body: Body<'sectionIndex'>, links: MarkdownLinks): string {
  const parts = [`# ${markdownText(body.title)}`];
  if (body.intro) parts.push(markdownText(body.intro));
  for (const group of body.groups) parts.push(...groupMarkdown(group, links));
  return parts.join('\n\n') + '\n';
}

function groupMarkdown(group: CardGroup, links: MarkdownLinks): string[] {
  const list = group.items.map((item) => linkItem(item.label, item.href, item.description, links)).join('\n');
  return group.label ? [`## ${markdownText(group.label)}`, list] : [list];
}

export function tagsListMarkdown(body: Body<'tagsList'>, links: MarkdownLinks): string {
  return [`# ${markdownText(body.title)}`, body.tags.map((t) => linkItem(t.label, t.href, `${t.count} ${t.count === 1 ? 'page' : 'pages'}`, links)).join('\n')].join('\n\n') + '\n';
}

export function tagDocsMarkdown(body: Body<'tagDocs'>, links: MarkdownLinks): string {
  return [`# ${markdownText(body.title)}`, body.docs.map((d) => linkItem(d.label, d.href, d.description, links)).join('\n'), `All tags: ${links.resolve(body.allTagsHref)}`].join('\n\n') + '\n';
}

export function apiIndexMarkdown(api: ApiIndexModel, links: MarkdownLinks): string {
  const parts = [`# ${markdownText(api.title)}${api.version ? ` (version ${markdownText(api.version)})` : ''}`];
  if (api.summary) parts.push(markdownText(api.summary));
  parts.push(`Introduction, servers and authentication: ${links.resolve(api.overviewHref)}`);
  if (api.downloadUrl) parts.push(`The OpenAPI description: ${links.resolve(api.downloadUrl)}`);
  if (api.tagGroups) for (const group of api.tagGroups) parts.push(`## ${markdownText(group.name)}`, ...group.tags.map((t) => tagListMarkdown(t, links, '###')));
  else parts.push(...api.tags.map((t) => tagListMarkdown(t, links, '##')));
  if (api.webhooks) parts.push(tagListMarkdown(api.webhooks, links, '##'));
  return parts.join('\n\n') + '\n';
}

export function schemaIndexMarkdown(body: Body<'apiSchemaIndex'>, links: MarkdownLinks): string {
  const list = body.parts ? body.parts.map((p) => linkItem(p.label, p.href, `${p.count} schemas`, links)) : body.schemas.map((s) => linkItem(s.name, s.href, s.summary, links));
  return [`# ${markdownText(body.title)}`, list.join('\n')].join('\n\n') + '\n';
}
