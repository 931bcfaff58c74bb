// The one markdown-it instance of a build, and the per-document environment its plugins fill.
import MarkdownIt, { type MarkdownIt as Md } from 'markdown-it';
import GithubSlugger from 'github-slugger';
import { headingsPlugin, type Heading } from './plugins/headings';
import { linksPlugin } from './plugins/links';
import { admonitionsPlugin } from './plugins/admonitions';
import { codePlugin } from './plugins/code';
import { tablesPlugin } from './plugins/tables';
import { operationCardPlugin } from './plugins/operationCard';
import { htmlCommentsPlugin } from './plugins/htmlComments';

export interface MarkdownEnv {
  /** Absolute path of the source file. */
  file: string;
  /** Lines before the markdown body (front matter), added to token lines. */
  lineOffset: number;
  slugger: GithubSlugger;
  headings: Heading[];
  /** Text of the h1 the document opens with, if it does: the page's displayed title. */
  title?: string;
  /** Returns the href to emit; records the link for checking. */
  resolveLink(href: string, line: number): string;
  /** Returns the src to emit; records the image for copying. */
  resolveImage(src: string, line: number): string;
  /** Records an error in the source at `line`, where `needle` is (raw HTML's problems; spec text has none: its HTML is escaped). */
  report?(code: string, message: string, line: number, needle: string): void;
}

export interface MarkdownOptions {
  /** Raw HTML in the source is kept (guides: authors are trusted) or escaped (spec text). */
  html: boolean;
  /** Highlight fenced code (default). check-links turns it off: it reads only links and ids. */
  highlight?: boolean;
}

export function createMarkdown({ html, highlight = true }: MarkdownOptions): Md {
  const md = new MarkdownIt({ html, linkify: true, typographer: false });
  md.use(headingsPlugin).use(linksPlugin).use(admonitionsPlugin).use(codePlugin, { highlight }).use(tablesPlugin).use(operationCardPlugin).use(htmlCommentsPlugin);
  return md;
}

/** Renders with our env (markdown-it types its env as an open record; ours is typed). */
export function renderMarkdown(md: Md, source: string, env: MarkdownEnv): string {
  return flatten(md.render(source, env as unknown as Record<string, unknown>));
}

/** The env of a markdown-it rule, as ours. */
export function envOf(state: { env: unknown }): MarkdownEnv {
  return state.env as MarkdownEnv;
}

export function createEnv(file: string, lineOffset: number, resolvers: Pick<MarkdownEnv, 'resolveLink' | 'resolveImage' | 'report'>): MarkdownEnv {
  return { file, lineOffset, slugger: new GithubSlugger(), headings: [], ...resolvers };
}

/**
 * The same string, made flat in place. markdown-it joins its output with `+=`, which V8 keeps as
 * a tree of the pieces (a node of about 32 bytes per piece) until something reads the characters;
 * a guide's HTML lives from the content stage to the render stage. Reading it as a number flattens
 * it (as `flatstr` does). On the 7,000-page site the guides' HTML was 63 MB of the 168 MB live
 * after the site stage, most of the heap's 900,000 rope nodes; 2,000 ropes of 400 paragraphs
 * take 51.6 MB, flattened 10.5 MB.
 */
function flatten(text: string): string {
  Number(text);
  return text;
}
