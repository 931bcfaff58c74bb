// A large sidebar's collapsed categories expand in place. The page carries only its own branch
// of such a sidebar (src/site/sidebar.ts): every other category is a link to its landing page,
// which is all a reader without JavaScript gets. Here each of those links gets a caret button
// (a disclosure: aria-expanded) over the link's own caret, so nothing moves. Pressing it loads
// ./sidebarExpand.ts (its own chunk: the page runtime grows only by this file), which builds the
// category's items from the sidebar's tree; if that cannot be had, the press opens the
// category's landing page, as the link would.
import { label } from '../labels';

export function start(): void {
  addCarets();
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.sidebar-caret');
    if (!button) return;
    import('./sidebarExpand').then(
      async (m) => {
        const list = await m.toggle(button);
        if (list) addCarets(list);
      },
      () => location.assign((button.previousElementSibling as HTMLAnchorElement).href),
    );
  });
}

/** Caret buttons for the collapsed categories of `root` (again after serve --watch replaced the page). */
export function addCarets(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('nav.sidebar[data-tree] a.sidebar-category')) {
    if (link.nextElementSibling?.matches('.sidebar-caret')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sidebar-caret';
    button.setAttribute('aria-expanded', 'false');
    button.setAttribute('aria-label', label('sidebarCategoryPages').replace('{label}', link.textContent ?? ''));
    link.after(button);
    link.parentElement!.classList.add('sidebar-expandable');
  }
}
