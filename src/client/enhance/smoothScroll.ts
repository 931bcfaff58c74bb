// Smooth in-page scrolling (table of contents, heading "#" links, any link to a section of this
// page) and the back-to-top button. Each frame the distance left shrinks by the easing factor
// (SPEC §9: 0.85, as Docusaurus's back-to-top button does), so a scroll starts fast and settles;
// with prefers-reduced-motion the page jumps. The reader's wheel, touch or key stops it.
import { label } from '../labels';
import { fragmentId } from './links';

const EASING = 0.85;
/** Scrolled this far down (px), the back-to-top button shows (Docusaurus's threshold). */
const SHOW_AFTER = 300;

let frame = 0;
const stop = () => cancelAnimationFrame(frame);

/** Scrolls the window to `top`, eased. */
export function glideTo(top: number): void {
  stop();
  const end = Math.max(0, Math.min(Math.round(top), document.documentElement.scrollHeight - innerHeight));
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return scrollTo(0, end);
  let last = NaN;
  const step = () => {
    const y = Math.round(scrollY);
    const next = end + Math.trunc((y - end) * EASING);
    if (y === end || y === last) return; // there, or the page cannot scroll further
    last = y;
    scrollTo(0, next);
    frame = requestAnimationFrame(step);
  };
  step();
}

export function start(): void {
  for (const type of ['wheel', 'touchstart', 'keydown']) addEventListener(type, stop, { passive: true });
  document.addEventListener('click', onHashLink);
  backToTop();
}

function onHashLink(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
  if (!link || link.classList.contains('skip-link')) return;
  const hash = link.getAttribute('href')!;
  const target = document.getElementById(fragmentId(hash));
  // Not rendered (in a hidden tab panel): the browser's own jump lets CSS show it (:target).
  if (!target || target.getClientRects().length === 0) return;
  event.preventDefault();
  // A real fragment navigation (URL, history entry, :target, hashchange), then back to where
  // the reader was before anything is painted, and glide to where the browser put the section
  // (below the sticky navbar: scroll-padding-top).
  const from = scrollY;
  if (location.hash !== hash) location.hash = hash;
  target.scrollIntoView();
  const to = scrollY;
  scrollTo(0, from);
  // Keyboard and screen reader users continue from the section, not from the link.
  if (!target.matches('a[href], button, input, select, textarea, [tabindex]')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  glideTo(to);
}

function backToTop(): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'back-to-top';
  button.title = label('backToTop');
  button.setAttribute('aria-label', label('backToTop'));
  button.innerHTML = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" d="M12 19V5m-6 6 6-6 6 6"/></svg>';
  button.addEventListener('click', (event) => {
    glideTo(0);
    // From the keyboard (no pointer: detail 0), continue at the top of the page, where the skip link is.
    if (event.detail === 0) document.querySelector<HTMLElement>('.skip-link')?.focus({ preventScroll: true });
  });
  const update = () => button.classList.toggle('back-to-top-shown', scrollY > SHOW_AFTER);
  addEventListener('scroll', update, { passive: true });
  update();
  document.body.append(button);
}
