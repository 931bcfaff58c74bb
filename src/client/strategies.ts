// When islands hydrate. Each strategy calls `hydrate` once; "interaction" also replays the
// click or key press that woke the island, so the first click on a lazy button is not lost
// (with a spinner when the island's code takes a while to arrive).
import { whileLoading } from './islandState';

export function onIdle(hydrate: () => unknown): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => hydrate(), { timeout: 2000 });
  else setTimeout(hydrate, 200);
}

export function onVisible(element: HTMLElement, hydrate: () => unknown): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        hydrate();
      }
    },
    { rootMargin: '200px' },
  );
  observer.observe(element);
}

const WARM_UP = ['pointerover', 'focusin', 'touchstart'] as const;
const ACTIVATE = ['click', 'keydown'] as const;

export function afterInteraction(element: HTMLElement, hydrate: () => Promise<void>): void {
  let done = false;
  const warmUp = () => void hydrate();
  const activate = (event: Event) => {
    if (done) return;
    const key = event instanceof KeyboardEvent ? event.key : undefined;
    if (key !== undefined && key !== 'Enter' && key !== ' ' && key !== 'Escape') {
      void hydrate();
      return;
    }
    // Hold the event until React owns the markup, then send it again to the same target.
    event.preventDefault();
    event.stopImmediatePropagation();
    const target = event.target as HTMLElement;
    void whileLoading(element, hydrate()).then(() => {
      cleanUp();
      // Enter or Space on a button or link activates it: its default action (a click) was
      // held back above, so replay the click rather than a keydown that activates nothing.
      // The target may be an SVG part of a button, which has no .click(): dispatch instead.
      const activates = event.type === 'click' || ((key === 'Enter' || key === ' ') && target.closest('button, a[href], [role="button"]'));
      if (activates) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
      else target.dispatchEvent(new KeyboardEvent('keydown', event as KeyboardEvent));
    });
  };
  const cleanUp = () => {
    done = true;
    for (const type of WARM_UP) element.removeEventListener(type, warmUp);
    for (const type of ACTIVATE) element.removeEventListener(type, activate, true);
  };
  for (const type of WARM_UP) element.addEventListener(type, warmUp, { once: true, passive: true });
  for (const type of ACTIVATE) element.addEventListener(type, activate, true);
}
