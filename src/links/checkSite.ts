// `checkSiteLinks()`: the whole of `docsgen check-links` as one function (the CLI prints its
// report). From sources by default, or on a built folder with `dir`; external links only on
// request.
import path from 'node:path';
import { sortDiagnostics } from '../diagnostics/diagnostic';
import type { LinkDiagnostic } from './check';
import { checkExternalLinks } from './external';
import { checkOutputDir } from './fromDir';
import { checkSources } from './fromSources';
import type { CheckLinksOptions, LinkReport } from './types';

export async function checkSiteLinks(options: CheckLinksOptions = {}): Promise<LinkReport> {
  const dir = options.dir;
  const result = dir !== undefined ? await checkOutputDir({ ...options, dir }) : await checkSources(options);
  let diagnostics: LinkDiagnostic[] = result.diagnostics;
  let externalChecked: number | undefined;
  if (options.external && result.external.length > 0) {
    const settings = options.external === true ? {} : options.external;
    const configFile = path.resolve(options.root ?? process.cwd(), options.configFile ?? 'docsgen.config.ts');
    const cacheFile = settings.cacheFile ?? path.join(path.dirname(configFile), '.docsgen', 'external-links.json');
    const external = await checkExternalLinks(result.external, { ...settings, cacheFile });
    diagnostics = [...diagnostics, ...external.diagnostics];
    externalChecked = external.checked;
  }
  return { diagnostics: sortDiagnostics(diagnostics) as LinkDiagnostic[], pages: result.pages, links: result.links, externalChecked };
}
