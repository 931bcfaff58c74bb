// The navbar's menu button below the desktop breakpoint (996 px and narrower) and the drawer it
// opens: a modal dialog with the primary menu (the navbar links) and, on pages that have one,
// the page's sidebar, with "← Back to main menu" between the two panels (as in Docusaurus, the
// drawer opens on the sidebar panel when there is one).
//
// The server renders only the closed button, and so does the first client render, so
// hydration always matches; the drawer mounts into <body> when opened (a portal: the navbar's
// backdrop-filter would otherwise become the containing block of the fixed drawer). Its sidebar
// panel is a copy of the page's own server-rendered sidebar, taken on open: passing the sidebar
// as props would put it in every page a second time (megabytes on large APIs).
// Open, the drawer traps Tab, locks page scroll, and closes on Escape, on a backdrop click, on
// activating a link inside it and when the viewport reaches desktop width; focus moves into it
// on open and back to the button on close.
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import type { Messages } from '../../src/shared/messages';
import { createPortal } from 'react-dom';

/** Matches when the drawer must not be open: one pixel above the 996 px breakpoint. */
export const DESKTOP_QUERY = '(min-width: 997px)';
const DRAWER_ID = 'mobile-menu-drawer';

export interface MobileMenuLink {
  label: string;
  href: string;
  external: boolean;
  active: boolean;
}

export interface MobileMenuProps {
  /** The navbar's links, left then right. */
  links: MobileMenuLink[];
  /** Whether the page has a sidebar (DocLayout's `.doc-sidebar`), shown in the drawer. */
  hasSidebar: boolean;
  /** The navbar title, shown at the top of the drawer. */
  title: string;
  /** The UI strings of the page's locale (English when left out): see src/shared/messages.ts. */
  labels?: Partial<typeof MOBILE_MENU_ENGLISH>;
}

/** The drawer's strings in English, as in src/shared/messages.ts. */
export const MOBILE_MENU_ENGLISH = {
  mobileMenuOpen: 'Toggle navigation bar',
  mobileMenuClose: 'Close navigation bar',
  mobileMenuBack: 'Back to main menu',
  mobileMenuDialog: 'Navigation',
  mobileMenuMain: 'Main menu',
} satisfies Partial<Messages>;

type Panel = 'main' | 'sidebar';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** Focusable elements inside `root` that are rendered (not in a hidden panel or a closed <details>). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

export default function MobileMenu({ links, hasSidebar, title, labels: given }: MobileMenuProps) {
  const labels = { ...MOBILE_MENU_ENGLISH, ...given };
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<Panel>('main');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const sidebarRef = useRef<HTMLDivElement>(null);
  /** Whether closing gives focus back to the menu button (not when a link was followed). */
  const returnFocus = useRef(true);
  /** Set by "Back to main menu": focus the first item of the panel it shows. */
  const focusPanel = useRef(false);

  const show = () => {
    setPanel(hasSidebar ? 'sidebar' : 'main');
    returnFocus.current = true;
    setOpen(true);
  };
  const close = (giveFocusBack: boolean) => {
    returnFocus.current = giveFocusBack;
    setOpen(false);
  };

  // Before the focus effect below, which may focus the sidebar's first link.
  useLayoutEffect(() => {
    const source = document.querySelector('.doc-sidebar > .sidebar');
    if (open && source) sidebarRef.current?.replaceChildren(source.cloneNode(true));
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    const activePanel = dialog.querySelector<HTMLElement>('.mobile-menu-panel:not([hidden])') ?? dialog;
    (focusables(activePanel)[0] ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      } else if (event.key === 'Tab') {
        const items = focusables(dialog);
        if (items.length === 0) return void event.preventDefault();
        const first = items[0];
        const last = items[items.length - 1];
        const index = items.indexOf(document.activeElement as HTMLElement);
        if (event.shiftKey && (index <= 0)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (index === -1 || index === items.length - 1)) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    // Focus that gets out anyway (a click on the page behind, assistive technology) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (!dialog.contains(event.target as Node)) (focusables(dialog)[0] ?? dialog).focus();
    };
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onViewport = () => {
      if (desktop.matches) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    desktop.addEventListener('change', onViewport);
    onViewport();
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      desktop.removeEventListener('change', onViewport);
      body.style.overflow = previousOverflow;
      if (returnFocus.current) buttonRef.current?.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open || !focusPanel.current) return;
    focusPanel.current = false;
    const shown = dialogRef.current?.querySelector<HTMLElement>('.mobile-menu-panel:not([hidden])');
    if (shown) focusables(shown)[0]?.focus();
  }, [open, panel]);

  const onDrawerClick = (event: ReactMouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a[href]')) close(false);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="navbar-toggle"
        aria-label={labels.mobileMenuOpen}
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        onClick={() => (open ? close(true) : show())}
      >
        <svg viewBox="0 0 30 30" width="26" height="26" aria-hidden="true" focusable="false">
          <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
        </svg>
      </button>
      {open
        ? createPortal(
            <div className="mobile-menu">
              <div className="mobile-menu-backdrop" onClick={() => close(true)} />
              <div ref={dialogRef} id={DRAWER_ID} className="mobile-menu-drawer" role="dialog" aria-modal="true" aria-label={labels.mobileMenuDialog} tabIndex={-1} onClick={onDrawerClick}>
                <div className="mobile-menu-header">
                  <span className="mobile-menu-title" aria-hidden="true">
                    {title}
                  </span>
                  <button type="button" className="mobile-menu-close" aria-label={labels.mobileMenuClose} onClick={() => close(true)}>
                    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                      <path fill="currentColor" d="M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z" />
                    </svg>
                  </button>
                </div>
                <div className="mobile-menu-panel mobile-menu-panel-main" hidden={panel !== 'main'}>
                  <nav aria-label={labels.mobileMenuMain}>
                    <ul className="mobile-menu-list">
                      {links.map((link, i) => (
                        <li key={i}>
                          <a
                            className={`mobile-menu-link${link.active ? ' mobile-menu-link-active' : ''}`}
                            href={link.href}
                            aria-current={link.active ? 'true' : undefined}
                            {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                          >
                            {link.label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </nav>
                </div>
                {hasSidebar ? (
                  <div className="mobile-menu-panel mobile-menu-panel-sidebar" hidden={panel !== 'sidebar'}>
                    <button
                      type="button"
                      className="mobile-menu-back"
                      onClick={() => {
                        focusPanel.current = true;
                        setPanel('main');
                      }}
                    >
                      <span aria-hidden="true">← </span>
                      {labels.mobileMenuBack}
                    </button>
                    <div ref={sidebarRef} />
                  </div>
                ) : null}
              </div>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
