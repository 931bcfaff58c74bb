// The search box's keys outside React.
// - Ctrl+K (⌘K on macOS) focuses the navbar search box from anywhere on the page, when the site
//   has the shortcut on (`search.keyboardShortcut`: the search form carries `data-search-shortcut`).
//   Focusing the box is also what wakes the search island, so the index starts loading. On macOS
//   `data-search-mac` on <html> makes the box's hint read "⌘ K" instead of "Ctrl K".
// - Space in the search box is text, not an activation: the runtime holds Enter, Space and Escape
//   on a lazy island until it has hydrated (then replays them), and a replayed Space types
//   nothing, so a space typed while the island loads would be lost. It is kept from reaching the
//   runtime's listener (the island has no use for Space keydowns either); its default action,
//   typing, is untouched.

export function isMac(): boolean {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac|iphone|ipad|ipod/i.test(nav.platform || nav.userAgentData?.platform || '');
}

export function start(): void {
  const form = document.querySelector<HTMLFormElement>('[data-island] form[data-search-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!form || !input) return;
  // Capturing at the document runs before the runtime's listener on the island marker.
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === ' ' && event.target === input) event.stopPropagation();
    },
    true,
  );
  if (!form.hasAttribute('data-search-shortcut')) return;
  const mac = isMac();
  if (mac) document.documentElement.setAttribute('data-search-mac', '');
  document.addEventListener('keydown', (event) => {
    if ((event.key !== 'k' && event.key !== 'K') || event.altKey || event.shiftKey || event.isComposing) return;
    if (!(mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey)) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
}
