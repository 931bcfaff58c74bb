// The navbar's light/dark switch. The head script already applied the stored or preferred
// mode before first paint; this island flips it and remembers the choice in localStorage
// ("theme"). Without storage (blocked cookies, sandboxed iframe) it still switches the page.
//
// The server cannot know the mode (the system preference or a stored choice decide it in the
// browser), so the button holds both states, icon, name and tooltip each, and CSS shows the one
// of the page's `data-theme` (91-islands.css): right before React loads, and with no markup of
// its own to mismatch when it does. While the reader has not chosen, the head script follows
// the system preference on the open page (src/render/colorModeScript.ts): the name follows the
// page's mode, and a choice made here (`data-theme-chosen`) stops that, even without storage.
import { useEffect, useState } from 'react';
import type { Messages } from '../../src/shared/messages';
import { writeStorage } from '../../src/shared/storage';

type Mode = 'light' | 'dark';

/** The switch's strings in English, as in src/shared/messages.ts. */
export const COLOR_MODE_ENGLISH = {
  colorModeSwitch: 'Switch between dark and light mode (currently {mode} mode)',
  colorModeToDark: 'Switch to dark mode',
  colorModeToLight: 'Switch to light mode',
  colorModeDark: 'dark',
  colorModeLight: 'light',
} satisfies Partial<Messages>;
type Labels = typeof COLOR_MODE_ENGLISH;

const modeName = (mode: Mode, labels: Labels) => labels.colorModeSwitch.replace('{mode}', mode === 'dark' ? labels.colorModeDark : labels.colorModeLight);
const pageMode = (): Mode => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

/** `labels`: the UI strings of the page's locale (English when left out). */
export default function ColorModeToggle({ labels: given }: { labels?: Partial<Labels> }) {
  const labels = { ...COLOR_MODE_ENGLISH, ...given };
  // Unknown on the server and in the first client render (which must match it); read from the
  // page once hydrated, and then named on the button itself as well.
  const [mode, setMode] = useState<Mode | null>(null);
  useEffect(() => {
    setMode(pageMode());
    const observer = new MutationObserver(() => setMode(pageMode()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return (
    <button
      type="button"
      className="color-mode-toggle"
      aria-label={mode ? modeName(mode, labels) : undefined}
      aria-live="polite"
      onClick={() => {
        // Read the page, not state: a click replayed during hydration arrives before the
        // effect above has synced state with the mode the head script applied.
        const target: Mode = pageMode() === 'dark' ? 'light' : 'dark';
        document.documentElement.setAttribute('data-theme', target);
        document.documentElement.setAttribute('data-theme-chosen', '');
        writeStorage('theme', target);
        setMode(target);
      }}
    >
      <ModeState mode="light" labels={labels} />
      <ModeState mode="dark" labels={labels} />
    </button>
  );
}

/** One mode's icon, accessible name and tooltip; CSS hides the one the page is not in. */
function ModeState({ mode, labels }: { mode: Mode; labels: Labels }) {
  return (
    <span className={`color-mode-state color-mode-state-${mode}`} title={mode === 'dark' ? labels.colorModeToLight : labels.colorModeToDark}>
      <svg className={`color-mode-icon color-mode-icon-${mode}`} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {mode === 'dark' ? (
          <path fill="currentColor" d="M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.4 5.4 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1Z" />
        ) : (
          <path fill="currentColor" d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10ZM2 13h2a1 1 0 1 0 0-2H2a1 1 0 1 0 0 2Zm18 0h2a1 1 0 1 0 0-2h-2a1 1 0 1 0 0 2ZM11 2v2a1 1 0 1 0 2 0V2a1 1 0 1 0-2 0Zm0 18v2a1 1 0 1 0 2 0v-2a1 1 0 1 0-2 0ZM5.99 4.58a1 1 0 1 0-1.41 1.41l1.06 1.06a1 1 0 1 0 1.41-1.41L5.99 4.58Zm12.37 12.37a1 1 0 1 0-1.41 1.41l1.06 1.06a1 1 0 1 0 1.41-1.41l-1.06-1.06Zm1.06-10.96a1 1 0 1 0-1.41-1.41l-1.06 1.06a1 1 0 1 0 1.41 1.41l1.06-1.06ZM7.05 18.36a1 1 0 1 0-1.41-1.41l-1.06 1.06a1 1 0 1 0 1.41 1.41l1.06-1.06Z" />
        )}
      </svg>
      <span className="visually-hidden">{modeName(mode, labels)}</span>
    </span>
  );
}
