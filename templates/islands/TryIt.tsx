// The "Try it" console of an operation page (issue 17). The server renders only its button; the
// island's code loads on the first interaction (`when="interaction"`), and opening it fetches the
// operation's data file (src/shared/tryIt.ts, written by src/openapi/tryIt.ts). Then the reader
// picks a server (and its variables), authenticates (API key, bearer, basic, OAuth2 or a token
// field), edits every parameter (pre-filled from the spec, checked against the schema before
// sending), the body (pre-filled from the chosen example, JSON checked against the schema) and
// extra headers, sends with fetch (through `proxyUrl` when set), and reads status, time, size,
// headers and body. A request that cannot reach the API says why and what to do about it.
//
// Credentials: sessionStorage unless "Remember on this device" (src/client/tryIt/credentials.ts);
// never in a URL. Everything from the spec and the API is rendered as React text.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { credentialParts, expandServer, type TryItCredential, type TryItData, type TryItParameter, type TryItScheme, type TryItValues } from '../../src/shared/tryIt';
import { loadCredentials, saveCredentials, type StoredCredentials } from '../../src/client/tryIt/credentials';
import { highlightJson } from '../../src/client/tryIt/highlightJson';
import { plainText } from '../../src/client/tryIt/plainText';
import { authorizationCode, clientCredentials } from '../../src/client/tryIt/oauth';
import { buildRequest, send, type SendResult } from '../../src/client/tryIt/request';
import { resetLiveSamples, updateLiveSamples } from '../../src/client/tryIt/liveSamples';
import { parseParameter, validate, type SchemaError } from '../../src/client/tryIt/validate';
import { tryItMessages } from '../../src/shared/tryItMessages';

export const TRY_IT_ENGLISH = tryItMessages;
export type TryItLabels = typeof TRY_IT_ENGLISH;

