// The Markdown copy of a guide: its Markdown as written, with what only docsgen understands made
// plain. Links into the site become absolute URLs (the content stage recorded where each link
// as written points: GuideDoc.links), images their copied files' URLs, `:::note` admonitions
// block quotes with their title, and `::operation{id=…}` cards links. The page's title opens it
// when the body has no h1.
import type { GuideDoc } from '../content/loadGuides';
import { isExternal } from '../shared/url';

export interface GuideMarkdownContext {
  /** A route and anchor → the absolute URL of that page (config.url + its href). */
  url: (route: string, hash: string) => string;
  /** A site path (an image's copy, `/assets/images/a-1234.png`) → its absolute URL. */
  absolute: (href: string) => string;
}

const ADMONITION = /^(\s*):::\s*(note|tip|info|warning|danger)\b(.*)$/;
const ADMONITION_END = /^\s*:::\s*$/;
const FENCE = /^\s*(`{3,}|~{3,})/;
// Link text holds one level of brackets, a destination one level of parentheses (`Foo_(bar)`),
// an angle-bracketed one no `<`, and the spaces after `(` are taken whole: no part scans on past
// where the link must have ended, or splits a run of spaces every way, so `[a[a[a…`, `[a](`
// repeated or `[](` and a long run of spaces are not tried again to the line's end from each `[`.
const LINK = /(!?)\[((?:[^\][]|\[[^\][]*\])*)\]\(\s*(?!\s)(<[^<>\n]*>|(?:[^()\s]|\([^()\s]*\))*)(\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE = /^(\s{0,3}\[[^\]]+\]:\s*)(<[^>]*>|\S+)/;
/** An operation card (content/plugins/operationCard.ts), which the content stage records as the typed link `op:<id>`. */
const CARD = /^\s*::operation\{\s*id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s}]+))\s*\}\s*$/;
const TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger' };

export function guideMarkdown(doc: Pick<GuideDoc, 'title' | 'body' | 'links' | 'html' | 'route'>, ctx: GuideMarkdownContext): string {
  const targets = new Map(doc.links.map((l) => [l.raw, ctx.url(l.route, l.hash)]));
  const images = [...doc.html.matchAll(/<img\b[^<>]*?\ssrc="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  let image = 0;
  const link = (raw: string): string | undefined => {
    const bare = raw.startsWith('<') ? raw.slice(1, -1) : raw;
    return targets.get(bare) ?? targets.get(raw);
  };
  const rewrite = (line: string) =>
    line
      .replace(LINK, (whole, bang: string, text: string, raw: string, title = '') => {
        const bare = raw.startsWith('<') ? raw.slice(1, -1) : raw;
        if (bang) {
          if (isExternal(bare) || bare.startsWith('data:')) return whole;
          const src = images[image++];
          return src === undefined ? whole : `![${text}](${ctx.absolute(src)}${title})`;
        }
        const target = link(raw);
        return target === undefined ? whole : `[${text}](${target}${title})`;
      })
      .replace(REFERENCE, (whole, head: string, raw: string) => {
        const target = link(raw);
        return target === undefined ? whole : head + target;
      });

  const out: string[] = [];
  let prefix = '';
  const open: string[] = [];
  let fence: string | undefined;
  for (const line of doc.body.split('\n')) {
    if (fence !== undefined) {
      out.push(prefix + line);
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = undefined;
      continue;
    }
    const opensFence = FENCE.exec(line);
    const admonition = ADMONITION.exec(line);
    const card = CARD.exec(line);
    const cardTarget = card && link(`op:${encodeURIComponent((card[1] ?? card[2] ?? card[3]).trim())}`);
    if (cardTarget) out.push(`${prefix}Operation: [${(card![1] ?? card![2] ?? card![3]).trim()}](${cardTarget})`);
    else if (opensFence) {
      fence = opensFence[1];
      out.push(prefix + line);
    } else if (admonition) {
      const title = admonition[3].trim() || TITLES[admonition[2]];
      out.push(`${prefix}> **${rewrite(title)}**`, `${prefix}>`);
      open.push(prefix);
      prefix += '> ';
    } else if (ADMONITION_END.test(line) && open.length > 0) {
      prefix = open.pop()!;
      out.push(prefix.trimEnd());
    } else out.push(line.trim() === '' ? prefix.trimEnd() : prefix + rewrite(line));
  }
  const body = out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return (/^#\s/.test(body) ? body : `# ${doc.title}\n\n${body}`) + '\n';
}

/** The absolute-URL helpers of a version's guides: `href` is a page's href (baseUrl, version and trailing slash applied). */
export function guideContext(siteUrl: string, href: (route: string) => string): GuideMarkdownContext {
  const origin = originOf(siteUrl);
  return {
    url: (route, hash) => origin + href(route) + (hash ? `#${hash}` : ''),
    absolute: (path) => (path.startsWith('/') ? origin + path : path),
  };
}

/** `https://docs.example/base` → `https://docs.example` (hrefs carry the base path). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url.replace(/\/+$/, '');
  }
}
