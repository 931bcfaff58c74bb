// The landing page of a section (/guides, /api): an introduction and cards for its pages.
import type { CardGroup, Crumb, PageModel } from '../../src/shared/viewModels';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { CopyPageControl } from '../components/CopyPageControl';
import { DocLayout } from '../layouts/DocLayout';

export function SectionIndex({ page, title, intro, groups, breadcrumbs, homeHref }: { page: PageModel; title: string; intro: string; groups: CardGroup[]; breadcrumbs: Crumb[]; homeHref: string }) {
  return (
    <DocLayout page={page}>
      <article className="doc-article">
        <Breadcrumbs crumbs={breadcrumbs} homeHref={homeHref} />
        <CopyPageControl page={page} />
        <h1 className="doc-title">{title}</h1>
        <p className="lead">{intro}</p>
        <CardGroups groups={groups} />
      </article>
    </DocLayout>
  );
}

export function CardGroups({ groups }: { groups: CardGroup[] }) {
  return (
    <>
      {groups.map((g) => (
        <section key={g.label} className="card-group" aria-label={g.label}>
          <h2>{g.label}</h2>
          <ul className="cards">
            {g.items.map((item) => (
              <li key={item.href} className="card">
                <a href={item.href}>
                  <span className="card-title">{item.label}</span>
                  {item.description ? <span className="card-description">{item.description}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
