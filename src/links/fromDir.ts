// `check-links --dir <folder>`: checks a site that is already built (by docsgen or by anything
// else) from its HTML alone: every `<a href>` and every asset URL is resolved the way a static
// host would serve it, and every `#anchor` is looked up among the ids of the target page.
// Problems are reported at `file:line:column` of the HTML. The config, when there is one, gives
// baseUrl, trailingSlash and the policies; without one the defaults apply.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/load';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import type { Policy } from '../diagnostics/diagnostic';
import { isExternal, withBase, type TrailingSlash } from '../shared/url';
import { checkLinks, type SiteLink } from './check';
import type { ExternalLink } from './collect';
import { lineIndex, scanHtml } from './html';
import { fileToRoute, fileUrlPath, isLocaleNotFound } from './sitePath';
import type { CheckLinksOptions, LinkReport } from './types';

/** `<link rel>` values whose href the page needs; canonical, alternate and the like are not fetched by browsers. */
const ASSET_RELS = /^(stylesheet|icon|shortcut icon|apple-touch-icon|preload|modulepreload|manifest|prefetch)$/;

interface DirSettings {
  baseUrl: string;
  trailingSlash: TrailingSlash;
  origin?: string;
  onBrokenLinks: Policy;
  onBrokenAnchors: Policy;
}

export async function checkOutputDir(options: CheckLinksOptions & { dir: string }): Promise<LinkReport & { external: ExternalLink[] }> {
  const settings = await dirSettings(options);
  const dir = path.resolve(options.root ?? process.cwd(), options.dir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new DocsgenError([error('check-dir-not-found', `The folder ${options.dir} does not exist.`, { hint: 'Build the site first (docsgen build), or run docsgen check-links without --dir to check the sources.' })]);
  }
  const all = (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  const files = new Set(all.map((f) => `/${f}`));
  const routes = new Set<string>();
  const anchors = new Map<string, Set<string>>();
  const links: SiteLink[] = [];
  const external: ExternalLink[] = [];
  let pages = 0;

  for (const rel of all) {
    if (!rel.endsWith('.html')) continue;
    pages++;
    const abs = path.join(dir, rel);
    const html = fs.readFileSync(abs, 'utf8');
    const { refs, ids } = scanHtml(html);
    const route = fileToRoute(rel)!;
    if (route !== '/404' && !isLocaleNotFound(route) && !anchors.has(route)) {
      routes.add(route);
      anchors.set(route, ids);
    }
    const at = lineIndex(html);
    const from = withBase(settings.baseUrl, fileUrlPath(rel, settings.trailingSlash));
    for (const ref of refs) {
      if (ref.tag === 'link' && !ASSET_RELS.test(ref.rel ?? '')) continue;
      let value = ref.value.trim();
      if (value === '' || /^(mailto|tel|javascript|data|blob):/i.test(value)) continue;
      if (settings.origin && value.startsWith(`${settings.origin}/`)) value = value.slice(settings.origin.length);
      const location = { file: abs, ...at(ref.offset) };
      if (isExternal(value)) {
        if (ref.tag === 'a' && /^https?:/i.test(value)) external.push({ url: value, location });
        continue;
      }
      links.push({ location, route: '', hash: '', raw: value, emittedFrom: from });
    }
  }
  const diagnostics = checkLinks(links, { routes, files, anchors }, settings);
  return { diagnostics, pages, links: links.length, external };
}

async function dirSettings(options: CheckLinksOptions): Promise<DirSettings> {
  const configFile = path.resolve(options.root ?? process.cwd(), options.configFile ?? 'docsgen.config.ts');
  const defaults: DirSettings = { baseUrl: '/', trailingSlash: undefined, onBrokenLinks: 'throw', onBrokenAnchors: 'warn' };
  let settings = defaults;
  // An explicit --config must load; the default one is optional (any static site can be checked).
  if (options.configFile !== undefined || fs.existsSync(configFile)) {
    const { config } = await loadConfig(options);
    settings = { baseUrl: config.baseUrl, trailingSlash: config.trailingSlash, origin: config.url.replace(/\/+$/, ''), onBrokenLinks: config.onBrokenLinks, onBrokenAnchors: config.onBrokenAnchors };
  }
  return {
    ...settings,
    onBrokenLinks: options.policies?.onBrokenLinks ?? settings.onBrokenLinks,
    onBrokenAnchors: options.policies?.onBrokenAnchors ?? settings.onBrokenAnchors,
  };
}
