// The home page of an API product: a hero with the search and a quick-start request beside it,
// cards for what the API gives, then its groups of endpoints and the guides' sections. Card
// grids pick their columns from their number of cards (`gridColumns`), so no row is left half
// empty; a last short row stretches its cards (75-home.css).
import type { HomeCard, HomeView, PageModel, SiteModel, SiteVersions } from '../../src/shared/viewModels';
import { versionHrefsAttribute } from '../../src/shared/versions';
import { formatMessage } from '../../src/shared/messages';
import { CodeBlock } from '../components/CodeBlock';
import { CopyPageControl } from '../components/CopyPageControl';
import { useMessages } from '../components/Messages';

/** `page`: the home page's own model, for its Markdown copy's control (optional for overrides written before it). */
export function Home({ site, home, page }: { site: SiteModel; home: HomeView; page?: PageModel }) {
  const t = useMessages();
  const { hero, features, quickStart } = home;
  return (
    <main id="main-content" className="home" tabIndex={-1}>
      <header className={quickStart ? 'home-hero home-hero-split' : 'home-hero'}>
        <div className="home-hero-inner">
          <div className="home-hero-text">
            <h1 className="home-title">{hero.title}</h1>
            {hero.tagline ? <p className="home-tagline">{hero.tagline}</p> : null}
            {hero.actions.length ? (
              <div className="hero-actions">
                {hero.actions.map((a, i) => (
                  <a key={a.href + a.label} className={i === 0 ? 'button button-primary' : 'button button-secondary'} href={a.href} {...versionHrefsAttribute(site.versions, a.href)} {...external(a.external)}>
                    {a.label}
                  </a>
                ))}
              </div>
            ) : null}
            {site.search.searchPage ? <HomeSearch site={site} /> : null}
            {page ? (
              <div className="home-copy-page">
                <CopyPageControl page={page} />
              </div>
            ) : null}
          </div>
          {quickStart ? (
            <section className="home-quickstart" aria-labelledby="home-quickstart-title">
              <h2 id="home-quickstart-title" className="home-quickstart-title">
                {quickStart.title}
              </h2>
              {quickStart.description ? <p className="home-quickstart-description">{quickStart.description}</p> : null}
              <p className="home-code-label">{t.homeRequest}</p>
              <CodeBlock code={quickStart.request} dataLanguage={quickStart.request.language} what="codeSample" />
              {quickStart.response ? (
                <>
                  <p className="home-code-label">{t.homeResponse}</p>
                  <div className="home-response">
                    <CodeBlock code={quickStart.response} dataLanguage={quickStart.response.language} />
                  </div>
                </>
              ) : null}
              {quickStart.more ? (
                <p className="home-more">
                  <a href={quickStart.more.href} {...versionHrefsAttribute(site.versions, quickStart.more.href)}>{quickStart.more.label}</a>
                </p>
              ) : null}
            </section>
          ) : null}
        </div>
      </header>
      <div className="home-body">
        {features.length ? (
          <section className="home-section" aria-labelledby="home-features">
            <h2 id="home-features">{t.homeFeatures}</h2>
            <ul className="home-grid home-features" {...gridColumns(features.length)}>
              {features.map((f) => (
                <li key={f.title} className="home-feature">
                  {f.href ? (
                    <a className="home-card-link" href={f.href} {...versionHrefsAttribute(site.versions, f.href)} {...external(f.external)}>
                      <FeatureText title={f.title} body={f.body} />
                    </a>
                  ) : (
                    <div className="home-card-link">
                      <FeatureText title={f.title} body={f.body} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {home.apiGroups.length ? (
          <CardSection versions={site.versions} id="home-api" title={t.homeApiGroups} cards={home.apiGroups} all={{ href: home.apiHref, label: home.apiGroupsMore ? formatMessage(t.homeMoreGroups, { count: home.apiGroupsMore.toLocaleString('en-US') }) : t.homeAllEndpoints }} />
        ) : null}
        {home.guideSections.length ? <CardSection versions={site.versions} id="home-guides" title={t.homeGuideSections} cards={home.guideSections} all={{ href: home.guidesHref, label: t.homeAllGuides }} /> : null}
      </div>
    </main>
  );
}

function FeatureText({ title, body }: { title: string; body: string }) {
  return (
    <>
      <span className="home-card-title">{title}</span>
      <span className="home-card-description">{body}</span>
    </>
  );
}

/** A titled grid of cards with a link to all of them. */
function CardSection({ versions, id, title, cards, all }: { versions: SiteVersions | undefined; id: string; title: string; cards: HomeCard[]; all: { href: string; label: string } }) {
  const t = useMessages();
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section-head">
        <h2 id={id}>{title}</h2>
        <a className="home-all" href={all.href} {...versionHrefsAttribute(versions, all.href)}>
          {all.label}
        </a>
      </div>
      <ul className="home-grid" {...gridColumns(cards.length)}>
        {cards.map((card) => (
          <li key={card.href + card.label} className="home-card">
            <a className="home-card-link" href={card.href} {...versionHrefsAttribute(versions, card.href)}>
              <span className="home-card-title">{card.label}</span>
              {card.meta ? <span className="home-card-meta">{card.meta}</span> : null}
              {card.description ? <span className="home-card-description">{card.description}</span> : null}
            </a>
            {card.links?.length ? (
              <ul className="home-card-links">
                {card.links.map((l) => (
                  <li key={l.href}>
                    <a href={l.href} {...versionHrefsAttribute(versions, l.href)}>
                      {l.label}
                    </a>
                  </li>
                ))}
                {card.moreLinks ? <li className="home-card-more">{formatMessage(t.homeMorePages, { count: String(card.moreLinks) })}</li> : null}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A search form that works without JavaScript (it opens the search page with its results);
 * the navbar's search box, with suggestions as you type, is one shortcut away.
 */
function HomeSearch({ site }: { site: SiteModel }) {
  const t = useMessages();
  const [before, after] = t.homeSearchHint.split('{key}');
  const hasSearchBox = [...site.navbarLeft, ...site.navbarRight].some((item) => item.type === 'search');
  return (
    <form className="home-search" role="search" action={site.searchHref}>
      <label className="visually-hidden" htmlFor="home-search-input">
        {t.homeSearchLabel}
      </label>
      <input id="home-search-input" className="home-search-input" type="search" name="q" placeholder={t.homeSearchPlaceholder} autoComplete="off" />
      <button type="submit" className="button button-secondary home-search-button">
        {t.homeSearchButton}
      </button>
      {hasSearchBox && site.search.enabled && site.search.keyboardShortcut ? (
        <p className="home-search-hint">
          {before}
          <kbd>Ctrl</kbd> <kbd>K</kbd>
          {after}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Columns for `count` cards on wide screens (≥ 1100 px) and on tablets (≥ 640 px), chosen so
 * that the rows are full or the last one is as full as it can be (phones show one column):
 * 4 → 4 and 2 × 2, 6 → 3 × 2, 5 → 3 + 2. A short last row's cards grow to fill it.
 */
export function gridColumns(count: number): { 'data-wide': number; 'data-mid': number } {
  const wide = count <= 4 ? count : count % 3 === 0 ? 3 : count % 4 === 0 ? 4 : count % 4 > count % 3 ? 4 : 3;
  const mid = wide === 3 ? 3 : Math.min(wide, 2);
  return { 'data-wide': Math.max(wide, 1), 'data-mid': Math.max(mid, 1) };
}

function external(isExternal: boolean) {
  return isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}
