// Navbar hide on scroll (navbar.hideOnScroll → `data-hide-on-scroll`): scrolling down hides the
// navbar (`navbar-hidden`), scrolling up shows it. It never hides within the first 60 px, nor
// while focus is inside it, nor for scrolling the page did itself (see scroll.ts).
import { onScrollResumed, scrollSuspended } from './scroll';

export const NAVBAR_SHOW_ABOVE = 60;

export function start(): void {
  const navbar = document.querySelector<HTMLElement>('.navbar[data-hide-on-scroll]');
  if (!navbar) return;
  let last = scrollY;
  let frame = 0;
  const hide = (hidden: boolean) => navbar.classList.toggle('navbar-hidden', hidden);

  const update = () => {
    frame = 0;
    const y = scrollY;
    if (scrollSuspended()) {
      last = y;
      return;
    }
    if (y <= NAVBAR_SHOW_ABOVE || navbar.contains(document.activeElement)) hide(false);
    else if (y > last) hide(true);
    else if (y < last) hide(false);
    last = y;
  };

  addEventListener('scroll', () => (frame ||= requestAnimationFrame(update)), { passive: true });
  navbar.addEventListener('focusin', () => hide(false));
  onScrollResumed(() => (last = scrollY));
}
