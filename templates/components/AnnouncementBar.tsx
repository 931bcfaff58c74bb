// The announcement bar. Its content is trusted HTML from the site's own config. When it is
// closeable, the AnnouncementDismiss island is its close button; the head script below hides a
// dismissed bar before first paint (CSS: html[data-announcement-dismissed='true']).
import type { SiteModel } from '../../src/shared/viewModels';
import AnnouncementDismiss, { ANNOUNCEMENT_DISMISS_KEY } from '../islands/AnnouncementDismiss';
import { Island } from './Island';
import { useMessages } from './Messages';
import { defaultMessages } from '../../src/shared/messages';

export function AnnouncementBar({ announcement }: { announcement: NonNullable<SiteModel['announcement']> }) {
  const t = useMessages();
  return (
    <div
      className={`announcement-bar${announcement.isCloseable ? ' announcement-bar-closeable' : ''}`}
      role="region"
      aria-label={t.announcement}
      data-announcement-id={announcement.id}
      style={{ backgroundColor: announcement.backgroundColor, color: announcement.textColor }}
    >
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: announcement.html }} />
      {announcement.isCloseable ? <Island name="AnnouncementDismiss" component={AnnouncementDismiss} props={{ id: announcement.id, ...(t.announcementClose === defaultMessages.announcementClose ? {} : { label: t.announcementClose }) }} when="interaction" /> : null}
    </div>
  );
}

/**
 * Inline head script, run before the stylesheet and the body: marks the page when the reader
 * dismissed this very announcement, so the bar never flashes. Storage may throw (blocked
 * cookies, sandboxed iframes): then the bar shows, silently (the island warns if clicked).
 */
export function announcementDismissScript(id: string): string {
  const literal = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `(function(){try{if(localStorage.getItem(${literal(ANNOUNCEMENT_DISMISS_KEY)})===${literal(id)})document.documentElement.dataset.announcementDismissed='true'}catch(e){}})()`;
}