export interface TryItProps {
  /** The operation's data file (`assets/try-it/<slug>.<hash>.json`, with the base URL). */
  dataUrl: string;
  /** The page's words when not English. */
  labels?: Partial<TryItLabels>;
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

export default function TryIt({ dataUrl, labels }: TryItProps) {
  const t = { ...TRY_IT_ENGLISH, ...labels };
  const id = useId();
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<TryItData | { error: string } | undefined>();
  useEffect(() => {
    if (!open || data) return;
    let live = true;
    fetch(dataUrl)
      .then((r) => (r.ok ? (r.json() as Promise<TryItData>) : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((d) => live && setData(d))
      .catch((e: unknown) => live && setData({ error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [open, data, dataUrl]);
  const consoleId = `${id}-console`;
  return (
    <section className={open ? 'try-it is-open' : 'try-it'} aria-label={t.tryItTitle}>
      <button type="button" className="button button-primary try-it-toggle" aria-expanded={open} aria-controls={open ? consoleId : undefined} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="try-it-play">
          ▶
        </span>
        {open ? t.tryItHide : t.tryIt}
      </button>
      {open ? (
        <div id={consoleId} className="try-it-console">
          {!data ? (
            <p className="try-it-loading" role="status">
              {t.tryItLoading}
            </p>
          ) : 'error' in data ? (
            <p className="try-it-error" role="alert">
              {fill(t.tryItLoadFailed, { reason: data.error })}
            </p>
          ) : (
            <Console data={data} t={t} id={id} />
          )}
        </div>
      ) : null}
    </section>
  );
}

type T = TryItLabels;
const paramKey = (p: TryItParameter) => `${p.in}:${p.name}`;
const inputId = (id: string, key: string) => `${id}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;

function Console({ data, t, id }: { data: TryItData; t: T; id: string }) {
  const [serverIndex, setServerIndex] = useState(0);
  const server = data.servers[serverIndex];
  const [vars, setVars] = useState<Record<string, string>>({});
  const [params, setParams] = useState<Record<string, string>>(() => Object.fromEntries(data.parameters.map((p) => [paramKey(p), p.value ?? ''])));
  const [exampleIndex, setExampleIndex] = useState(0);
  const [body, setBody] = useState(data.body?.examples[0]?.text ?? '');
  const [headers, setHeaders] = useState<{ name: string; value: string }[]>([]);
  const stored = useMemo(loadCredentials, []);
  const [creds, setCreds] = useState<StoredCredentials>(stored.credentials);
  const [remember, setRemember] = useState(stored.remember);
  const [showSecrets, setShowSecrets] = useState(false);
  const [altIndex, setAltIndex] = useState(data.security.alternatives.length ? 0 : -1);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<SendResult | undefined>();
  const [sending, setSending] = useState<AbortController | undefined>();
  const [announce, setAnnounce] = useState('');
  const responseRef = useRef<HTMLDivElement>(null);

  useEffect(() => saveCredentials(creds, remember), [creds, remember]);

  const serverUrl = server ? expandServer(server, vars) : '';
  const schemes: TryItScheme[] = altIndex >= 0 ? (data.security.alternatives[altIndex]?.schemes ?? []) : [];
  const values = (): TryItValues => {
    const by = (where: TryItParameter['in']) => Object.fromEntries(data.parameters.filter((p) => p.in === where && (params[paramKey(p)] ?? '') !== '').map((p) => [p.name, params[paramKey(p)]!]));
    return {
      server: serverUrl,
      path: by('path'),
      query: by('query'),
      headers: { ...by('header'), ...Object.fromEntries(headers.filter((h) => h.name.trim()).map((h) => [h.name.trim(), h.value])) },
      cookies: by('cookie'),
      ...(data.body ? { body } : {}),
      credentials: credentialParts(schemes, creds),
      showSecrets,
    };
  };
  // The sidecar's code samples follow what the reader types (src/client/tryIt/liveSamples.ts);
  // the built ones come back when the console closes.
  useEffect(() => updateLiveSamples(document, data, values(), schemes));
  useEffect(() => () => resetLiveSamples(document), []);

  const check = (): Record<string, string[]> => {
    const found: Record<string, string[]> = {};
    for (const p of data.parameters) {
      const text = params[paramKey(p)] ?? '';
      if (text === '') {
        if (p.required) found[paramKey(p)] = [t.tryItIsRequired];
        continue;
      }
      const messages = validate(parseParameter(text, p.schema), p.schema).map((e) => (e.path ? `${e.path} ${e.message}` : e.message));
      if (messages.length) found[paramKey(p)] = messages;
    }
    if (data.body) {
      if (body.trim() === '') {
        if (data.body.required) found.body = [t.tryItIsRequired];
      } else if (/json/i.test(data.body.mediaType)) {
        try {
          const messages = validate(JSON.parse(body), data.body.schema).map((e: SchemaError) => (e.path ? `${e.path} ${e.message}` : e.message));
          if (messages.length) found.body = messages;
        } catch (e) {
          found.body = [fill(t.tryItInvalidJson, { reason: e instanceof Error ? e.message : String(e) })];
        }
      }
    }
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    const keys = Object.keys(found);
    if (keys.length) {
      setAnnounce(fill(t.tryItFixFields, { count: keys.length }));
      const first = data.parameters.find((p) => found[paramKey(p)]);
      document.getElementById(first ? inputId(id, paramKey(first)) : `${id}-body`)?.focus();
      return;
    }
    const controller = new AbortController();
    setSending(controller);
    setAnnounce(t.tryItSending);
    const request = buildRequest(data, values());
    const sent = await send(request, controller.signal);
    setSending(undefined);
    setResult(sent);
    setAnnounce(sent.ok ? fill(t.tryItResponseSummary, { status: `${sent.response.status} ${sent.response.statusText}`.trim(), ms: sent.response.ms, size: formatSize(sent.response.bytes) }) : t.tryItNetworkTitle);
    requestAnimationFrame(() => responseRef.current?.focus());
  };

  const setParam = (key: string, value: string) => {
    setParams((old) => ({ ...old, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const setCred = (key: string, credential: TryItCredential) => setCreds((old) => ({ ...old, [key]: credential }));

  return (
    <form
      className="try-it-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="try-it-title">
        <span className={`method-badge method-${data.method.toLowerCase()}`}>{data.method}</span> <code>{data.path}</code>
      </h2>

      {data.servers.length > 0 ? (
        <fieldset className="try-it-group">
          <legend>{t.tryItServer}</legend>
          {data.servers.length > 1 ? (
            <Field id={`${id}-server`} label={t.tryItServer} hideLabel>
              <select id={`${id}-server`} value={serverIndex} onChange={(e) => setServerIndex(Number(e.target.value))}>
                {data.servers.map((s, i) => (
                  <option key={s.url} value={i}>
                    {s.description ? `${s.url} — ${s.description}` : s.url}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          {data.servers.length === 1 && server?.description ? <p className="try-it-hint">{plainText(server.description)}</p> : null}
          {server
            ? Object.entries(server.variables).map(([name, v]) => (
                <Field key={name} id={`${id}-var-${name}`} label={name} hint={v.description && plainText(v.description)}>
                  {v.enum ? (
                    <select id={`${id}-var-${name}`} aria-describedby={v.description ? `${id}-var-${name}-hint` : undefined} value={vars[name] ?? v.default} onChange={(e) => setVars({ ...vars, [name]: e.target.value })}>
                      {v.enum.map((value) => (
                        <option key={value}>{value}</option>
                      ))}
                    </select>
                  ) : (
                    <input id={`${id}-var-${name}`} aria-describedby={v.description ? `${id}-var-${name}-hint` : undefined} value={vars[name] ?? v.default} onChange={(e) => setVars({ ...vars, [name]: e.target.value })} />
                  )}
                </Field>
              ))
            : null}
          <p className="try-it-url">{serverUrl + data.path}</p>
        </fieldset>
      ) : null}

      {data.security.alternatives.length > 0 ? (
        <fieldset className="try-it-group">
          <legend>{t.tryItAuth}</legend>
          {data.security.alternatives.length > 1 || data.security.optional ? (
            <Field id={`${id}-auth`} label={t.tryItAuthAlternative}>
              <select id={`${id}-auth`} value={altIndex} onChange={(e) => setAltIndex(Number(e.target.value))}>
                {data.security.alternatives.map((alt, i) => (
                  <option key={i} value={i}>
                    {alt.schemes.map((s) => s.key).join(' + ')}
                  </option>
                ))}
                {data.security.optional ? <option value={-1}>{t.tryItAuthNone}</option> : null}
              </select>
            </Field>
          ) : null}
          {schemes.map((scheme) => (
            <SchemeInputs key={scheme.key} scheme={scheme} credential={creds[scheme.key]} set={(c) => setCred(scheme.key, c)} t={t} id={`${id}-auth-${scheme.key.replace(/[^A-Za-z0-9_-]/g, '_')}`} />
          ))}
          <div className="try-it-checks">
            <label className="try-it-check">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} aria-describedby={`${id}-remember-hint`} /> {t.tryItRemember}
            </label>
            <p id={`${id}-remember-hint`} className="try-it-hint">
              {t.tryItRememberHint}
            </p>
            <label className="try-it-check">
              <input type="checkbox" checked={showSecrets} onChange={(e) => setShowSecrets(e.target.checked)} /> {t.tryItShowSecrets}
            </label>
          </div>
        </fieldset>
      ) : null}

      {data.parameters.length > 0 ? (
        <fieldset className="try-it-group">
          <legend>{t.tryItParameters}</legend>
          {data.parameters.map((p) => (
            <ParameterInput key={paramKey(p)} p={p} value={params[paramKey(p)] ?? ''} set={(v) => setParam(paramKey(p), v)} errors={errors[paramKey(p)]} t={t} id={inputId(id, paramKey(p))} />
          ))}
        </fieldset>
      ) : null}

      {data.body ? (
        <fieldset className="try-it-group">
          <legend>
            {t.tryItBody} <span className="try-it-media">{data.body.mediaType}</span>
          </legend>
          {data.body.examples.length > 1 ? (
            <Field id={`${id}-body-example`} label={t.tryItBodyExample}>
              <select
                id={`${id}-body-example`}
                value={exampleIndex}
                onChange={(e) => {
                  const i = Number(e.target.value);
                  setExampleIndex(i);
                  setBody(data.body!.examples[i]?.text ?? '');
                }}
              >
                {data.body.examples.map((ex, i) => (
                  <option key={i} value={i}>
                    {ex.label}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          <Field id={`${id}-body`} label={t.tryItBody} hideLabel errors={errors.body} required={data.body.required} t={t}>
            <textarea
              id={`${id}-body`}
              className="try-it-body"
              spellCheck={false}
              rows={Math.min(16, Math.max(4, body.split('\n').length))}
              value={body}
              onChange={(e) => {
                setBody(e.target.value);
                if (errors.body) setErrors(({ body: _, ...rest }) => rest);
              }}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? `${id}-body-errors` : undefined}
            />
          </Field>
        </fieldset>
      ) : null}

      <fieldset className="try-it-group">
        <legend>{t.tryItHeaders}</legend>
        {headers.map((h, i) => (
          <div className="try-it-header-row" key={i}>
            <input aria-label={t.tryItHeaderName} placeholder={t.tryItHeaderName} value={h.name} onChange={(e) => setHeaders(headers.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
            <input aria-label={t.tryItHeaderValue} placeholder={t.tryItHeaderValue} value={h.value} onChange={(e) => setHeaders(headers.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
            <button type="button" className="try-it-icon-button" aria-label={fill(t.tryItRemoveHeader, { name: h.name || String(i + 1) })} onClick={() => setHeaders(headers.filter((_, j) => j !== i))}>
              ×
            </button>
          </div>
        ))}
        <button type="button" className="button button-secondary try-it-small" onClick={() => setHeaders([...headers, { name: '', value: '' }])}>
          {t.tryItAddHeader}
        </button>
      </fieldset>

      <div className="try-it-actions">
        <button type="submit" className="button button-primary" disabled={!!sending}>
          {sending ? t.tryItSending : t.tryItSend}
        </button>
        {sending ? (
          <button type="button" className="button button-secondary" onClick={() => sending.abort()}>
            {t.tryItCancel}
          </button>
        ) : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      {result ? (
        <div className="try-it-result" ref={responseRef} tabIndex={-1} aria-label={t.tryItResponse}>
          {result.ok ? <ResponseView result={result.response} t={t} /> : <Failure result={result} server={serverUrl} t={t} />}
        </div>
      ) : null}
    </form>
  );
}

function Field({ id, label, hint, hideLabel, errors, required, t, children }: { id: string; label: ReactNode; hint?: string; hideLabel?: boolean; errors?: string[]; required?: boolean; t?: T; children: ReactNode }) {
  return (
    <div className={errors ? 'try-it-field has-error' : 'try-it-field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
        {required && t ? <span className="try-it-required"> ({t.tryItRequired})</span> : null}
      </label>
      {hint ? (
        <p className="try-it-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {errors ? (
        <ul className="try-it-field-errors" id={`${id}-errors`}>
          {errors.map((e, i) => (
            <li key={i}>
              {typeof label === 'string' ? `${label} ` : ''}
              {e}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ParameterInput({ p, value, set, errors, t, id }: { p: TryItParameter; value: string; set: (v: string) => void; errors?: string[]; t: T; id: string }) {
  const schema = (p.schema ?? {}) as { type?: unknown; enum?: unknown[] };
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  const described = [errors ? `${id}-errors` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': errors ? true : undefined, 'aria-describedby': described, 'aria-required': p.required || undefined } as const;
  let control: ReactNode;
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.length <= 50 && type !== 'array') {
    control = (
      <select {...common} value={value} onChange={(e) => set(e.target.value)}>
        {!p.required || !schema.enum.map(String).includes(value) ? <option value="">—</option> : null}
        {schema.enum.map((v) => (
          <option key={String(v)} value={String(v)}>
            {String(v)}
          </option>
        ))}
      </select>
    );
  } else if (type === 'boolean') {
    control = (
      <select {...common} value={value} onChange={(e) => set(e.target.value)}>
        <option value="">—</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </select>
    );
  } else {
    control = <input {...common} value={value} inputMode={type === 'integer' ? 'numeric' : type === 'number' ? 'decimal' : undefined} spellCheck={false} autoComplete="off" onChange={(e) => set(e.target.value)} />;
  }
  return (
    <Field id={id} label={p.name} errors={errors} required={p.required} t={t}>
      <span className="try-it-param-where">{`${p.in}${type ? ` · ${String(type)}` : ''}`}</span>
      {control}
      {p.examples && p.examples.length > 0 ? (
        <select className="try-it-examples" aria-label={fill(t.tryItChooseExample, { name: p.name })} value="" onChange={(e) => e.target.value !== '' && set(p.examples![Number(e.target.value)]!.value)}>
          <option value="">{t.tryItExample}…</option>
          {p.examples.map((ex, i) => (
            <option key={i} value={i}>
              {ex.label}: {ex.value}
            </option>
          ))}
        </select>
      ) : null}
    </Field>
  );
}

function SchemeInputs({ scheme, credential, set, t, id }: { scheme: TryItScheme; credential?: TryItCredential; set: (c: TryItCredential) => void; t: T; id: string }) {
  const secret = (key: string, label: string, value: string, onChange: (v: string) => void, type = 'password') => (
    <Field id={`${id}-${key}`} label={label}>
      <input id={`${id}-${key}`} type={type} autoComplete="off" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
  const description = scheme.description ? <p className="try-it-hint">{plainText(scheme.description)}</p> : null;
  if (scheme.kind === 'apiKey') {
    const value = credential?.kind === 'apiKey' ? credential.value : '';
    return (
      <div className="try-it-scheme">
        {secret('key', fill(t.tryItApiKeyIn, { name: scheme.name, where: scheme.in }), value, (v) => set({ kind: 'apiKey', value: v }))}
        {description}
      </div>
    );
  }
  if (scheme.kind === 'basic') {
    const c = credential?.kind === 'basic' ? credential : { kind: 'basic' as const, username: '', password: '' };
    return (
      <div className="try-it-scheme">
        {secret('user', t.tryItUsername, c.username, (v) => set({ ...c, username: v }), 'text')}
        {secret('password', t.tryItPassword, c.password, (v) => set({ ...c, password: v }))}
        {description}
      </div>
    );
  }
  const token = credential?.kind === 'bearer' || credential?.kind === 'token' ? credential.token : '';
  if (scheme.kind === 'bearer') {
    return (
      <div className="try-it-scheme">
        {secret('token', scheme.bearerFormat ? `${t.tryItBearer} (${scheme.bearerFormat})` : t.tryItBearer, token, (v) => set({ kind: 'bearer', token: v }))}
        {description}
      </div>
    );
  }
  if (scheme.kind === 'oauth2') return <OAuthInputs scheme={scheme} token={token} set={set} t={t} id={id} />;
  return (
    <div className="try-it-scheme">
      {secret('token', scheme.label, token, (v) => set({ kind: 'token', token: v }))}
      {scheme.scopes.length ? <p className="try-it-hint">{`${t.tryItScopes}: ${scheme.scopes.join(', ')}`}</p> : null}
      {description}
    </div>
  );
}

function OAuthInputs({ scheme, token, set, t, id }: { scheme: Extract<TryItScheme, { kind: 'oauth2' }>; token: string; set: (c: TryItCredential) => void; t: T; id: string }) {
  const [flowIndex, setFlowIndex] = useState(0);
  const flow = scheme.flows[flowIndex]!;
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState<string[]>(scheme.scopes);
  const [status, setStatus] = useState<{ error?: string; done?: boolean }>({});
  const getToken = async () => {
    setStatus({});
    try {
      const result = flow.kind === 'clientCredentials' ? await clientCredentials(flow, clientId, clientSecret, scopes) : await authorizationCode(flow, clientId, scopes);
      set({ kind: 'token', token: result.accessToken });
      setStatus({ done: true });
    } catch (e) {
      setStatus({ error: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <div className="try-it-scheme">
      {scheme.flows.length > 1 ? (
        <Field id={`${id}-flow`} label={t.tryItFlow}>
          <select id={`${id}-flow`} value={flowIndex} onChange={(e) => setFlowIndex(Number(e.target.value))}>
            {scheme.flows.map((f, i) => (
              <option key={f.kind} value={i}>
                {f.kind === 'clientCredentials' ? t.tryItFlowClientCredentials : t.tryItFlowAuthorizationCode}
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <p className="try-it-hint">{flow.kind === 'clientCredentials' ? t.tryItFlowClientCredentials : t.tryItFlowAuthorizationCode}</p>
      )}
      <Field id={`${id}-client`} label={t.tryItClientId}>
        <input id={`${id}-client`} autoComplete="off" spellCheck={false} value={clientId} onChange={(e) => setClientId(e.target.value)} />
      </Field>
      {flow.kind === 'clientCredentials' ? (
        <Field id={`${id}-secret`} label={t.tryItClientSecret}>
          <input id={`${id}-secret`} type="password" autoComplete="off" value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} />
        </Field>
      ) : null}
      {flow.scopes.length > 0 ? (
        <fieldset className="try-it-scopes">
          <legend>{t.tryItScopes}</legend>
          {flow.scopes.map((s) => (
            <label key={s.name} className="try-it-check" title={s.description}>
              <input type="checkbox" checked={scopes.includes(s.name)} onChange={(e) => setScopes(e.target.checked ? [...scopes, s.name] : scopes.filter((x) => x !== s.name))} /> <code>{s.name}</code>
            </label>
          ))}
        </fieldset>
      ) : null}
      <button type="button" className="button button-secondary try-it-small" onClick={() => void getToken()}>
        {t.tryItGetToken}
      </button>
      {status.error ? (
        <p className="try-it-field-errors" role="alert">
          {status.error}
        </p>
      ) : status.done ? (
        <p className="try-it-hint" role="status">
          {t.tryItTokenReceived}
        </p>
      ) : null}
      <Field id={`${id}-token`} label={t.tryItAccessToken}>
        <input id={`${id}-token`} type="password" autoComplete="off" spellCheck={false} value={token} onChange={(e) => set({ kind: 'token', token: e.target.value })} />
      </Field>
    </div>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function statusClass(status: number): string {
  return status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : status >= 200 ? '2xx' : '1xx';
}

function ResponseView({ result, t }: { result: Extract<SendResult, { ok: true }>['response']; t: T }) {
  const body = result.body;
  return (
    <>
      <p className="try-it-status">
        <span className={`status-code status-${statusClass(result.status)}`}>{result.status}</span> <span>{result.statusText}</span>
        <span className="try-it-meta">
          {result.ms} ms · {formatSize(result.bytes)}
        </span>
      </p>
      <details className="try-it-response-headers">
        <summary>{fill(t.tryItHeadersReceived, { count: result.headers.length })}</summary>
        <dl>
          {result.headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      {body.kind === 'json' || body.kind === 'text' ? (
        <pre className="hljs try-it-response-body" tabIndex={0}>
          <code>{body.kind === 'json' ? highlightJson(body.text).map((tok, i) => (tok.className ? <span key={i} className={tok.className}>{tok.text}</span> : tok.text)) : body.text}</code>
        </pre>
      ) : body.kind === 'image' ? (
        <img className="try-it-image" src={body.url} alt={t.tryItImage} />
      ) : body.kind === 'binary' ? (
        <a className="button button-secondary" href={body.url} download={body.name}>
          {fill(t.tryItDownload, { size: formatSize(result.bytes) })}
        </a>
      ) : (
        <p className="try-it-hint">{t.tryItEmptyBody}</p>
      )}
    </>
  );
}

function Failure({ result, server, t }: { result: Extract<SendResult, { ok: false }>; server: string; t: T }) {
  const docs = location.origin;
  let origin = server;
  try {
    origin = new URL(server).origin;
  } catch {
    // A relative server: the docs' own origin.
  }
  const mixed = location.protocol === 'https:' && /^http:/i.test(server);
  return (
    <div className="try-it-failure" role="alert">
      <p className="try-it-failure-title">{t.tryItNetworkTitle}</p>
      {result.kind === 'timeout' ? (
        <p>{t.tryItTimeout}</p>
      ) : result.kind === 'aborted' ? (
        <p>{result.message}</p>
      ) : (
        <>
          <p>{fill(t.tryItNetworkBody, { origin, docs })}</p>
          {mixed ? <p>{t.tryItMixedContent}</p> : null}
          <p>{fill(t.tryItNetworkFix, { docs })}</p>
        </>
      )}
    </div>
  );
}
