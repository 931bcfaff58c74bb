// An operation page, in reading order: title, method and full URL, deprecation, description,
// request (parameters by location, body), responses (one tab per status), callbacks, code samples.
import type { Crumb, MediaContent, OperationView, PageLink, PageModel, TocEntry } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { useMessages } from '../components/Messages';
import { formatMessage, type MessageKey } from '../../src/shared/messages';
import { CodeBlock } from '../components/CodeBlock';
import { Pagination } from '../components/Pagination';
import { FieldList, SchemaBody } from '../components/SchemaTree';
import { Tabs } from '../components/Tabs';
import { DocLayout } from '../layouts/DocLayout';

type Props = { page: PageModel; operation: OperationView; toc: TocEntry[]; breadcrumbs: Crumb[]; previous?: PageLink; next?: PageLink; homeHref: string };

/** The parameter groups' headings, by where the parameters are sent. */
const PARAMETER_GROUPS: Record<string, MessageKey> = { path: 'apiPathParameters', query: 'apiQueryParameters', header: 'apiHeaderParameters', cookie: 'apiCookieParameters' };

export function ApiOperation({ page, operation: op, toc, breadcrumbs, previous, next, homeHref }: Props) {
  const t = useMessages();
  return (
    <DocLayout page={page} toc={toc}>
      <article className="doc-article api-operation">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <h1 className="doc-title">{op.title}</h1>
        <p className="operation-endpoint">
          <span className={`method-badge method-${op.method.toLowerCase()}`}>{op.method}</span>
          <code className="operation-url">
            <span className="operation-server">{op.serverUrl}</span>
            {op.path}
          </code>
        </p>
        {op.deprecated ? (
          <aside className="admonition admonition-warning" role="note">
            <p className="admonition-title">{t.apiDeprecated}</p>
            <div className="admonition-body">
              <p>{t.apiDeprecatedBody}</p>
            </div>
          </aside>
        ) : null}
        {op.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: op.descriptionHtml }} /> : null}
        {op.security.length > 0 ? (
          <p className="operation-security">
            <strong>{t.apiAuthorization}</strong> {op.security.map((s) => s.detail || s.name).join('; ')}
          </p>
        ) : null}

        {op.parameters.length > 0 || op.requestBody ? (
          <section aria-labelledby="request">
            <h2 id="request">{t.apiRequest}</h2>
            {op.parameters.map((group) => (
              <section key={group.location} aria-labelledby={`${group.location}-parameters`}>
                <h3 id={`${group.location}-parameters`}>{t[PARAMETER_GROUPS[group.location]]}</h3>
                <FieldList nodes={group.params} label={t[PARAMETER_GROUPS[group.location]]} />
              </section>
            ))}
            {op.requestBody ? (
              <section id={op.requestBody.id} aria-labelledby={op.requestBody.id + '-title'}>
                <h3 id={op.requestBody.id + '-title'}>
                  {`${t.apiRequestBody} `}
                  {op.requestBody.required ? <span className="badge badge-required">{t.apiRequired}</span> : null}
                </h3>
                {op.requestBody.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: op.requestBody.descriptionHtml }} /> : null}
                <Contents contents={op.requestBody.contents} id={op.requestBody.id} />
              </section>
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="responses">
          <h2 id="responses">{t.apiResponses}</h2>
          <Tabs
            id="responses-tabs"
            label={t.apiResponsesByStatus}
            items={op.responses.map((r) => ({
              key: r.id,
              label: <span className={`status-code status-${r.statusClass}`}>{r.status}</span>,
              content: (
                <div className="response" id={r.id}>
                  {r.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: r.descriptionHtml }} /> : null}
                  {r.headers.length > 0 ? (
                    <>
                      <h3 className="response-headers-title">{t.apiResponseHeaders}</h3>
                      <FieldList nodes={r.headers} label={formatMessage(t.apiResponseHeadersOf, { status: r.status })} />
                    </>
                  ) : null}
                  <Contents contents={r.contents} id={`${r.id}-body`} />
                </div>
              ),
            }))}
          />
        </section>

        {op.callbacks.length > 0 ? (
          <section aria-labelledby="callbacks">
            <h2 id="callbacks">{t.apiCallbacks}</h2>
            {op.callbacks.map((cb) => (
              <div key={cb.id} id={cb.id}>
                <h3>{cb.name}</h3>
                <ul className="operation-list">
                  {cb.operations.map((o, i) => (
                    <li key={i}>
                      <span className={`method-badge method-${o.method.toLowerCase()}`}>{o.method}</span>
                      <code className="operation-path">{o.expression}</code>
                      <span>{o.summary}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ) : null}

        <section aria-labelledby="code-samples">
          <h2 id="code-samples">{t.apiCodeSamples}</h2>
          <Tabs
            id="code-samples-tabs"
            group="code-samples"
            label={t.apiCodeSampleLanguage}
            items={op.codeSamples.map((s) => ({
              key: s.lang,
              label: s.label,
              content: (
                <CodeBlock code={s.code} dataLanguage={s.lang} what="codeSample" />
              ),
            }))}
          />
        </section>
      </article>
      <Pagination previous={previous} next={next} />
    </DocLayout>
  );
}

function Contents({ contents, id }: { contents: MediaContent[]; id: string }) {
  const t = useMessages();
  return (
    <>
      {contents.map((c) => (
        <div key={c.mediaType} className="media-content" id={c.anchorId}>
          <p className="media-type">
            <span className="badge">{c.mediaType}</span>
          </p>
          {c.schema ? <SchemaBody node={c.schema} /> : null}
          {c.examples.length > 0 ? (
            <Tabs
              id={`${id}-${c.mediaType.replace(/[^a-z0-9]+/gi, '-')}-examples`}
              label={formatMessage(t.apiExamplesOf, { mediaType: c.mediaType })}
              items={c.examples.map((ex, i) => ({
                key: String(i + 1),
                label: ex.label,
                content: (
                  <CodeBlock code={ex.code} dataLanguage="json" />
                ),
              }))}
            />
          ) : null}
        </div>
      ))}
    </>
  );
}
