// Table of contents highlight: the link of the section being read gets aria-current="true" and
// `toc-link-active`. That section is the last one whose heading is above 30% of the viewport,
// or the last one when the page is scrolled to the bottom. Intersection observers say when a
// heading crosses that line or the page end comes into view or leaves it; headings inside
// hidden tab panels (no box) are skipped.
import { fragmentId } from './links';
import { onScrollResumed, scrollSuspended } from './scroll';

export const TOC_LINE = 0.3;

export function start(): void {
  const entries: { link: HTMLAnchorElement; target: HTMLElement }[] = [];
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.toc-link[href^="#"]')) {
    const target = document.getElementById(fragmentId(link.hash));
    if (target) entries.push({ link, target });
  }
  if (entries.length === 0 || !('IntersectionObserver' in window)) return;
  let active: HTMLAnchorElement | undefined;

  const update = () => {
    if (scrollSuspended()) return;
    const line = innerHeight * TOC_LINE;
    const root = document.documentElement;
    const atBottom = scrollY > 0 && scrollY + innerHeight >= root.scrollHeight - 2;
    let next: HTMLAnchorElement | undefined;
    for (const { link, target } of entries) {
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue; // not rendered
      if (atBottom || rect.top <= line) next = link;
    }
    if (next === active) return;
    if (active) {
      active.removeAttribute('aria-current');
      active.classList.remove('toc-link-active');
    }
    active = next;
    if (!active) return;
    active.setAttribute('aria-current', 'true');
    active.classList.add('toc-link-active');
    // Keep the link in view inside a table of contents that scrolls, without moving the page.
    const box = active.closest('.doc-toc');
    if (box && box.scrollHeight > box.clientHeight) {
      const offset = active.getBoundingClientRect().top - box.getBoundingClientRect().top;
      if (offset < 0 || offset > box.clientHeight - active.offsetHeight) box.scrollTop += offset - box.clientHeight / 2;
    }
  };

  // The root reaches from far above the page down to the line, so a heading changes state
  // whenever it crosses the line, even when a jump (a link, the End key) skips the viewport.
  const headings = new IntersectionObserver(update, { rootMargin: `1000000px 0px -${Math.round(100 - TOC_LINE * 100)}% 0px` });
  for (const { target } of entries) headings.observe(target);
  const end = document.querySelector('.footer') ?? document.querySelector('main');
  if (end) new IntersectionObserver(update, { threshold: [0, 1] }).observe(end);
  // Each observer reports every target once at the start, which sets the first state.
  onScrollResumed(update);
}
