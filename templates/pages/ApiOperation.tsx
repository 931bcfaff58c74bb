// An operation page, in reading order: title, method and full URL, deprecation, description,
// request (parameters by location, body), the sidecar (try-it, code samples, examples), responses
// (one tab per status), callbacks (each with its own request and responses). On wide screens
// the sidecar is a sticky second column beside the request and responses. A webhook's page is
// the same, with a "Webhook" badge and its event instead of method and URL, and no code samples.
import type { CallbackOperationView, Code, Crumb, MediaContent, OperationView, ParameterGroup, PageLink, PageModel, TocEntry } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Breakable } from '../components/Breakable';
import { CopyPageControl } from '../components/CopyPageControl';
import { useMessages } from '../components/Messages';
import { formatMessage, type MessageKey } from '../../src/shared/messages';
import { CodeBlock } from '../components/CodeBlock';
import { ChangeBadge } from '../components/ChangeBadge';
import { Pagination } from '../components/Pagination';
import { FieldList, SchemaBody } from '../components/SchemaTree';
import { LeftOut } from '../components/LeftOut';
import { Tabs } from '../components/Tabs';
import { DocLayout } from '../layouts/DocLayout';
import { Island } from '../components/Island';
import TryIt, { TRY_IT_ENGLISH } from '../islands/TryIt';
import { localLabels } from '../../src/shared/messages';

type Props = { page: PageModel; operation: OperationView; toc: TocEntry[]; breadcrumbs: Crumb[]; previous?: PageLink; next?: PageLink; homeHref: string };

/** The parameter groups' headings, by where the parameters are sent. */
const PARAMETER_GROUPS: Record<string, MessageKey> = { path: 'apiPathParameters', query: 'apiQueryParameters', header: 'apiHeaderParameters', cookie: 'apiCookieParameters' };

/** The anchor of the line counting a group's parameters left out: what their own anchors start with (`query` of `query-limit`). */
const parametersLeftOut = (group: ParameterGroup) => (group.id ?? `${group.location}-parameters`).replace(/-parameters$/, '');

export function ApiOperation({ page, operation: op, toc, breadcrumbs, previous, next, homeHref }: Props) {
  const t = useMessages();
  const sidecar = hasSidecar(op);
  return (
    <DocLayout page={page} toc={toc}>
      <article className={sidecar ? 'doc-article api-operation has-sidecar' : 'doc-article api-operation'}>
        <div className="operation-main">
          <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
          <CopyPageControl page={page} />
          <h1 className="doc-title">
            <Breakable text={op.title} />
            {op.change ? (
              <>
                {' '}
                <ChangeBadge badge={op.change} />
              </>
            ) : null}
          </h1>
          {op.webhook ? (
            <WebhookEndpoint event={op.webhook.event} method={op.method} expression={op.path} />
          ) : (
            <p className="operation-endpoint">
              <span className={`method-badge method-${op.method.toLowerCase()}`}>{op.method}</span>
              <code className="operation-url">
                <span className="operation-server">{op.serverUrl}</span>
                {op.path}
              </code>
            </p>
          )}
          {op.deprecated ? (
            <aside className="admonition admonition-warning" role="note">
              <p className="admonition-title">{t.apiDeprecated}</p>
              <div className="admonition-body">
                <p>{t.apiDeprecatedBody}</p>
              </div>
            </aside>
          ) : null}
          {op.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: op.descriptionHtml }} /> : null}
          {op.securityRequirements ? <Security requirements={op.securityRequirements} /> : op.security.length > 0 ? (
            <p className="operation-security">
              <strong>{t.apiAuthorization}</strong> {op.security.map((s) => s.detail || s.name).join('; ')}
            </p>
          ) : null}

          {op.parameters.length > 0 || op.requestBody ? (
            <section aria-labelledby="request">
              <h2 id="request">{t.apiRequest}</h2>
              {op.webhook ? <p className="webhook-intro">{t.apiWebhookRequestIntro}</p> : null}
              {op.parameters.map((group) => (
                <section key={group.location} aria-labelledby={group.id ?? `${group.location}-parameters`}>
                  <h3 id={group.id ?? `${group.location}-parameters`}>{t[PARAMETER_GROUPS[group.location]]}</h3>
                  <FieldList nodes={group.params} label={t[PARAMETER_GROUPS[group.location]]} more={group.more} leftOutId={parametersLeftOut(group)} />
                </section>
              ))}
              {op.requestBody ? (
                <section id={op.requestBody.id} aria-labelledby={op.requestBody.id + '-title'}>
                  <h3 id={op.requestBody.id + '-title'}>
                    {`${t.apiRequestBody} `}
                    {op.requestBody.required ? <span className="badge badge-required">{t.apiRequired}</span> : null}
                  </h3>
                  {op.requestBody.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: op.requestBody.descriptionHtml }} /> : null}
                  <Contents contents={op.requestBody.contents} id={op.requestBody.id} inline={sidecar} />
                </section>
              ) : null}
            </section>
          ) : null}
        </div>

        {sidecar ? <Sidecar op={op} /> : null}

        <div className="operation-rest">
          <section aria-labelledby="responses">
            <h2 id="responses">{t.apiResponses}</h2>
            {op.webhook ? <p className="webhook-intro">{t.apiWebhookResponsesIntro}</p> : null}
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
                    <Contents contents={r.contents} id={`${r.id}-body`} inline={sidecar} />
                  </div>
                ),
              }))}
            />
            <LeftOut count={op.moreResponses} id="response" />
          </section>

          {op.callbacks.length > 0 ? (
            <section aria-labelledby="callbacks">
              <h2 id="callbacks">{t.apiCallbacks}</h2>
              {op.callbacks.map((cb) => (
                <section key={cb.id} id={cb.id} className="callback" aria-labelledby={`${cb.id}-title`}>
                  <h3 id={`${cb.id}-title`}>{cb.name}</h3>
                  {cb.operations.map((o) => (
                    <CallbackOperation key={o.id} operation={o} />
                  ))}
                </section>
              ))}
              <LeftOut count={op.moreCallbacks} id="callback" />
            </section>
          ) : null}
        </div>
      </article>
      <Pagination previous={previous} next={next} />
    </DocLayout>
  );
}

