// Markdown from the spec is untrusted: it is rendered by the guide pipeline with raw HTML
// escaped (a `<script>` shows as text), and its site links are resolved and checked like a
// guide's, with the JSON pointer of the description as their location.
import type { MarkdownIt } from 'markdown-it';
import type { ResolvedConfig } from '../config/types';
import { createEnv, createMarkdown, renderMarkdown } from '../content/markdown';
import type { SiteLink } from '../links/check';
import { isExternal, routeKey, routeUrl, splitHash } from '../shared/url';

export interface SpecMarkdown {
  /** Renders spec markdown; `headings` collects its headings (for a table of contents). */
  render(text: string, pointer: string, headings?: { level: number; text: string; id: string }[]): string;
  links: SiteLink[];
}

export function createSpecMarkdown(config: ResolvedConfig, source: string): SpecMarkdown {
  const md: MarkdownIt = createMarkdown({ html: false });
  const links: SiteLink[] = [];
  const safeHref = (href: string) => (/^(javascript|vbscript|data):/i.test(href.trim()) ? '#' : href);
  return {
    links,
    render(text, pointer, headings) {
      const env = createEnv(source, 0, {
        resolveLink(href) {
          if (isExternal(href)) return safeHref(href);
          const { path, hash } = splitHash(href);
          if (path === '') return href;
          const resolved = new URL(path, `http://site${config.openapi?.route ?? '/api'}/`).pathname;
          links.push({ location: { file: source }, pointer, route: routeKey(resolved), hash, raw: href });
          return routeUrl(config.baseUrl, resolved, config.trailingSlash) + (hash ? `#${hash}` : '');
        },
        // Spec images stay where they are: a spec cannot ask the build to copy local files.
        resolveImage: (src) => safeHref(src),
      });
      const html = renderMarkdown(md, text, env);
      headings?.push(...env.headings);
      return html;
    },
  };
}
