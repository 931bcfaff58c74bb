// The navbar's theme menu: system, light or dark, as Starlight offers. The head script
// (src/render/colorModeScript.ts) already applied the stored choice before first paint; this
// island lets the reader change it and remembers it in localStorage ("theme"). Without storage
// (blocked cookies, sandboxed iframe) the choice still applies to the open page.
//
// The server cannot know the choice, so the button holds all three states (icon, name and
// tooltip each) and CSS shows the one of the page's `data-theme-choice` (91-islands.css): right
// before React loads, and with no markup of its own to mismatch when it does. The menu is a
// WAI-ARIA menu button: Enter, Space or the arrow keys open it on the checked choice; the arrow
// keys, Home and End move; Escape closes it and returns to the button; Tab leaves it.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Messages } from '../../src/shared/messages';
import { writeStorage } from '../../src/shared/storage';

type Choice = 'system' | 'light' | 'dark';
const CHOICES: Choice[] = ['system', 'light', 'dark'];
const MENU_ID = 'color-mode-menu';

/** The menu's strings in English, as in src/shared/messages.ts. */
export const COLOR_MODE_ENGLISH = {
  colorModeSwitch: 'Theme: {mode}',
  colorModeMenu: 'Theme',
  colorModeSystem: 'System',
  colorModeLight: 'Light',
  colorModeDark: 'Dark',
} satisfies Partial<Messages>;
type Labels = typeof COLOR_MODE_ENGLISH;

const choiceName = (choice: Choice, labels: Labels) => (choice === 'system' ? labels.colorModeSystem : choice === 'dark' ? labels.colorModeDark : labels.colorModeLight);
const buttonName = (choice: Choice, labels: Labels) => labels.colorModeSwitch.replace('{mode}', choiceName(choice, labels));
const pageChoice = (): Choice => {
  const c = document.documentElement.getAttribute('data-theme-choice');
  return c === 'light' || c === 'dark' ? c : 'system';
};

/** The colours of a choice: "system" is the system preference, else the site's default mode. */
function modeOf(choice: Choice, defaultMode: 'light' | 'dark'): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  if (matchMedia('(prefers-color-scheme: dark)').matches) return 'dark';
  if (matchMedia('(prefers-color-scheme: light)').matches) return 'light';
  return defaultMode;
}

/** `labels`: the UI strings of the page's locale (English when left out); `defaultMode`: the config's (light when left out). */
export default function ColorModeToggle({ labels: given, defaultMode = 'light' }: { labels?: Partial<Labels>; defaultMode?: 'light' | 'dark' }) {
  const labels = { ...COLOR_MODE_ENGLISH, ...given };
  // The checked choice while the menu is open; null while it is closed.
  const [open, setOpen] = useState<Choice | null>(null);
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];

  // Open: focus the checked choice, and close on a press anywhere else.
  useEffect(() => {
    if (!open) return;
    items()[CHOICES.indexOf(open)]?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open !== null]);

  const close = () => {
    setOpen(null);
    button.current?.focus();
  };
  const choose = (choice: Choice) => {
    const page = document.documentElement;
    page.setAttribute('data-theme-choice', choice);
    page.setAttribute('data-theme', modeOf(choice, defaultMode));
    writeStorage('theme', choice);
    close();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      list[(move + list.length) % list.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(null);
    }
  };

  return (
    <span className="color-mode" ref={root}>
      <button
        ref={button}
        type="button"
        className="color-mode-toggle"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? MENU_ID : undefined}
        onClick={() => setOpen(open ? null : pageChoice())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(pageChoice());
          }
        }}
      >
        {CHOICES.map((choice) => (
          <span key={choice} className={`color-mode-state color-mode-state-${choice}`} title={buttonName(choice, labels)}>
            <ChoiceIcon choice={choice} />
            <span className="visually-hidden">{buttonName(choice, labels)}</span>
          </span>
        ))}
      </button>
      {open ? (
        <span className="color-mode-menu" role="menu" id={MENU_ID} aria-label={labels.colorModeMenu} onKeyDown={onMenuKey}>
          {CHOICES.map((choice) => (
            <button key={choice} type="button" role="menuitemradio" aria-checked={choice === open} tabIndex={-1} className="color-mode-item" onClick={() => choose(choice)}>
              <ChoiceIcon choice={choice} />
              <span className="color-mode-item-label">{choiceName(choice, labels)}</span>
              {choice === open ? <CheckIcon /> : null}
            </button>
          ))}
        </span>
      ) : null}
    </span>
  );
}

function ChoiceIcon({ choice }: { choice: Choice }) {
  return (
    <svg className={`color-mode-icon color-mode-icon-${choice}`} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {choice === 'system' ? (
        <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M4 4.5h16a1 1 0 0 1 1 1V15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5.5a1 1 0 0 1 1-1ZM8.5 20h7M12 16v4" />
      ) : choice === 'dark' ? (
        <path fill="currentColor" d="M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.4 5.4 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8c-.44-.06-.9-.1-1.36-.1Z" />
      ) : (
        <path fill="currentColor" d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10ZM2 13h2a1 1 0 1 0 0-2H2a1 1 0 1 0 0 2Zm18 0h2a1 1 0 1 0 0-2h-2a1 1 0 1 0 0 2ZM11 2v2a1 1 0 1 0 2 0V2a1 1 0 1 0-2 0Zm0 18v2a1 1 0 1 0 2 0v-2a1 1 0 1 0-2 0ZM5.99 4.58a1 1 0 1 0-1.41 1.41l1.06 1.06a1 1 0 1 0 1.41-1.41L5.99 4.58Zm12.37 12.37a1 1 0 1 0-1.41 1.41l1.06 1.06a1 1 0 1 0 1.41-1.41l-1.06-1.06Zm1.06-10.96a1 1 0 1 0-1.41-1.41l-1.06 1.06a1 1 0 1 0 1.41 1.41l1.06-1.06ZM7.05 18.36a1 1 0 1 0-1.41-1.41l-1.06 1.06a1 1 0 1 0 1.41 1.41l1.06-1.06Z" />
      )}
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg className="color-mode-check" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}
