// The API overview: title and version, description (its headings in the TOC), servers,
// authentication per security scheme, contact and licence, the spec download, and every tag.
import type { ApiOverviewView, Crumb, PageModel, TocEntry } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { useMessages } from '../components/Messages';
import { OperationList } from '../components/OperationList';
import { DocLayout } from '../layouts/DocLayout';

export function ApiOverview({ page, overview: o, toc, breadcrumbs, homeHref }: { page: PageModel; overview: ApiOverviewView; toc: TocEntry[]; breadcrumbs: Crumb[]; homeHref: string }) {
  const t = useMessages();
  return (
    <DocLayout page={page} toc={toc}>
      <article className="doc-article">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <h1 className="doc-title">
          {o.title} {o.version ? <span className="version-badge">v{o.version}</span> : null}
        </h1>
        {o.downloadUrl ? (
          <p>
            <a className="button button-secondary" href={o.downloadUrl}>
              {t.apiDownloadSpec}
            </a>
          </p>
        ) : null}
        {o.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: o.descriptionHtml }} /> : null}

        <h2 id={o.sectionIds.servers}>{t.apiServers}</h2>
        <ul className="server-list">
          {o.servers.map((s) => (
            <li key={s.url}>
              <code>{s.url}</code>
              {s.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: s.descriptionHtml }} /> : null}
            </li>
          ))}
        </ul>

        <h2 id={o.sectionIds.authentication}>{t.apiAuthentication}</h2>
        {o.auth.length === 0 ? <p>{t.apiNoAuthentication}</p> : null}
        {o.auth.map((a) => (
          <section key={a.id} aria-labelledby={a.id}>
            <h3 id={a.id}>{a.name}</h3>
            <dl className="schema-facts">
              <div>
                <dt>{t.apiType}</dt>
                <dd>{a.type === 'apiKey' ? 'API key' : a.type === 'http' ? `HTTP ${a.scheme ?? ''}`.trim() : a.type}</dd>
              </div>
              {a.where ? (
                <div>
                  <dt>{t.apiSentIn}</dt>
                  <dd>{a.where}</dd>
                </div>
              ) : null}
              {a.headerName ? (
                <div>
                  <dt>{a.where === 'header' ? t.apiHeaderName : t.apiParameterName}</dt>
                  <dd>
                    <code>{a.headerName}</code>
                  </dd>
                </div>
              ) : null}
            </dl>
            {a.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: a.descriptionHtml }} /> : null}
          </section>
        ))}

        {o.contact || o.license ? (
          <dl className="schema-facts api-meta">
            {o.contact ? (
              <div>
                <dt>{t.apiContact}</dt>
                <dd>
                  {o.contact.name ? <span>{o.contact.name} </span> : null}
                  {o.contact.email ? <a href={`mailto:${o.contact.email}`}>{o.contact.email}</a> : null}
                  {o.contact.url && /^https?:\/\//.test(o.contact.url) ? (
                    <>
                      {' '}
                      <a href={o.contact.url}>{o.contact.url}</a>
                    </>
                  ) : null}
                </dd>
              </div>
            ) : null}
            {o.license ? (
              <div>
                <dt>{t.apiLicense}</dt>
                <dd>{o.license.url && /^https?:\/\//.test(o.license.url) ? <a href={o.license.url}>{o.license.name}</a> : o.license.name}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}

        {o.tags.length > 0 ? <h2 id={o.sectionIds.endpoints}>{t.apiEndpoints}</h2> : null}
        {o.tags.map((tag) => (
          <section key={tag.href} className="api-tag-section" aria-label={tag.name}>
            <h3>
              <a href={tag.href}>{tag.name}</a>
            </h3>
            <OperationList operations={tag.operations} />
          </section>
        ))}
        {o.webhooks && o.sectionIds.webhooks ? (
          <section aria-labelledby={o.sectionIds.webhooks}>
            <h2 id={o.sectionIds.webhooks}>
              <a href={o.webhooks.href}>{o.webhooks.name}</a>
            </h2>
            <p>{t.apiWebhooksIntro}</p>
            <OperationList operations={o.webhooks.operations} />
          </section>
        ) : null}
      </article>
    </DocLayout>
  );
}
