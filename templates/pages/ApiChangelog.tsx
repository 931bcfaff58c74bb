// The API changelog (#19): per pair of versions, a summary line, then the changes under their
// operation, each with its severity as a labelled badge (a word and a mark, not a colour alone)
// and its sentence as text: the sentences quote the spec, which is untrusted.
import type { ApiChangelogView, ChangeSeverityView, Crumb, PageModel, TocEntry } from '../../src/shared/viewModels';
import { formatMessage, type MessageKey, type Messages } from '../../src/shared/messages';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { CopyPageControl } from '../components/CopyPageControl';
import { useMessages } from '../components/Messages';
import { DocLayout } from '../layouts/DocLayout';

type Props = { page: PageModel; changelog: ApiChangelogView; toc: TocEntry[]; breadcrumbs: Crumb[]; homeHref: string };

const SEVERITY: Record<ChangeSeverityView, { label: MessageKey; mark: string }> = {
  breaking: { label: 'apiChangeBreaking', mark: '✕' },
  deprecation: { label: 'apiChangeDeprecation', mark: '!' },
  'non-breaking': { label: 'apiChangeNonBreaking', mark: '+' },
  annotation: { label: 'apiChangeAnnotation', mark: '·' },
};

export function ApiChangelog({ page, changelog, toc, breadcrumbs, homeHref }: Props) {
  const t = useMessages();
  return (
    <DocLayout page={page} toc={toc}>
      <article className="doc-article api-changelog">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <CopyPageControl page={page} />
        <h1 className="doc-title">{t.apiChangelog}</h1>
        <p className="changelog-intro">{t.apiChangelogIntro}</p>
        {changelog.sections.map((s) => (
          <section key={s.id} className="changelog-pair" aria-labelledby={s.id}>
            <h2 id={s.id}>{formatMessage(t.apiChangelogCompared, { newer: s.newer, older: s.older })}</h2>
            <p className="changelog-summary">{summary(s.counts, t)}</p>
            {s.groups.map((g) => (
              <section key={g.id} className="changelog-group" aria-labelledby={g.id}>
                <h3 id={g.id} className="changelog-operation">
                  {g.operation ? <OperationHeading operation={g.operation} newer={s.newer} /> : t.apiChangelogWholeApi}
                </h3>
                <ul className="changelog-changes">
                  {g.changes.map((c) => (
                    <li key={c.id} id={c.id} className={`changelog-change changelog-${c.severity}`}>
                      <span className={`change-severity change-severity-${c.severity}`}>
                        <span aria-hidden="true">{SEVERITY[c.severity].mark} </span>
                        {t[SEVERITY[c.severity].label]}
                      </span>{' '}
                      <span className="changelog-body">
                        <span className="changelog-text">{c.text}</span>
                        {c.href ? (
                          <>
                            {' '}
                            <a className="changelog-see" href={c.href}>
                              {formatMessage(t.apiChangelogSeeIn, { version: c.version ?? '' })}
                            </a>
                          </>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </section>
        ))}
      </article>
    </DocLayout>
  );
}

function OperationHeading({ operation: op, newer }: { operation: NonNullable<ApiChangelogView['sections'][number]['groups'][number]['operation']>; newer: string }) {
  const t = useMessages();
  const inner = (
    <>
      <span className={`method-badge method-${op.method.toLowerCase()}`}>{op.method}</span> <code>{op.path}</code>
    </>
  );
  return (
    <>
      {op.href ? <a href={op.href}>{inner}</a> : inner}
      {op.href && op.version !== newer ? <span className="changelog-in-version"> {formatMessage(t.apiChangelogInVersion, { version: op.version })}</span> : null}
    </>
  );
}

/** `2 breaking, 5 non-breaking, 1 deprecation`, or "No changes." */
function summary(counts: Record<ChangeSeverityView, number>, t: Messages): string {
  const total = counts.breaking + counts['non-breaking'] + counts.deprecation + counts.annotation;
  if (total === 0) return t.apiChangelogNoChanges;
  const count = String;
  const parts = [formatMessage(t.apiChangelogBreaking, { count: count(counts.breaking) }), formatMessage(t.apiChangelogNonBreaking, { count: count(counts['non-breaking']) })];
  if (counts.deprecation) parts.push(formatMessage(counts.deprecation === 1 ? t.apiChangelogDeprecationOne : t.apiChangelogDeprecationOther, { count: count(counts.deprecation) }));
  if (counts.annotation) parts.push(formatMessage(counts.annotation === 1 ? t.apiChangelogAnnotationOne : t.apiChangelogAnnotationOther, { count: count(counts.annotation) }));
  return parts.join(', ');
}
