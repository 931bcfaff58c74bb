// Highlight on the target page (`search.highlightTermsOnTargetPage`: the search form carries
// `data-search-highlight`). A search result opens `page?_highlight=word&_highlight=word#anchor`;
// this marks those words inside the article (`#main-content .doc-article`: guide text and API
// content, never the navbar, sidebar or table of contents), scrolls to the first visible mark
// when the URL has no #anchor, and puts the words in the search box. Clearing the box removes the
// marks and the `_highlight` parameters from the URL (history.replaceState).
//
// Matching is the search's own: the shared tokeniser (loaded only on pages that have `_highlight`,
// as a separate chunk) folds case and accents and stems, so `boundary` marks "Boundaries" and
// `cafe` marks "Café"; a word of three letters or more also marks the words it begins (`demog`
// marks "Demographics"), as the search box matched it while typing.
//
// Marks are inserted by splitting text nodes and wrapping the middle part in <mark>: the words are
// never parsed as HTML.

type Tokenizer = typeof import('../../shared/search/tokenize');

/** Never marked: controls, code-block buttons, heading links, islands (React owns their DOM). */
const SKIP = 'script, style, noscript, textarea, select, button, input, svg, nav, mark, .hash-link, .copy-button, .island';
const MAX_WORDS = 16;
const MAX_MARKS = 2000;

export function start(): void {
  const words = new URLSearchParams(location.search)
    .getAll('_highlight')
    .map((w) => w.trim())
    .filter((w) => w !== '')
    .slice(0, MAX_WORDS);
  if (!words.length) return;
  const form = document.querySelector<HTMLFormElement>('form[data-search-form][data-search-highlight]');
  if (!form) return;
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  if (input && input.value === '') input.value = words.join(' ');

  let marks: HTMLElement[] = [];
  let cleared = false;
  const clear = () => {
    cleared = true;
    for (const mark of marks) {
      const parent = mark.parentNode;
      if (!parent) continue;
      mark.replaceWith(...mark.childNodes);
      parent.normalize();
    }
    marks = [];
    const url = new URL(location.href);
    if (url.searchParams.has('_highlight')) {
      url.searchParams.delete('_highlight');
      history.replaceState(history.state, '', url.href);
    }
  };
  input?.addEventListener('input', () => {
    if (!cleared && input.value.trim() === '') clear();
  });

  const root = document.querySelector<HTMLElement>('#main-content .doc-article');
  if (!root) return;
  import('../../shared/search/tokenize').then(
    (tokenizer) =>
      // One macrotask later, after anything else that renders into the article at start.
      setTimeout(() => {
        if (cleared) return;
        marks = markWords(root, words, tokenizer);
        const first = marks.find((m) => m.getClientRects().length > 0);
        if (first && !location.hash) first.scrollIntoView({ block: 'center' });
      }),
    (error) => console.error('Highlighting the search words failed:', error),
  );
}

/** Wraps every word of `root` that matches one of `words` in <mark class="search-highlight">. */
export function markWords(root: HTMLElement, words: string[], t: Tokenizer): HTMLElement[] {
  const terms = new Set<string>();
  const prefixes: string[] = [];
  for (const word of words) {
    for (const q of t.tokenizeQuery(word)) {
      terms.add(q.term);
      if ([...q.raw].length >= 3) prefixes.push(q.raw);
    }
  }
  if (!terms.size) return [];
  const matches = (text: string, term: string) => terms.has(term) || prefixes.some((p) => t.fold(text).startsWith(p));

  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.nodeValue?.trim() && !node.parentElement?.closest(SKIP) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);

  const marks: HTMLElement[] = [];
  for (const node of nodes) {
    if (marks.length >= MAX_MARKS) break;
    const text = node.data;
    const ranges: [number, number][] = [];
    for (const token of t.scanTokens(text)) {
      if (!matches(text.slice(token.start, token.end), token.term)) continue;
      const last = ranges[ranges.length - 1];
      if (last && token.start <= last[1]) last[1] = Math.max(last[1], token.end);
      else ranges.push([token.start, token.end]);
    }
    // From the end, so the offsets of earlier ranges stay valid in the shrinking node.
    const inNode: HTMLElement[] = [];
    for (let k = ranges.length - 1; k >= 0; k--) {
      const [start, end] = ranges[k];
      if (end < node.length) node.splitText(end);
      const middle = start > 0 ? node.splitText(start) : node;
      const mark = document.createElement('mark');
      mark.className = 'search-highlight';
      middle.replaceWith(mark);
      mark.append(middle);
      inNode.unshift(mark);
    }
    marks.push(...inNode);
  }
  return marks;
}
