// The API overview: title and version, description (its headings in the TOC), servers,
// authentication per security scheme, contact and licence, the spec download, and every tag.
import { formatMessage } from '../../src/shared/messages';
import type { ApiOverviewView, Crumb, OAuthFlowView, PageModel, TocEntry } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { CopyPageControl } from '../components/CopyPageControl';
import { LeftOut } from '../components/LeftOut';
import { useMessages } from '../components/Messages';
import { OperationList } from '../components/OperationList';
import { DocLayout } from '../layouts/DocLayout';

export function ApiOverview({ page, overview: o, toc, breadcrumbs, homeHref }: { page: PageModel; overview: ApiOverviewView; toc: TocEntry[]; breadcrumbs: Crumb[]; homeHref: string }) {
  const t = useMessages();
  return (
    <DocLayout page={page} toc={toc}>
      <article className="doc-article">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <CopyPageControl page={page} />
        {o.logo ? <ApiLogo logo={o.logo} /> : null}
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
          {o.servers.map((s, i) => {
            const detail = o.serverDetails?.[i];
            return (
              <li key={i}>
                <code>{s.url}</code>
                {detail && detail.template !== s.url && detail.variables.length > 0 ? (
                  <>
                    {' '}
                    <code className="server-template">{detail.template}</code>
                  </>
                ) : null}
                {s.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: s.descriptionHtml }} /> : null}
                {detail?.relative ? <p className="server-note">{t.apiServerRelative}</p> : null}
                {detail && detail.variables.length > 0 ? <ServerVariables variables={detail.variables} /> : null}
              </li>
            );
          })}
        </ul>
        <LeftOut count={o.moreServers} />

        <h2 id={o.sectionIds.authentication}>{t.apiAuthentication}</h2>
        {o.auth.length === 0 ? <p>{t.apiNoAuthentication}</p> : null}
        {o.auth.map((a) => (
          <section key={a.id} aria-labelledby={a.id}>
            <h3 id={a.id}>{a.name}</h3>
            <dl className="schema-facts">
              <div>
                <dt>{t.apiType}</dt>
                <dd>{a.summary ?? (a.type === 'apiKey' ? 'API key' : a.type === 'http' ? `HTTP ${a.scheme ?? ''}`.trim() : a.type)}</dd>
              </div>
              {a.bearerFormat ? (
                <div>
                  <dt>{t.apiBearerFormat}</dt>
                  <dd>{a.bearerFormat}</dd>
                </div>
              ) : null}
              {a.openIdConnectUrl ? (
                <div>
                  <dt>{t.apiDiscoveryUrl}</dt>
                  <dd>
                    <UrlValue url={a.openIdConnectUrl} />
                  </dd>
                </div>
              ) : null}
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
            {a.flows?.map((flow) => <OAuthFlow key={flow.name} flow={flow} />)}
          </section>
        ))}
        <LeftOut count={o.moreAuth} />

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
            <OperationList operations={tag.operations} more={tag.more ? { count: tag.more, href: tag.href } : undefined} />
          </section>
        ))}
        <LeftOut count={o.moreTags} />
        {o.webhooks && o.sectionIds.webhooks ? (
          <section aria-labelledby={o.sectionIds.webhooks}>
            <h2 id={o.sectionIds.webhooks}>
              <a href={o.webhooks.href}>{o.webhooks.name}</a>
            </h2>
            <p>{t.apiWebhooksIntro}</p>
            <OperationList operations={o.webhooks.operations} more={o.webhooks.more ? { count: o.webhooks.more, href: o.webhooks.href } : undefined} />
          </section>
        ) : null}
      </article>
    </DocLayout>
  );
}

/** `info.x-logo`: its URLs were checked to be http(s); the colour to be a plain CSS colour. */
function ApiLogo({ logo }: { logo: NonNullable<ApiOverviewView['logo']> }) {
  const image = <img src={logo.url} alt={logo.altText} className="api-logo-image" />;
  return (
    <p className="api-logo" style={logo.backgroundColor ? { backgroundColor: logo.backgroundColor } : undefined}>
      {logo.href ? <a href={logo.href}>{image}</a> : image}
    </p>
  );
}

function ServerVariables({ variables }: { variables: NonNullable<ApiOverviewView['serverDetails']>[number]['variables'] }) {
  const t = useMessages();
  return (
    <table className="server-variables">
      <caption>{t.apiServerVariables}</caption>
      <thead>
        <tr>
          <th scope="col">{t.apiVariable}</th>
          <th scope="col">{t.apiDefault}</th>
          <th scope="col">{t.apiPossibleValues}</th>
          <th scope="col">{t.apiDescription}</th>
        </tr>
      </thead>
      <tbody>
        {variables.map((v) => (
          <tr key={v.name}>
            <td>
              <code>{`{${v.name}}`}</code>
            </td>
            <td>
              <code>{v.default}</code>
            </td>
            <td>
              {v.enum.map((value, i) => (
                <span key={i}>
                  {i > 0 ? ', ' : ''}
                  <code>{value}</code>
                </span>
              ))}
              {v.moreEnum ? ` ${formatMessage(t.apiMoreValues, { count: v.moreEnum.toLocaleString('en-US') })}` : null}
            </td>
            <td>{v.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: v.descriptionHtml }} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A URL from the spec: a link when it is http(s), else shown as text. */
function UrlValue({ url }: { url: string }) {
  return /^https?:\/\//i.test(url) ? (
    <a href={url}>
      <code>{url}</code>
    </a>
  ) : (
    <code>{url}</code>
  );
}

function OAuthFlow({ flow }: { flow: OAuthFlowView }) {
  const t = useMessages();
  const urls: [string, string | undefined][] = [
    [t.apiAuthorizationUrl, flow.authorizationUrl],
    [t.apiDeviceAuthorizationUrl, flow.deviceAuthorizationUrl],
    [t.apiTokenUrl, flow.tokenUrl],
    [t.apiRefreshUrl, flow.refreshUrl],
  ];
  return (
    <div className="oauth-flow" data-flow={flow.name}>
      <h4>
        {t.apiFlow}: {flow.label}
      </h4>
      <dl className="schema-facts">
        {urls
          .filter((u): u is [string, string] => u[1] !== undefined)
          .map(([label, url]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <UrlValue url={url} />
              </dd>
            </div>
          ))}
      </dl>
      {flow.scopes.length > 0 ? (
        <table className="oauth-scopes">
          <caption>{t.apiScopes}</caption>
          <thead>
            <tr>
              <th scope="col">{t.apiScope}</th>
              <th scope="col">{t.apiDescription}</th>
            </tr>
          </thead>
          <tbody>
            {flow.scopes.map((scope) => (
              <tr key={scope.name}>
                <td>
                  <code>{scope.name}</code>
                </td>
                <td>{scope.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t.apiNoScopes}</p>
      )}
    </div>
  );
}
