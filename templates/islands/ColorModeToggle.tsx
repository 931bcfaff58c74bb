// The navbar's light/dark switch. The head script already applied the stored or preferred
// mode before first paint; this island flips it and remembers the choice in localStorage
// ("theme"). Without storage (blocked cookies, sandboxed iframe) it still switches the page.
import { useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../../src/shared/storage';

type Mode = 'light' | 'dark';

export default function ColorModeToggle({ defaultMode }: { defaultMode: Mode }) {
  // The first render must match the server's markup, which only knows the default.
  const [mode, setMode] = useState<Mode>(defaultMode);
  useEffect(() => {
    setMode(document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');
  }, []);
  const next: Mode = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="color-mode-toggle"
      title={`Switch to ${next} mode`}
      aria-label={`Switch between dark and light mode (currently ${mode} mode)`}
      aria-live="polite"
      onClick={() => {
        // Read the page, not state: a click replayed during hydration arrives before the
        // effect above has synced state with the mode the head script applied.
        const target: Mode = document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
        document.documentElement.setAttribute('data-theme', target);
        writeStorage('theme', target);
        setMode(target);
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {mode === 'dark' ? (
          <path fill="currentColor" d="M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.4 5.4 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1Z" />
        ) : (
          <path fill="currentColor" d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10ZM2 13h2a1 1 0 1 0 0-2H2a1 1 0 1 0 0 2Zm18 0h2a1 1 0 1 0 0-2h-2a1 1 0 1 0 0 2ZM11 2v2a1 1 0 1 0 2 0V2a1 1 0 1 0-2 0Zm0 18v2a1 1 0 1 0 2 0v-2a1 1 0 1 0-2 0ZM5.99 4.58a1 1 0 1 0-1.41 1.41l1.06 1.06a1 1 0 1 0 1.41-1.41L5.99 4.58Zm12.37 12.37a1 1 0 1 0-1.41 1.41l1.06 1.06a1 1 0 1 0 1.41-1.41l-1.06-1.06Zm1.06-10.96a1 1 0 1 0-1.41-1.41l-1.06 1.06a1 1 0 1 0 1.41 1.41l1.06-1.06ZM7.05 18.36a1 1 0 1 0-1.41-1.41l-1.06 1.06a1 1 0 1 0 1.41 1.41l1.06-1.06Z" />
        )}
      </svg>
    </button>
  );
}
