// The table of contents of a page from its headings.
import type { Heading } from '../content/plugins/headings';
import type { TocEntry } from '../shared/viewModels';

/** Nests h3 under the preceding h2 (generally: deeper levels under shallower), within min..max. */
export function buildToc(headings: Heading[], min: number, max: number): TocEntry[] {
  const root: TocEntry[] = [];
  const stack: { level: number; entry: TocEntry }[] = [];
  for (const h of headings) {
    if (h.level < min || h.level > max) continue;
    const entry: TocEntry = { id: h.id, text: h.text, children: [] };
    while (stack.length && stack[stack.length - 1].level >= h.level) stack.pop();
    (stack.length ? stack[stack.length - 1].entry.children : root).push(entry);
    stack.push({ level: h.level, entry });
  }
  return root;
}
