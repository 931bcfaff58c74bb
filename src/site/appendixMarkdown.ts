// The Markdown copy's "Schemas" section lists the named schemas a page's trees stop at
// (openapi/schemaAppendix.ts), and thousands of pages list the same few. Each page's stored body
// used to carry their whole trees: serialized once per page, read back and turned into Markdown
// again by a render thread (on Microsoft Graph v1.0, 915 of the 1,757 MB of stored bodies). Here
// each appended schema becomes its Markdown once, in the site stage, for all the pages whose
// copies show it alike, and a page's body carries the text.
import { originOf } from '../markdown/guideMarkdown';
import { copyLinks } from '../markdown/pageFiles';
import { schemaMarkdown } from '../markdown/schemaMarkdown';
import { PLACEHOLDER } from '../openapi/placeholders';
import { stopNames } from '../openapi/schemaAppendix';
import type { AppendedSchema, SchemaNode } from '../shared/viewModels';

/**
 * `(appendix, canonical, own)` → the page's appendix with each schema's Markdown in place of its
 * tree, exactly as markdown/pageFiles.ts would make it for the page at `canonical` (`own`: a
 * schema page's own schema). Besides the tree, that text depends on the origin its site links
 * are made absolute with, and, for each named schema the tree stops at, whether this page's copy
 * shows it (as its own schema, or appended): pages alike in those share one text. A tree whose
 * text would depend on more (a link to an anchor of the page itself) or that holds a spec link
 * (settled later, in the render threads) stays a tree.
 */
export function createAppendixMarkdown(): (appendix: AppendedSchema[], canonical: string, own?: string) => AppendedSchema[] {
  // Per tree: its stop names, and its texts by what they depend on (null: it stays a tree).
  const made = new WeakMap<SchemaNode, { stops: string[]; texts: Map<string, string | null> }>();
  return (appendix, canonical, own) => {
    const origin = originOf(canonical);
    const pageLink = copyLinks(canonical);
    const appended = new Set(appendix.map((s) => s.name));
    return appendix.map((s) => {
      if (s.node === undefined) return s;
      let tree = made.get(s.node);
      if (!tree) made.set(s.node, (tree = { stops: [...new Set(stopNames(s.node))], texts: new Map() }));
      const key = [origin, ...tree.stops.map((name) => (name === own ? 'own' : appended.has(name) ? 'appended' : ''))].join('\n');
      let text = tree.texts.get(key);
      if (text === undefined) {
        let local = false;
        const resolve = (href: string) => {
          if (href.startsWith('#')) local = true;
          return pageLink(href);
        };
        const markdown = schemaMarkdown(s.node, { resolve, appended, own });
        text = local || markdown.includes(PLACEHOLDER) ? null : markdown;
        tree.texts.set(key, text);
      }
      return text === null ? s : { name: s.name, markdown: text };
    });
  };
}
