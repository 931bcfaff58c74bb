import type { DocBody, PageModel } from '../../src/shared/viewModels';
import { Banner } from '../components/Banner';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { CopyPageControl } from '../components/CopyPageControl';
import { useMessages } from '../components/Messages';
import { Pagination } from '../components/Pagination';
import { DocLayout } from '../layouts/DocLayout';

/** The markdown opens with its own h1 (classed `doc-title` by the content stage): that is the page's one title. */
const opensWithTitle = (html: string) => /^<h1[\s>]/.test(html);

export function DocPage({ page, doc, homeHref }: { page: PageModel; doc: DocBody; homeHref: string }) {
  const t = useMessages();
  return (
    <DocLayout page={page} toc={doc.toc}>
      <article className="doc-article">
        <Breadcrumbs crumbs={doc.breadcrumbs} homeHref={homeHref} />
        <CopyPageControl page={page} />
        {doc.banner ? <Banner kind={doc.banner} /> : null}
        {doc.untranslated ? <Banner kind="untranslated" language={doc.untranslated.language} /> : null}
        {opensWithTitle(doc.html) ? null : (
          <header>
            <h1 className="doc-title">{doc.title}</h1>
          </header>
        )}
        <div className="markdown" lang={doc.untranslated?.textLang} dangerouslySetInnerHTML={{ __html: doc.html }} />
        {doc.tags.length > 0 ? (
          <footer className="doc-tags">
            <span className="doc-tags-label">{t.tags}</span>
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
