// The allow-list for HTML in spec text. Real specs write HTML in their descriptions (`<p>`,
// `<code>`, tables); it is rendered, but only the elements and attributes of formatted text
// survive. Anything else is shown as text (`escape`): a description's `Bearer <token>` stays
// readable, and a `<script>` or `<iframe>` shows as the characters it was written with.
//
// Decisions:
// - No `style` attribute: a spec's inline style can break the page's layout (fixed positions,
//   huge fonts, hidden text).
// - No `class` or `id` from the spec, except the classes our own markdown rendering emits (code
//   blocks, admonitions, heading anchors) and the ids of the headings it made: a spec's `id`
//   could collide with the ids the page uses for its sections and anchors.
// - Links: http, https, mailto and relative (resolved by the caller, as markdown links are).
//   Entity-encoded and upper-case `javascript:` are decoded before the check by sanitize-html.
// - Images: http and https (and relative ones, resolved by the caller). No `data:` images, not
//   even PNG: a description is repeated on every page that shows its schema, and an embedded
//   image would be repeated with it (pages must stay under 1 MB); an image URL costs nothing.
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

// Loaded on the first description that has HTML: loading it costs ~85 ms, a sixteenth of the
// shipped site's whole build, whose spec has none.
let loaded: typeof sanitizeHtml | undefined;
const sanitize = (html: string, options: sanitizeHtml.IOptions): string => (loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml)(html, options);

export interface SanitizeResolvers {
  /** The href to emit for a link as written in the HTML. */
  href(href: string): string;
  /** The src to emit for an image; '' drops the image's src. */
  src(src: string): string;
  /** Ids of the headings the markdown renderer made (kept; every other id is dropped). */
  headingIds: ReadonlySet<string>;
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const ALLOWED_TAGS = [
  ...HEADINGS,
  'p', 'br', 'hr', 'div', 'span', 'blockquote', 'aside',
  'b', 'i', 'strong', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'kbd', 'abbr', 'cite', 'q', 'dfn', 'var', 'samp', 'code', 'pre',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  'a', 'img', 'figure', 'figcaption', 'details', 'summary',
];

const cell = ['colspan', 'rowspan', 'align', 'scope'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // `class` is not listed here: allowedClasses below says which classes each tag may keep.
  allowedAttributes: {
    a: ['href', 'title', 'aria-label'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    abbr: ['title'],
    ol: ['start', 'type', 'reversed'],
    li: ['value'],
    th: cell,
    td: cell,
    col: ['span'],
    colgroup: ['span'],
    details: ['open'],
    pre: ['tabindex'],
    table: ['tabindex'],
    div: ['data-language'],
    aside: ['role'],
    ...Object.fromEntries(HEADINGS.map((h) => [h, ['id']])),
  },
  // What src/content/plugins emit; a spec may use them too (they only style content).
  allowedClasses: {
    h1: ['doc-title'],
    a: ['hash-link'],
    aside: ['admonition', 'admonition-*'],
    p: ['admonition-title'],
    div: ['admonition-body', 'code-block', 'code-title'],
    pre: ['hljs', 'language-*'],
    code: ['language-*'],
    span: ['hljs-*'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'escape',
};

/** Tags the meta description drops: HTML elements only, so that `Bearer <token>` keeps its word. */
const ELEMENT_TAG = new RegExp(`</?(?:${[...ALLOWED_TAGS, 'script', 'style', 'iframe', 'object', 'embed', 'svg', 'form', 'input', 'button', 'textarea', 'select', 'option', 'link', 'meta', 'base', 'font', 'center'].join('|')})\\b[^<>]*>`, 'gi');

/** Spec text without its HTML tags (a page's one-line meta description). */
export function stripHtmlTags(text: string): string {
  // A tag is a word break (`a<br>b`), but not before punctuation (`<code>v3</code>,`). The look-behind
  // starts a match only where a run of spaces starts: a megabyte of them after a tag never ended.
  return text.includes('<') ? text.replace(ELEMENT_TAG, ' ').replace(/(?<! ) +(?=[,.;:!?)])/g, '') : text;
}

export function sanitizeSpecHtml(html: string, resolvers: SanitizeResolvers): string {
  const headingId: sanitizeHtml.Transformer = (tagName, attribs) => {
    const { id, ...rest } = attribs;
    return { tagName, attribs: id !== undefined && resolvers.headingIds.has(id) ? { ...rest, id } : rest };
  };
  return sanitize(html, {
    ...OPTIONS,
    transformTags: {
      ...Object.fromEntries(HEADINGS.map((h) => [h, headingId])),
      a: (tagName, attribs) => (attribs.href === undefined ? { tagName, attribs } : { tagName, attribs: { ...attribs, href: resolvers.href(attribs.href) } }),
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        const resolved = src === undefined ? '' : resolvers.src(src);
        return { tagName, attribs: resolved ? { ...rest, src: resolved, loading: 'lazy' } : rest };
      },
    },
  });
}
