// Scroll suspension: while the page restores an element's position after a layout change (a tab
// switch), the scroll it causes is not the reader's. Scroll-driven behaviours (table of contents
// highlight, navbar hide on scroll) check `scrollSuspended()` and skip, then catch up in
// `onScrollResumed`.
let depth = 0;
const resumed: (() => void)[] = [];

export function scrollSuspended(): boolean {
  return depth > 0;
}

export function onScrollResumed(listener: () => void): void {
  resumed.push(listener);
}

/**
 * Runs `work` (which may scroll) with scroll handling suspended. Scroll events and
 * intersection notifications caused by it arrive in the next frame, so handling resumes two
 * frames later (or after a timeout when frames are throttled, e.g. in a hidden tab).
 */
export function whileScrollSuspended(work: () => void): void {
  depth++;
  let done = false;
  const resume = () => {
    if (done) return;
    done = true;
    if (--depth === 0) for (const listener of resumed) listener();
  };
  try {
    work();
  } finally {
    requestAnimationFrame(() => requestAnimationFrame(resume));
    setTimeout(resume, 500);
  }
}
