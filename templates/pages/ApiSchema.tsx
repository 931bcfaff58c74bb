// The page of a named component schema (/api/schemas/<name>): its fields, an example, and where it
// is used. Operation pages expand a schema only to a bounded depth and once per page, and link
// here beyond that, so this is where every schema can always be read in full.
import type { ApiSchemaView, Crumb, PageModel, TocEntry } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { useMessages } from '../components/Messages';
import { CodeBlock } from '../components/CodeBlock';
import { SchemaBody } from '../components/SchemaTree';
import { DocLayout } from '../layouts/DocLayout';

type Props = { page: PageModel; schema: ApiSchemaView; toc: TocEntry[]; breadcrumbs: Crumb[]; homeHref: string };

export function ApiSchema({ page, schema, toc, breadcrumbs, homeHref }: Props) {
  const t = useMessages();
  return (
    <DocLayout page={page} toc={toc}>
      <article className="doc-article api-schema">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <h1 className="doc-title">{schema.name}</h1>
        <section aria-labelledby="schema">
          <h2 id="schema">{t.apiSchema}</h2>
          <SchemaBody node={schema.schema} />
        </section>
        {schema.example ? (
          <section aria-labelledby="example">
            <h2 id="example">{t.apiExample}</h2>
            <CodeBlock code={schema.example} dataLanguage="json" />
          </section>
        ) : null}
        <section aria-labelledby="used-by">
          <h2 id="used-by">{t.apiUsedBy}</h2>
          {schema.usedBy.length === 0 ? (
            <p>No operation or other schema of this API refers to {schema.name}.</p>
          ) : (
            <ul className="schema-used-by">
              {schema.usedBy.map((use) => (
                <li key={use.href}>
                  {use.method ? <span className={`method-badge method-${use.method.toLowerCase()}`}>{use.method}</span> : <span className="badge">schema</span>}
                  <a href={use.href}>{use.label}</a>
                  <ul className="schema-used-by-fields">
                    {use.fields.map((f, i) => (
                      <li key={i}>
                        <a href={f.href}>
                          <code>{f.where}</code>
                        </a>
                      </li>
                    ))}
                    {use.moreFields > 0 ? <li>and {use.moreFields} more</li> : null}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </section>
      </article>
    </DocLayout>
  );
}

/** /api/schemas: every component schema, each with the first sentence of its description. */
export function ApiSchemaIndex({ page, title, schemas, breadcrumbs, homeHref }: { page: PageModel; title: string; schemas: { name: string; href: string; summary: string }[]; breadcrumbs: Crumb[]; homeHref: string }) {
  return (
    <DocLayout page={page}>
      <article className="doc-article">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <h1 className="doc-title">{title}</h1>
        <ul className="schema-index">
          {schemas.map((s) => (
            <li key={s.href}>
              <a href={s.href}>
                <code>{s.name}</code>
              </a>
              {s.summary ? <span> {s.summary}</span> : null}
            </li>
          ))}
        </ul>
      </article>
    </DocLayout>
  );
}
