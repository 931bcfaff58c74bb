// The /api landing: what the API is, where to download its spec, and every operation by tag.
import type { ApiIndexModel, Crumb, PageModel } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { useMessages } from '../components/Messages';
import { OperationList } from '../components/OperationList';
import { DocLayout } from '../layouts/DocLayout';

export function ApiIndex({ page, api, breadcrumbs, homeHref }: { page: PageModel; api: ApiIndexModel; breadcrumbs: Crumb[]; homeHref: string }) {
  const t = useMessages();
  // The title between the message's two halves, as separate text (as the English JSX was).
  const [before, after = ''] = t.apiReadIntroduction.split('{title}');
  return (
    <DocLayout page={page}>
      <article className="doc-article">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <h1 className="doc-title">
          {`${t.apiReference} `}
          {api.version ? <span className="version-badge">v{api.version}</span> : null}
        </h1>
        {api.summary ? <p className="lead">{api.summary}</p> : null}
        <p className="hero-actions">
          <a className="button button-primary" href={api.overviewHref}>
            {before}
            {api.title}
            {after}
          </a>
          {api.downloadUrl ? (
            <a className="button button-secondary" href={api.downloadUrl}>
              {t.apiDownloadSpec}
            </a>
          ) : null}
        </p>
        {api.tags.map((tag) => (
          <section key={tag.name} className="api-tag-section" aria-labelledby={`tag-${tag.href}`}>
            <h2 id={`tag-${tag.href}`}>
              <a href={tag.href}>{tag.name}</a>
            </h2>
            <OperationList operations={tag.operations} />
          </section>
        ))}
      </article>
    </DocLayout>
  );
}
