// Sidebar | main | table of contents: the layout of guides and of the section landings.
import type { ReactNode } from 'react';
import type { PageModel, TocEntry } from '../../src/shared/viewModels';
import { Sidebar } from '../components/Sidebar';
import { Toc } from '../components/Toc';
import { useMessages } from '../components/Messages';

export function DocLayout({ page, toc, children }: { page: PageModel; toc?: TocEntry[]; children: ReactNode }) {
  const t = useMessages();
  return (
    <div className="doc-layout">
      {page.sidebar ? (
        <aside className="doc-sidebar">
          <Sidebar items={page.sidebar} route={page.route} label={page.section === 'api' ? t.apiSidebar : t.guidesSidebar} tree={page.sidebarTree} />
        </aside>
      ) : null}
      <main id="main-content" className="doc-main" tabIndex={-1}>
        {children}
      </main>
      {toc && toc.length > 0 ? (
        <aside className="doc-toc">
          <Toc entries={toc} />
        </aside>
      ) : null}
    </div>
  );
}
