// A project's own page (content/pages/<name>.tsx), inside the site's shell. Its component is not
// docsgen's: the project's compiled templates (src/theme/compileTemplates.ts) register it here
// by name before any page renders.
import type { ComponentType } from 'react';
import type { PageModel, SiteModel } from '../../src/shared/viewModels';

/** The props of a custom page's component (`export default function Pricing(props: CustomPageProps)`). */
export interface CustomPageProps {
  site: SiteModel;
  page: PageModel;
}

/** Page name → its component, filled in by the compiled templates' entry. */
export const customPages = new Map<string, ComponentType<CustomPageProps>>();

export function CustomPage({ site, page, name }: { site: SiteModel; page: PageModel; name: string }) {
  const Page = customPages.get(name);
  // The site stage lists a page only with its file; the themed bundle always registers it.
  if (!Page) throw new Error(`The custom page "${name}" was not compiled with the templates`);
  return (
    <main id="main-content" className={`custom-page custom-page-${name}`} tabIndex={-1}>
      <Page site={site} page={page} />
    </main>
  );
}
