import type { ApiTagView, Crumb, PageModel } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Breakable } from '../components/Breakable';
import { CopyPageControl } from '../components/CopyPageControl';
import { useMessages } from '../components/Messages';
import { formatMessage } from '../../src/shared/messages';
import { OperationList } from '../components/OperationList';
import { DocLayout } from '../layouts/DocLayout';

export function ApiTag({ page, tag, breadcrumbs, homeHref }: { page: PageModel; tag: ApiTagView; breadcrumbs: Crumb[]; homeHref: string }) {
  const t = useMessages();
  return (
    <DocLayout page={page}>
      <article className="doc-article">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <CopyPageControl page={page} />
        <h1 className="doc-title">
          <Breakable text={tag.name} />
        </h1>
        {tag.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: tag.descriptionHtml }} /> : null}
        {tag.subTags && tag.subTags.length > 0 ? (
          <ul className="api-subtags">
            {tag.subTags.map((sub) => (
              <li key={sub.href}>
                <a href={sub.href}>{sub.name}</a>
              </li>
            ))}
          </ul>
        ) : null}
        {tag.operations.length > 0 ? (
          <>
            {tag.webhooks ? null : <h2 id="endpoints">{t.apiEndpoints}</h2>}
            <OperationList operations={tag.operations} />
          </>
        ) : null}
        {tag.parts ? (
          <nav className="api-tag-pages" aria-label={formatMessage(t.apiTagPages, { tag: tag.name })}>
            {tag.parts.map((p) => (
              <a key={p.href} href={p.href} aria-current={p.current ? 'page' : undefined}>
                {p.label}
              </a>
            ))}
          </nav>
        ) : null}
      </article>
    </DocLayout>
  );
}
