// A large sidebar's collapsed categories expand in place. The page carries only its own branch
// of such a sidebar (src/site/sidebar.ts): every other category is a link to its landing page,
// which is all a reader without JavaScript gets. The caret buttons that expand them come with
// ./sidebarExpand.ts, its own chunk, loaded on the first pointer movement or focus of the page:
// before the reader's click or Tab reaches a caret, while the page runtime grows only by this.
export function start(): void {
  const load = () => import('./sidebarExpand');
  document.addEventListener('pointerover', load, { once: true });
  document.addEventListener('focusin', load, { once: true });
}
