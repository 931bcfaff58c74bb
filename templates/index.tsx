// The one entry src/render imports: a page model in, the React tree of the whole document out.
import type { ReactElement, ReactNode } from 'react';
import type { PageModel, SiteModel } from '../src/shared/viewModels';
import { Shell } from './layouts/Shell';
import { IslandsUsed } from './components/Island';
import { MessagesContext } from './components/Messages';
import { ApiChangelog } from './pages/ApiChangelog';
import { ApiIndex } from './pages/ApiIndex';
import { ApiOperation } from './pages/ApiOperation';
import { ApiOverview } from './pages/ApiOverview';
import { ApiSchema, ApiSchemaIndex } from './pages/ApiSchema';
import { ApiTag } from './pages/ApiTag';
import { DocPage } from './pages/DocPage';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import { Search } from './pages/Search';
import { SectionIndex } from './pages/SectionIndex';
import { TagDocs, TagsList } from './pages/Tags';
import { CustomPage } from './pages/CustomPage';

/** The page as a React tree; islands it renders are added to `islandsUsed`; `bodyEnd` closes <body> (the page's scripts). */
export function renderTemplate(site: SiteModel, page: PageModel, islandsUsed?: Set<string>, bodyEnd?: ReactNode): ReactElement {
  return (
    <IslandsUsed.Provider value={islandsUsed ?? null}>
      <MessagesContext.Provider value={site.messages}>
        <Shell site={site} page={page} bodyEnd={bodyEnd}>
          {body(site, page)}
        </Shell>
      </MessagesContext.Provider>
    </IslandsUsed.Provider>
  );
}

function body(site: SiteModel, page: PageModel): ReactElement {
  const b = page.body;
  switch (b.kind) {
    case 'home':
      return <Home site={site} home={b.home} page={page} />;
    case 'doc':
      return <DocPage page={page} doc={b.doc} homeHref={site.homeHref} />;
    case 'sectionIndex':
      return <SectionIndex page={page} title={b.title} intro={b.intro} groups={b.groups} breadcrumbs={b.breadcrumbs} homeHref={site.homeHref} />;
    case 'tagsList':
      return <TagsList page={page} title={b.title} tags={b.tags} breadcrumbs={b.breadcrumbs} homeHref={site.homeHref} />;
    case 'tagDocs':
      return <TagDocs page={page} title={b.title} docs={b.docs} allTagsHref={b.allTagsHref} breadcrumbs={b.breadcrumbs} homeHref={site.homeHref} />;
    case 'apiIndex':
      return <ApiIndex page={page} api={b.api} breadcrumbs={b.breadcrumbs} homeHref={site.homeHref} />;
    case 'apiOverview':
      return <ApiOverview page={page} overview={b.overview} toc={b.toc} breadcrumbs={b.breadcrumbs} homeHref={site.homeHref} />;
    case 'apiTag':
      return <ApiTag page={page} tag={b.tag} breadcrumbs={b.breadcrumbs} homeHref={site.homeHref} />;
    case 'apiOperation':
      return <ApiOperation page={page} operation={b.operation} toc={b.toc} breadcrumbs={b.breadcrumbs} previous={b.previous} next={b.next} homeHref={site.homeHref} />;
    case 'apiSchema':
      return <ApiSchema page={page} schema={b.schema} toc={b.toc} breadcrumbs={b.breadcrumbs} homeHref={site.homeHref} />;
    case 'apiSchemaIndex':
      return <ApiSchemaIndex page={page} title={b.title} schemas={b.schemas} parts={b.parts} breadcrumbs={b.breadcrumbs} homeHref={site.homeHref} />;
    case 'apiChangelog':
      return <ApiChangelog page={page} changelog={b.changelog} toc={b.toc} breadcrumbs={b.breadcrumbs} homeHref={site.homeHref} />;
    case 'search':
      return <Search actionHref={b.actionHref} search={site.search.stopWords && !b.versions ? undefined : { ...(site.search.stopWords ? {} : { stopWords: false as const }), ...(b.versions ? { versions: b.versions } : {}) }} />;
    case 'custom':
      return <CustomPage site={site} page={page} name={b.name} />;
    case 'notFound':
      return <NotFound homeHref={b.homeHref} guidesHref={b.guidesHref} apiHref={b.apiHref} search={site.search.enabled ? { action: site.searchHref, indexUrl: site.search.indexUrl, baseUrl: site.baseUrl } : undefined} />;
  }
}
