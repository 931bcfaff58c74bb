// The /api landing: what the API is, where to download its spec, and every operation by tag.
import type { ApiIndexModel, Crumb, PageModel } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { DocLayout } from '../layouts/DocLayout';

export function ApiIndex({ page, api, breadcrumbs, homeHref }: { page: PageModel; api: ApiIndexModel; breadcrumbs: Crumb[]; homeHref: string }) {
  return (
    <DocLayout page={page}>
      <article className="doc-article">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <h1 className="doc-title">
          {api.title} {api.version ? <span className="version-badge">v{api.version}</span> : null}
        </h1>
        {api.summary ? <p className="lead">{api.summary}</p> : null}
        {api.downloadUrl ? (
          <p>
            <a className="button button-secondary" href={api.downloadUrl} download>
              Download the OpenAPI spec (YAML)
            </a>
          </p>
        ) : null}
        {api.tags.map((tag) => (
          <section key={tag.name} className="api-tag-section" aria-label={tag.name}>
            <h2>{tag.name}</h2>
            {tag.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: tag.descriptionHtml }} /> : null}
            <ul className="operation-list">
              {tag.operations.map((op) => (
                <li key={`${op.method} ${op.path}`} className={op.deprecated ? 'operation-deprecated' : undefined}>
                  <span className={`method-badge method-${op.method.toLowerCase()}`}>{op.method}</span>
                  <code className="operation-path">{op.path}</code>
                  {op.href ? <a href={op.href}>{op.summary}</a> : <span>{op.summary}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </article>
    </DocLayout>
  );
}
