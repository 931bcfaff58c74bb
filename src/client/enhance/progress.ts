// Navigation progress bar, NProgress-like: after a click that leaves for another page of the site,
// a thin bar appears at the top if the next page has not replaced this one within 200 ms. It
// starts at MINIMUM, then trickles up by a random share of TRICKLE_RATE every TRICKLE_SPEED ms,
// each step animated over SPEED ms. A page restored from the back/forward cache drops it.
import { pageLinkOf } from './links';

export const PROGRESS_DELAY = 200;
export const PROGRESS_MINIMUM = 0.08;
export const PROGRESS_SPEED = 200;
export const PROGRESS_TRICKLE_RATE = 0.02;
export const PROGRESS_TRICKLE_SPEED = 800;
/** NProgress never reaches the end by trickling. */
const MAXIMUM = 0.994;

let delay: ReturnType<typeof setTimeout> | undefined;
let trickle: ReturnType<typeof setInterval> | undefined;
let bar: HTMLElement | undefined;

function set(status: number): void {
  bar!.style.transform = `scaleX(${Math.min(Math.max(status, PROGRESS_MINIMUM), MAXIMUM)})`;
}

function begin(): void {
  let status = PROGRESS_MINIMUM;
  bar = document.createElement('div');
  bar.className = 'progress-bar';
  bar.style.transitionDuration = `${PROGRESS_SPEED}ms`;
  const element = document.createElement('div');
  element.id = 'docsgen-progress';
  element.setAttribute('role', 'progressbar');
  element.setAttribute('aria-hidden', 'true');
  element.append(bar);
  set(status);
  document.body.append(element);
  trickle = setInterval(() => set((status += Math.random() * PROGRESS_TRICKLE_RATE)), PROGRESS_TRICKLE_SPEED);
}

export function cancelProgress(): void {
  clearTimeout(delay);
  clearInterval(trickle);
  delay = trickle = bar = undefined;
  document.getElementById('docsgen-progress')?.remove();
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const found = pageLinkOf(event);
  if (!found) return;
  const target = found.link.target.toLowerCase();
  if (target && target !== '_self' && target !== '_top' && target !== '_parent') return;
  cancelProgress();
  delay = setTimeout(begin, PROGRESS_DELAY);
}

export function start(): void {
  addEventListener('click', onClick);
  addEventListener('pageshow', (event) => {
    if (event.persisted) cancelProgress();
  });
}
