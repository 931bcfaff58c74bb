// The page of a named component schema (/api/schemas/<name>): its fields, an example, and where it
// is used. Operation pages expand a schema only to a bounded depth and once per page, and link
// here beyond that, so this is where every schema can always be read in full.
import type { ApiSchemaView, Crumb, PageModel, TocEntry } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { Breakable } from '../components/Breakable';
import { CopyPageControl } from '../components/CopyPageControl';
import { useMessages } from '../components/Messages';
import { formatMessage } from '../../src/shared/messages';
import { shortTitle } from '../../src/shared/titles';
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
        <CopyPageControl page={page} />
        <h1 className="doc-title">
          <Breakable text={schema.name} />
        </h1>
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
            <p>No operation or other schema of this API refers to {shortTitle(schema.name)}.</p>
          ) : (
            <ul className="schema-used-by">
              {schema.usedBy.map((use) => (
                <li key={use.href}>
                  {use.method ? <span className={`method-badge method-${use.method.toLowerCase()}`}>{use.method}</span> : <span className="badge">schema</span>}
                  <a href={use.href}>{shortTitle(use.label)}</a>
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
              {schema.usedByMore > 0 ? <li className="schema-used-by-more">{formatMessage(t.apiUsedByMore, { count: schema.usedByMore.toLocaleString('en-US') })}</li> : null}
            </ul>
          )}
        </section>
      </article>
    </DocLayout>
  );
}

/**
 * /api/schemas: every component schema, each with the first sentence of its description; a long
 * list is grouped by first letter. The sidebar of a spec with many schemas links here instead of
 * listing them, so this page is where every schema is reachable from.
 */
export function ApiSchemaIndex({ page, title, schemas, parts, breadcrumbs, homeHref }: { page: PageModel; title: string; schemas: { name: string; href: string; summary: string }[]; parts?: { label: string; href: string; count: number }[]; breadcrumbs: Crumb[]; homeHref: string }) {
  const t = useMessages();
  const letters = schemas.length > LETTER_INDEX_MIN ? byLetter(schemas) : undefined;
  return (
    <DocLayout page={page}>
      <article className="doc-article">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <CopyPageControl page={page} />
        <h1 className="doc-title">{title}</h1>
        {parts ? (
          <ul className="schema-index schema-index-parts">
            {parts.map((p) => (
              <li key={p.href}>
                <a href={p.href}>{p.label}</a>
                <span> {formatMessage(t.apiSchemasInPart, { count: p.count.toLocaleString('en-US') })}</span>
              </li>
            ))}
          </ul>
        ) : letters ? (
          <>
            <nav className="schema-letters" aria-label={title}>
              {letters.map((g) => (
                <a key={g.id} href={`#${g.id}`}>
                  {g.letter}
                </a>
              ))}
            </nav>
            {letters.map((g) => (
              <section key={g.id} aria-labelledby={g.id}>
                <h2 id={g.id}>{g.letter}</h2>
                <SchemaList schemas={g.schemas} />
              </section>
            ))}
          </>
        ) : (
          <SchemaList schemas={schemas} />
        )}
      </article>
    </DocLayout>
  );
}

type SchemaSummary = { name: string; href: string; summary: string };

/** Above this many schemas the index is grouped by first letter, with a row of letters on top. */
const LETTER_INDEX_MIN = 50;

function SchemaList({ schemas }: { schemas: SchemaSummary[] }) {
  return (
    <ul className="schema-index">
      {schemas.map((s) => (
        <li key={s.href}>
          <a href={s.href}>
            <code>{shortTitle(s.name)}</code>
          </a>
          {s.summary ? <span> {s.summary}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** Schemas by the first letter of their name (A–Z, case folded; any other first character under "#"), in spec order within a letter. */
function byLetter(schemas: SchemaSummary[]): { letter: string; id: string; schemas: SchemaSummary[] }[] {
  const groups = new Map<string, SchemaSummary[]>();
  for (const s of schemas) {
    const first = s.name.charAt(0).toUpperCase();
    const letter = first >= 'A' && first <= 'Z' ? first : '#';
    const list = groups.get(letter);
    if (list) list.push(s);
    else groups.set(letter, [s]);
  }
  return [...groups.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a < b ? -1 : 1)).map((letter) => ({ letter, id: letter === '#' ? 'letter-other' : `letter-${letter.toLowerCase()}`, schemas: groups.get(letter)! }));
}