/** One example of the sidecar's pickers: its label (with the media type when a body has several) and its code. */
type SidecarExample = { key: string; label: string; code: Code };

function examplesOf(contents: MediaContent[]): SidecarExample[] {
  const several = contents.length > 1;
  return contents.flatMap((c, j) => c.examples.map((ex, i) => ({ key: `${j + 1}-${i + 1}`, label: several ? `${ex.label} (${c.mediaType})` : ex.label, code: ex.code })));
}

/** The sidecar has something to show: the try-it console, code samples, or an example of the request body or of a response. */
function hasSidecar(op: OperationView): boolean {
  return !!op.tryIt || op.codeSamples.length > 0 || examplesOf(op.requestBody?.contents ?? []).length > 0 || op.responses.some((r) => examplesOf(r.contents).length > 0);
}

/**
 * The aside beside the fields on wide screens (sticky, styles/81-operation-layout.css): the
 * try-it console, the code samples, the request body's examples and the responses' examples.
 * On narrow screens it is a block after the request: the samples show there, and the examples
 * (`sidecar-only`) give way to the copies inside the request body and each response.
 */
function Sidecar({ op }: { op: OperationView }) {
  const t = useMessages();
  const requestExamples = examplesOf(op.requestBody?.contents ?? []);
  const responses = op.responses.map((r) => ({ response: r, examples: examplesOf(r.contents) })).filter((r) => r.examples.length > 0);
  return (
    <aside className="operation-sidecar" aria-label={t.apiSidecar}>
      {op.tryIt ? <TryItSlot tryIt={op.tryIt} /> : null}
      {op.codeSamples.length > 0 ? (
        <section className="operation-samples sidecar-panel" aria-labelledby="code-samples">
          <h2 id="code-samples" className="sidecar-title">{t.apiCodeSamples}</h2>
          <Tabs
            id="code-samples-tabs"
            group="code-samples"
            label={t.apiCodeSampleLanguage}
            items={op.codeSamples.map((s) => ({
              key: s.lang,
              label: s.label,
              // The tab names the language; the bar names the request.
              content: <CodeBlock code={s.code} dataLanguage={s.lang} what="codeSample" label={`${op.method} ${op.path}`} />,
            }))}
          />
        </section>
      ) : null}
      {requestExamples.length > 0 ? (
        <section className="sidecar-panel sidecar-only sidecar-request-example" aria-labelledby="sidecar-request-example">
          <h2 id="sidecar-request-example" className="sidecar-title">{t.apiRequestExample}</h2>
          <ExamplePicker id="sidecar-request-examples" label={t.apiRequestExamples} examples={requestExamples} />
          <LeftOut count={moreExamples(op.requestBody?.contents ?? [])} />
        </section>
      ) : null}
      {responses.length > 0 ? (
        <section className="sidecar-panel sidecar-only sidecar-response-example" aria-labelledby="sidecar-response-example">
          <h2 id="sidecar-response-example" className="sidecar-title">{t.apiResponseExample}</h2>
          <Tabs
            id="sidecar-responses"
            label={t.apiResponseExampleByStatus}
            items={responses.map(({ response: r, examples }) => ({
              key: r.id,
              label: <span className={`status-code status-${r.statusClass}`}>{r.status}</span>,
              content: (
                <>
                  <ExamplePicker id={`sidecar-${r.id}-examples`} label={formatMessage(t.apiResponseExamplesOf, { status: r.status })} examples={examples} />
                  <LeftOut count={moreExamples(r.contents)} />
                </>
              ),
            }))}
          />
        </section>
      ) : null}
    </aside>
  );
}

