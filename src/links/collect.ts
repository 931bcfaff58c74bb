// Gathers every internal link the build knows a source for: guide markdown (file:line) and the
// navbar and footer items of the config.
import fs from 'node:fs';
import type { ResolvedConfig } from '../config/types';
import { locateKey } from '../config/load';
import type { GuideDoc } from '../content/loadGuides';
import { routeKey, splitHash } from '../shared/url';
import type { SiteLink } from './check';

export function collectLinks(config: ResolvedConfig, docs: GuideDoc[]): SiteLink[] {
  const links: SiteLink[] = docs.flatMap((doc) =>
    doc.links.map((l) => ({ location: { file: l.file, line: l.line }, route: l.route, hash: l.hash, raw: l.raw })),
  );
  const configLinks = [
    ...config.navbar.items.map((item, i) => ({ to: item.to, path: `navbar.items[${i}].to` })),
    ...(config.footer.links ?? []).map((item, i) => ({ to: item.to, path: `footer.links[${i}].to` })),
  ].filter((l): l is { to: string; path: string } => l.to !== undefined);
  if (configLinks.length > 0) {
    const source = fs.readFileSync(config.configFile, 'utf8');
    for (const l of configLinks) {
      const { path, hash } = splitHash(l.to);
      const location = locateValue(config.configFile, source, l.to) ?? locateKey(config.configFile, source, l.path);
      links.push({ location, route: routeKey(path), hash, raw: l.to });
    }
  }
  return links;
}

function locateValue(file: string, source: string, value: string) {
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const col = lines[i].indexOf(`'${value}'`) + 1 || lines[i].indexOf(`"${value}"`) + 1;
    if (col > 0) return { file, line: i + 1, column: col, lineText: lines[i] };
  }
  return undefined;
}
