// /guides/tags and /guides/tags/<tag>.
import type { Crumb, PageModel } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { CopyPageControl } from '../components/CopyPageControl';
import { useMessages } from '../components/Messages';
import { DocLayout } from '../layouts/DocLayout';

type Props = { page: PageModel; homeHref: string; breadcrumbs: Crumb[]; title: string };

export function TagsList({ tags, ...p }: Props & { tags: { label: string; href: string; count: number }[] }) {
  return (
    <DocLayout page={p.page}>
      <article className="doc-article">
        <Breadcrumbs crumbs={p.breadcrumbs} homeHref={p.homeHref} />
        <CopyPageControl page={p.page} />
        <h1 className="doc-title">{p.title}</h1>
        <ul className="tag-cloud">
          {tags.map((t) => (
            <li key={t.href}>
              <a className="tag" href={t.href}>
                {t.label} <span className="tag-count">{t.count}</span>
              </a>
            </li>
          ))}
        </ul>
      </article>
    </DocLayout>
  );
}

export function TagDocs({ docs, allTagsHref, ...p }: Props & { docs: { label: string; href: string; description: string }[]; allTagsHref: string }) {
  const t = useMessages();
  return (
    <DocLayout page={p.page}>
      <article className="doc-article">
        <Breadcrumbs crumbs={p.breadcrumbs} homeHref={p.homeHref} />
        <CopyPageControl page={p.page} />
        <h1 className="doc-title">{p.title}</h1>
        <p>
          <a href={allTagsHref}>{t.viewAllTags}</a>
        </p>
        <ul className="tag-doc-list">
          {docs.map((d) => (
            <li key={d.href}>
              <h2>
                <a href={d.href}>{d.label}</a>
              </h2>
              {d.description ? <p>{d.description}</p> : null}
            </li>
          ))}
        </ul>
      </article>
    </DocLayout>
  );
}
