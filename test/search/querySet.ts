// A deterministic set of queries drawn from a site's own search documents, for sites without
// hand-written relevance cases (generated benchmark sites): whole page titles, single title
// words, two-word pairs, prefixes as typed (3–6 letters), API field names, and one-edit typos of
// long words (which must take the typo fallback). Same documents and seed → same queries.
import type { SearchDocument } from '../../src/search/documents';
import { SearchDocumentType } from '../../src/shared/search/types';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (text: string) => text.split(/[^\p{L}\p{N}_]+/u).filter((w) => w.length > 0);

/** `count` queries (about a sixth of each kind), drawn with a seeded PRNG. */
export function generatedQueries(documents: SearchDocument[], count = 60, seed = 0x5ea7c4): string[] {
  const random = mulberry32(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const titles = documents.filter((d) => d.type === SearchDocumentType.Title).map((d) => d.t);
  const headings = documents.filter((d) => d.type === SearchDocumentType.Heading);
  const fields = headings.filter((d) => d.section && /_/.test(d.t)).map((d) => d.t);
  const longWords = [...new Set(titles.concat(headings.map((d) => d.t)).flatMap(words))].filter((w) => /^\p{L}{7,}$/u.test(w)).sort();
  const kinds: (() => string | undefined)[] = [
    () => pick(titles),
    () => pick(words(pick(titles)).filter((w) => w.length > 3)),
    () => {
      const w = words(pick(titles));
      const at = Math.floor(random() * Math.max(1, w.length - 1));
      return w.slice(at, at + 2).join(' ');
    },
    () => {
      const w = pick(longWords);
      return w?.slice(0, 3 + Math.floor(random() * 4));
    },
    () => (fields.length ? pick(fields) : pick(headings)?.t),
    () => {
      // One edit: swap two neighbouring letters, drop one, or double one.
      const w = pick(longWords)?.toLowerCase();
      if (!w) return undefined;
      const at = 1 + Math.floor(random() * (w.length - 3));
      const edit = Math.floor(random() * 3);
      return edit === 0 ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2) : edit === 1 ? w.slice(0, at) + w.slice(at + 1) : w.slice(0, at) + w[at] + w.slice(at);
    },
  ];
  const out: string[] = [];
  for (let k = 0; out.length < count && k < count * 4; k++) {
    const q = kinds[k % kinds.length]()?.trim();
    if (q && !out.includes(q)) out.push(q);
  }
  return out;
}
