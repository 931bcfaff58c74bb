// The announcement bar. Its content is trusted HTML from the site's own config; dismissal is
// the job of an island, keyed by the announcement id.
import type { SiteModel } from '../../src/shared/viewModels';

export function AnnouncementBar({ announcement }: { announcement: NonNullable<SiteModel['announcement']> }) {
  return (
    <div
      className="announcement-bar"
      role="region"
      aria-label="Announcement"
      data-announcement-id={announcement.id}
      style={{ backgroundColor: announcement.backgroundColor, color: announcement.textColor }}
    >
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: announcement.html }} />
    </div>
  );
}