function moreExamples(contents: MediaContent[]): number {
  return contents.reduce((n, c) => n + (c.moreExamples ?? 0), 0);
}

/** Named examples as tabs; a single example as its code block alone. */
function ExamplePicker({ id, label, examples }: { id: string; label: string; examples: SidecarExample[] }) {
  if (examples.length === 1) return <CodeBlock code={examples[0]!.code} dataLanguage={examples[0]!.code.language || 'text'} />;
  return (
    <Tabs
      id={id}
      label={label}
      items={examples.map((ex) => ({ key: ex.key, label: ex.label, content: <CodeBlock code={ex.code} dataLanguage={ex.code.language || 'text'} /> }))}
    />
  );
}

/** The try-it console, first in the sidecar: a "Try it" button whose island loads on interaction (templates/islands/TryIt.tsx). */
function TryItSlot({ tryIt }: { tryIt: NonNullable<OperationView['tryIt']> }) {
  const labels = localLabels(useMessages(), Object.keys(TRY_IT_ENGLISH) as (keyof typeof TRY_IT_ENGLISH)[]);
  return <Island name="TryIt" component={TryIt} props={{ dataUrl: tryIt.dataUrl, ...(labels ? { labels } : {}) }} when="interaction" />;
}

/** A webhook's line instead of method and URL: the badge, the event's name, and how it is delivered. */
function WebhookEndpoint({ event, method, expression }: { event: string; method: string; expression: string }) {
  const t = useMessages();
  const [before, after = ''] = t.apiWebhookDelivery.split('{method}');
  return (
    <p className="operation-endpoint operation-webhook">
      <span className="method-badge method-webhook">{t.apiWebhook}</span>
      <code className="operation-url">{event}</code>
      <span className="webhook-delivery">
        {before}
        <span className={`method-badge method-${method.toLowerCase()}`}>{method}</span>
        {after}
        {expression ? (
          <>
            {' '}
            <code>{expression}</code>
          </>
        ) : null}
      </span>
    </p>
  );
}

/**
 * One operation of a callback, like the page's own exchange one level down: the request the API
 * sends (parameters, body) and the responses it expects, each with its schema and examples.
 */
