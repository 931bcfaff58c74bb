// `redirects` in the config: a page at each old URL that sends the reader on. A static host
// serves files only, so the redirect is a page: a meta refresh (followed by browsers and by
// search engines as a permanent move), a canonical link to the new URL, and a plain link for
// anything that follows neither. The page is written only where the site has no page of its own,
// and a target that is no page of the site is named, since the redirect would lead nowhere.
import { warning, type Diagnostic } from '../diagnostics/diagnostic';
import type { ResolvedConfig } from '../config/types';
import { escapeHtml } from '../shared/html';
import { routeKey, routeToFile, routeUrl, splitHash } from '../shared/url';

export interface RedirectPages {
  /** Output path (from the site root) → HTML. */
  files: [string, string][];
  diagnostics: Diagnostic[];
}

export function redirectPages(config: Pick<ResolvedConfig, 'redirects' | 'baseUrl' | 'trailingSlash' | 'url' | 'configFile'>, taken: { has(file: string): boolean }, routes: ReadonlySet<string>): RedirectPages {
  const files: [string, string][] = [];
  const diagnostics: Diagnostic[] = [];
  const location = { file: config.configFile };
  for (const { from, to } of config.redirects) {
    const file = routeToFile(from, config.trailingSlash);
    if (taken.has(file) || files.some(([f]) => f === file)) {
      diagnostics.push(warning('redirect-over-page', `The redirect from ${from} is not written: the site has a page there (${file}).`, { location, hint: 'Remove the redirect from `redirects` in the config, or move the page.' }));
      continue;
    }
    const external = /^https?:\/\//.test(to);
    const { path, hash } = splitHash(to);
    if (!external && !routes.has(routeKey(path))) {
      diagnostics.push(warning('redirect-target-missing', `The redirect from ${from} goes to ${to}, which is not a page of the site.`, { location }));
    }
    const href = external ? to : routeUrl(config.baseUrl, path, config.trailingSlash) + (hash ? `#${hash}` : '');
    files.push([file, redirectHtml(href, external ? to : config.url + href)]);
  }
  return { files, diagnostics };
}

export function redirectHtml(href: string, canonical: string): string {
  const h = escapeHtml(href);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Moved</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(canonical)}">
<meta http-equiv="refresh" content="0; url=${h}">
</head>
<body>
<p>This page has moved to <a href="${h}">${h}</a>.</p>
</body>
</html>
`;
}
