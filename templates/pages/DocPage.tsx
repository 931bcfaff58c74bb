import type { DocBody, PageModel } from '../../src/shared/viewModels';
import { Banner } from '../components/Banner';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Pagination } from '../components/Pagination';
import { DocLayout } from '../layouts/DocLayout';

export function DocPage({ page, doc, homeHref }: { page: PageModel; doc: DocBody; homeHref: string }) {
  return (
    <DocLayout page={page} toc={doc.toc}>
      <article className="doc-article">
        <Breadcrumbs crumbs={doc.breadcrumbs} homeHref={homeHref} />
        {doc.banner ? <Banner kind={doc.banner} /> : null}
        <header>
          <h1 className="doc-title">{doc.title}</h1>
        </header>
        <div className="markdown" dangerouslySetInnerHTML={{ __html: doc.html }} />
        {doc.tags.length > 0 ? (
          <footer className="doc-tags">
            <span className="doc-tags-label">Tags:</span>
            <ul>
              {doc.tags.map((t) => (
                <li key={t.href}>
                  <a className="tag" href={t.href} rel="tag">
                    {t.label}
                  </a>
                </li>
              ))}
            </ul>
          </footer>
        ) : null}
      </article>
      <Pagination previous={doc.previous} next={doc.next} />
    </DocLayout>
  );
}