function CallbackOperation({ operation: o }: { operation: CallbackOperationView }) {
  const t = useMessages();
  return (
    <div className="callback-operation" id={o.id}>
      <p className="operation-endpoint">
        <span className={`method-badge method-${o.method.toLowerCase()}`}>{o.method}</span>
        <code className="operation-url">{o.expression}</code>
      </p>
      {o.summary ? <p className="callback-summary">{o.summary}</p> : null}
      {o.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: o.descriptionHtml }} /> : null}
      {o.parameters.length > 0 || o.requestBody ? (
        <section aria-labelledby={`${o.id}-request`}>
          <h4 id={`${o.id}-request`}>{t.apiRequest}</h4>
          {o.parameters.map((group) => (
            <section key={group.location} aria-labelledby={group.id}>
              <h5 id={group.id}>{t[PARAMETER_GROUPS[group.location]]}</h5>
              <FieldList nodes={group.params} label={t[PARAMETER_GROUPS[group.location]]} more={group.more} leftOutId={parametersLeftOut(group)} />
            </section>
          ))}
          {o.requestBody ? (
            <section id={o.requestBody.id} aria-labelledby={o.requestBody.id + '-title'}>
              <h5 id={o.requestBody.id + '-title'}>
                {`${t.apiRequestBody} `}
                {o.requestBody.required ? <span className="badge badge-required">{t.apiRequired}</span> : null}
              </h5>
              {o.requestBody.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: o.requestBody.descriptionHtml }} /> : null}
              <Contents contents={o.requestBody.contents} id={o.requestBody.id} />
            </section>
          ) : null}
        </section>
      ) : null}
      {o.responses.length > 0 ? (
        <section aria-labelledby={`${o.id}-responses`}>
          <h4 id={`${o.id}-responses`}>{t.apiResponses}</h4>
          <Tabs
            id={`${o.id}-responses-tabs`}
            label={t.apiResponsesByStatus}
            items={o.responses.map((r) => ({
              key: r.id,
              label: <span className={`status-code status-${r.statusClass}`}>{r.status}</span>,
              content: (
                <div className="response" id={r.id}>
                  {r.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: r.descriptionHtml }} /> : null}
                  {r.headers.length > 0 ? <FieldList nodes={r.headers} label={formatMessage(t.apiResponseHeadersOf, { status: r.status })} /> : null}
                  <Contents contents={r.contents} id={`${r.id}-body`} />
                </div>
              ),
            }))}
          />
          <LeftOut count={o.moreResponses} id={`${o.id}-response`} />
        </section>
      ) : null}
    </div>
  );
}

/** A body's media types, each with its schema and examples; `inline`: the examples are also in the sidecar (shown there on wide screens). */
function Contents({ contents, id, inline }: { contents: MediaContent[]; id: string; inline?: boolean }) {
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
            <div className={inline ? 'media-examples operation-inline-example' : 'media-examples'}>
              <Tabs
                id={`${id}-${c.mediaType.replace(/[^a-z0-9]+/gi, '-')}-examples`}
                label={formatMessage(t.apiExamplesOf, { mediaType: c.mediaType })}
                items={c.examples.map((ex, i) => ({
                  key: String(i + 1),
                  label: ex.label,
                  content: <CodeBlock code={ex.code} dataLanguage={ex.code.language || 'text'} />,
                }))}
              />
              <LeftOut count={c.moreExamples} />
            </div>
          ) : null}
        </div>
      ))}
    </>
  );
}

/**
 * Which credentials the operation takes: one line per alternative (requirement object), its
 * schemes joined by "and", each linking to its description on the overview, with the scopes needed.
 */
function Security({ requirements }: { requirements: NonNullable<OperationView['securityRequirements']> }) {
  const t = useMessages();
  const { alternatives, optional } = requirements;
  if (alternatives.length === 0) return null;
  const line = (alternative: (typeof alternatives)[number]) =>
    alternative.schemes.map((scheme, i) => (
      <span key={scheme.name} className="security-scheme">
        {i > 0 ? ` ${t.apiAuthAnd} ` : ''}
        {scheme.href ? <a href={scheme.href}>{scheme.name}</a> : <span>{scheme.name}</span>}
        {scheme.detail ? ` (${scheme.detail})` : ''}
        {scheme.scopes.length > 0 ? (
          <>
            {' — '}
            {formatMessage(t.apiScopesNeeded, { scopes: '' })}
            {scheme.scopes.map((scope, j) => (
              <span key={scope}>
                {j > 0 ? ', ' : ''}
                <code>{scope}</code>
              </span>
            ))}
          </>
        ) : null}
      </span>
    ));
  return (
    <div className="operation-security">
      <strong>{t.apiAuthorization}</strong>{' '}
      {alternatives.length === 1 ? (
        line(alternatives[0]!)
      ) : (
        <ul className="security-alternatives">
          {alternatives.map((alternative, i) => (
            <li key={i}>
              {i > 0 ? <span className="security-or">{t.apiAuthOr} </span> : null}
              {line(alternative)}
            </li>
          ))}
        </ul>
      )}
      <LeftOut count={requirements.moreAlternatives} />
      {optional ? <p className="security-optional">{t.apiAuthOptional}</p> : null}
    </div>
  );
}
