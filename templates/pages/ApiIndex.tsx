// The /api landing: what the API is, where to download its spec, every operation by tag (by
// `x-tagGroups` group when the spec has them), and the webhooks.
import type { ApiIndexModel, ApiTagView, Crumb, PageModel } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { CopyPageControl } from '../components/CopyPageControl';
import { LeftOut } from '../components/LeftOut';
import { useMessages } from '../components/Messages';
import { OperationList } from '../components/OperationList';
import { DocLayout } from '../layouts/DocLayout';

/** A tag (or the webhooks) and its operations; under `x-tagGroups` one level below its group. */
function TagSection({ tag, level }: { tag: ApiTagView; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="api-tag-section" aria-labelledby={`tag-${tag.href}`}>
      <Heading id={`tag-${tag.href}`}>
        <a href={tag.href}>{tag.name}</a>
      </Heading>
      <OperationList operations={tag.operations} more={tag.more ? { count: tag.more, href: tag.href } : undefined} />
    </section>
  );
}

export function ApiIndex({ page, api, breadcrumbs, homeHref }: { page: PageModel; api: ApiIndexModel; breadcrumbs: Crumb[]; homeHref: string }) {
  const t = useMessages();
  // The title between the message's two halves, as separate text (as the English JSX was).
  const [before, after = ''] = t.apiReadIntroduction.split('{title}');
  return (
    <DocLayout page={page}>
      <article className="doc-article">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <CopyPageControl page={page} />
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
        {api.tagGroups
          ? api.tagGroups.map((group) => (
              <section key={group.name} className="api-tag-group" aria-label={group.name}>
                <h2>{group.name}</h2>
                {group.tags.map((tag) => (
                  <TagSection key={tag.href} tag={tag} level={3} />
                ))}
              </section>
            ))
          : api.tags.map((tag) => <TagSection key={tag.href} tag={tag} level={2} />)}
        <LeftOut count={api.moreTags} />
        {api.webhooks ? <TagSection tag={api.webhooks} level={2} /> : null}
      </article>
    </DocLayout>
  );
}
