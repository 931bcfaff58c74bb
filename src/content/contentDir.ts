// A content folder that does not exist is said so, by name, before anything else: otherwise
// every link to a guide reports "not a page of this site" (27 of them on the shipped site), or
// the site builds "successfully" with no guides at all.
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types';
import { locateKey } from '../config/load';
import { locateConfigKey } from '../config/locate';
import { error, warning, type Diagnostic, type Location } from '../diagnostics/diagnostic';
import { scanHtml } from '../links/html';

/** A link to a guide page, `/guides/…` (the `/guides` index page itself exists without guides). */
const GUIDE_PATH = /^\/guides\/[^#?]/;

/**
 * Undefined when the guides folder exists. Otherwise an error when guides are expected (the
 * folder is set in the config, or the navbar, footer or announcement bar links to a guide),
 * else nothing for a site of API reference only, and a warning for a site with no spec either.
 */
export function missingContentDiagnostic(config: ResolvedConfig): Diagnostic | undefined {
  if (fs.existsSync(config.guidesDir)) return undefined;
  const contentMissing = !fs.existsSync(config.contentDir);
  const folder = shown(contentMissing ? config.contentDir : config.guidesDir);
  let source: string | undefined;
  try {
    source = fs.readFileSync(config.configFile, 'utf8');
  } catch {
    source = undefined; // a config given to build() as an object in tests; nothing to point at
  }
  const at = (keyPath: string): Location => (source === undefined ? { file: config.configFile } : locateKey(config.configFile, source, keyPath));
  const what = contentMissing ? `The content folder ${folder} does not exist` : `The guides folder ${folder} does not exist`;
  const hint = `Create ${shown(config.guidesDir)} with the markdown guides, or set contentDir in the config to the folder that holds them (in its guides/ folder).`;

  const written = source === undefined ? undefined : locateConfigKey(source, 'contentDir');
  if (written?.exact || config.contentDir !== path.resolve(config.root, 'content')) {
    return error('content-dir-missing', `${what}, yet the config sets contentDir to ${shown(config.contentDir)}, so guides are expected.`, { location: at('contentDir'), hint });
  }
  const link = firstGuideLink(config);
  if (link) {
    return error('content-dir-missing', `${what}, but the ${link.where} links to the guide ${link.to}, so guides are expected.`, { location: at(link.keyPath), hint });
  }
  // A site of API reference only is a site as intended; one with neither guides nor a spec is empty.
  if (config.openapi) return undefined;
  return warning('content-dir-missing', `${what}, and no OpenAPI spec is configured: the site has no guides and no API reference.`, { location: { file: config.configFile }, hint });
}

function firstGuideLink(config: ResolvedConfig): { where: string; to: string; keyPath: string } | undefined {
  const items: [string, string, { to?: string }[] | undefined][] = [
    ['navbar', 'navbar.items', config.navbar.items],
    ['footer', 'footer.links', config.footer.links],
  ];
  for (const [where, keyPath, list] of items) {
    const index = list?.findIndex((item) => typeof item.to === 'string' && GUIDE_PATH.test(item.to)) ?? -1;
    if (index !== -1) return { where, to: list![index].to!, keyPath: `${keyPath}[${index}].to` };
  }
  const bar = config.announcementBar?.content;
  if (bar) {
    const base = config.baseUrl.replace(/\/$/, '');
    for (const ref of scanHtml(bar).refs) {
      if (ref.tag !== 'a') continue;
      const to = base && ref.value.startsWith(`${base}/`) ? ref.value.slice(base.length) : ref.value;
      if (GUIDE_PATH.test(to)) return { where: 'announcement bar', to, keyPath: 'announcementBar.content' };
    }
  }
  return undefined;
}

/** A folder as the user knows it: relative to the working directory when inside it, with a trailing slash. */
function shown(dir: string): string {
  const rel = path.relative(process.cwd(), dir);
  return `${rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : dir}/`;
}
