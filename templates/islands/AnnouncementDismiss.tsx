// The announcement bar's close button. A click hides the bar at once (the same html attribute
// the head script sets, see announcementDismissScript in components/AnnouncementBar.tsx) and
// stores the announcement id, so later pages hide the bar before first paint. A new id does not
// match the stored one, so a new announcement shows again. Without storage the bar still hides
// on this page; src/shared/storage.ts logs the failure once.
import { writeStorage } from '../../src/shared/storage';

/** localStorage key holding the id of the dismissed announcement. */
export const ANNOUNCEMENT_DISMISS_KEY = 'docsgen-announcement-dismiss';

/** `label`: the button's name in the page's locale (English when left out). */
export default function AnnouncementDismiss({ id, label = 'Close' }: { id: string; label?: string }) {
  const dismiss = (button: HTMLElement) => {
    const hadFocus = document.activeElement === button;
    document.documentElement.dataset.announcementDismissed = 'true';
    writeStorage(ANNOUNCEMENT_DISMISS_KEY, id);
    // The focused button disappears with the bar: keep keyboard users in the page.
    if (hadFocus) document.getElementById('main-content')?.focus({ preventScroll: true });
  };
  return (
    <button
      type="button"
      className="announcement-bar-close"
      aria-label={label}
      title={label}
      onClick={(event) => dismiss(event.currentTarget)}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z" />
      </svg>
    </button>
  );
}
