// Tabs (templates/components/Tabs.tsx) already switch without JavaScript. This adds, for groups
// with `data-tab-group`: the reader's choice is remembered (localStorage
// `docsgen-tab-<group>` = the tab key) and applied on load, and choosing a tab selects the same
// key in every group of that id on the page. Whatever the switch does to the height of the
// content above, the label the reader chose stays where it was on the screen.
import { readStorage, writeStorage } from '../../shared/storage';
import { whileScrollSuspended } from './scroll';

export const TAB_STORAGE_PREFIX = 'docsgen-tab-';

type Snapshot = { tabs: Element; tops: Map<HTMLInputElement, number> };
/** Label positions measured just before a click or key press changes the checked radio. */
let snapshot: Snapshot | undefined;

function tabsOf(input: Element): HTMLElement | null {
  const tabs = input.parentElement?.parentElement;
  return input.classList.contains('tab-input') && tabs?.classList.contains('tabs') ? tabs : null;
}

function inputs(tabs: Element): HTMLInputElement[] {
  return [...tabs.querySelectorAll<HTMLInputElement>(':scope > .tab > .tab-input')];
}

function labelTop(input: HTMLInputElement): number {
  return (input.labels?.[0] ?? input).getBoundingClientRect().top;
}

function groups(group: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`.tabs[data-tab-group="${CSS.escape(group)}"]`)];
}

/** Checks the tab `key` in every group `group` that has it (except one). */
function select(group: string, key: string, except?: Element): void {
  for (const tabs of groups(group)) {
    if (tabs === except) continue;
    const input = inputs(tabs).find((i) => i.value === key);
    if (input && !input.checked) input.checked = true;
  }
}

/** Applies the stored choice of every group on the page. */
export function restore(): void {
  const seen = new Set<string>();
  for (const tabs of document.querySelectorAll<HTMLElement>('.tabs[data-tab-group]')) {
    const group = tabs.dataset.tabGroup!;
    if (seen.has(group)) continue;
    seen.add(group);
    const key = readStorage(TAB_STORAGE_PREFIX + group);
    if (key) select(group, key);
  }
}

function remember(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  // A label's click comes before the radio is checked; so does the key press of arrow keys.
  const input = target.closest('.tab-label')?.previousElementSibling ?? target;
  const tabs = tabsOf(input);
  // The radio's own click, dispatched by the label's, comes after the radio is checked.
  if (!tabs || snapshot?.tabs === tabs) return;
  snapshot = { tabs, tops: new Map(inputs(tabs).map((i) => [i, labelTop(i)])) };
  setTimeout(() => (snapshot = undefined));
}

function onChange(event: Event): void {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || !input.checked) return;
  const tabs = tabsOf(input);
  if (!tabs) return;
  const before = (snapshot?.tabs === tabs ? snapshot.tops.get(input) : undefined) ?? labelTop(input);
  snapshot = undefined;
  const group = tabs.dataset.tabGroup;
  whileScrollSuspended(() => {
    if (group) {
      writeStorage(TAB_STORAGE_PREFIX + group, input.value);
      select(group, input.value, tabs);
    }
    const moved = labelTop(input) - before;
    if (Math.abs(moved) >= 0.5) window.scrollBy({ top: moved, behavior: 'instant' });
  });
}

export function start(): void {
  restore();
  document.addEventListener('click', remember, true);
  document.addEventListener('keydown', remember, true);
  document.addEventListener('change', onChange);
  // A page restored from the back/forward cache shows the choice made on later pages.
  addEventListener('pageshow', (event) => {
    if (event.persisted) restore();
  });
}
