import type { CardGroup, SiteModel } from '../../src/shared/viewModels';
import { CardGroups } from './SectionIndex';
import { useMessages } from '../components/Messages';

export function Home({ site, guidesHref, apiHref, sections }: { site: SiteModel; guidesHref: string; apiHref: string; sections: CardGroup[] }) {
  const t = useMessages();
  return (
    <main id="main-content" className="home" tabIndex={-1}>
      <header className="hero">
        <h1 className="hero-title">{site.title}</h1>
        <p className="hero-tagline">{site.tagline}</p>
        <div className="hero-actions">
          <a className="button button-primary" href={guidesHref}>
            {t.homeReadGuides}
          </a>
          <a className="button button-secondary" href={apiHref}>
            {t.homeBrowseApi}
          </a>
        </div>
      </header>
      <div className="home-sections">
        <CardGroups groups={sections} />
      </div>
    </main>
  );
}
