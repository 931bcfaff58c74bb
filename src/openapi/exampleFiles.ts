// Caps on what an API page shows of the spec's data, and the files that hold the wholes. A spec
// can carry a 50 MB example (one had a 610,000-item array: the build ran out of memory, and a
// 5 MB spec made a 70 MB page). A page shows the first 200 lines (20 KB) of an example or code
// sample, the first 50 values of an enum, 200 characters of a default, and links to the whole,
// written once per distinct content as `assets/examples/<name>-<hash>.<ext>` beside the pages.
import { contentHash } from '../output/hash';
import { formatCount } from '../shared/size';
import type { Code, Truncation, ValueCut } from '../shared/viewModels';
import { jsonHead } from './jsonHead';
import type { Steps } from '../steps';

/** An example or code sample shows at most this much. */
export const CODE_LIMITS = { lines: 200, chars: 20_000 };
/** …and at least this much, once its page has shown PAGE_CODE_CHARS of code. */
export const MIN_CODE_LIMITS = { lines: 20, chars: 2_000 };
/** Example text one page shows (and code-sample text) before further blocks get only MIN_CODE_LIMITS (highlighted JSON is ~6× its text). */
export const PAGE_CODE_CHARS = 40_000;
/** A default, example or constant in a field's facts. */
export const INLINE_CHARS = 200;
/** Values of an enum listed in a field's facts. */
export const ENUM_VALUES = 50;
/**
 * Markdown of one field's description, and of a page's own (operation, response, request
 * body); `total` is what all the descriptions of one page show before each shows at most `min`;
 * `intro`: the API's description (its overview page) and a tag's (its page), the texts a page is
 * for (real specs: 518,000 characters of Rubrik's, a 1.2 MB overview when shown whole; DocuSign's
 * tags up to 98,000).
 */
export const DESCRIPTION_CHARS = { field: 10_000, page: 50_000, total: 250_000, min: 300, intro: 250_000 };

export interface ExampleFiles {
  /** Site-relative path → content: the wholes that pages link to, for the output. */
  readonly files: Map<string, string>;
  /** Caps for one page: its examples share one budget of code, its code samples another. */
  forPage(): PageDisplay;
  /** Runs `make` and returns, besides its value, every file it linked to (site/apiPagesMemo.ts keeps them with the page). */
  record<T>(make: () => T): { value: T; files: FileUse[] };
  /** `record` for a stage in steps: nothing else makes pages while it waits between them (steps.ts). */
  recordSteps<T>(make: Steps<T>): Steps<{ value: T; files: FileUse[] }>;
  /**
   * For a page an earlier build made, which linked to `files`: when this build would name each
   * file as that one did, returns what adds them (their texts from `text`); else undefined.
   */
  reusable(files: readonly FileUse[], text: (file: string) => string | undefined): (() => void) | undefined;
}

/**
 * A link to a file of wholes: a file is named after the page that first writes its content, so
 * a page made before links to the same name only if no other page wrote that content first.
 */
export interface FileUse {
  hash: string;
  /** The file linked to. */
  file: string;
  /** The name the page gives the file when it is the first to write it. */
  own: string;
}

export interface PageDisplay {
  /** An example as a code block: JSON printed with 2 spaces, a string as is when `language` is not JSON. */
  value(value: unknown, options: { name: string; language: string }): Code;
  /** A text (a code sample from the spec) as a code block. */
  text(text: string, options: { name: string; language: string; ext: string }): Code;
  /** A default, example or constant for a field's facts, on one line. */
  inline(value: unknown, name: string): { text: string; cut?: ValueCut };
  /** The first ENUM_VALUES of a list, and the whole list as a file when longer. */
  list<T>(values: T[], name: string): { shown: T[]; more?: { count: number; href?: string } };
  /** The whole of a value as a file: for a code sample whose request body is shortened. */
  file(value: unknown, name: string): ValueCut & { url?: string };
}

/**
 * `href` turns a site-relative file path into the link pages use (with the base URL), `url`
 * into an absolute URL (for code comments). Without `href` nothing is recorded: pages cap
 * without links (unit tests).
 */
export function createExampleFiles(options: { href?: (file: string) => string; url?: (file: string) => string } = {}): ExampleFiles {
  const files = new Map<string, string>();
  const byHash = new Map<string, string>();
  // The same text (one value on three pages) is hashed once: V8 keeps a string's own hash, so
  // looking a 70 MB text up again is cheap where hashing its content is not.
  const byText = new Map<string, { file: string; hash: string }>();
  let used: FileUse[] | undefined;
  // Pages of one spec often show one value several times (a request body, a response, the
  // schema's page): it is printed once.
  const printed = new WeakMap<object, string>();

  const pretty = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
    let text = printed.get(value);
    if (text === undefined) printed.set(value, (text = stringifyWhole(value)));
    return text;
  };

  /** Writes `text` as a file (once per content) and returns its link. */
  const write = (text: string, name: string, ext: string): { href?: string; url?: string } => {
    if (!options.href) return {};
    let known = byText.get(text);
    if (known === undefined) {
      const hash = contentHash(text);
      let file = byHash.get(hash);
      if (file === undefined) {
        file = ownName(name, hash, ext);
        byHash.set(hash, file);
        files.set(file, text);
      }
      byText.set(text, (known = { file, hash }));
    }
    used?.push({ hash: known.hash, file: known.file, own: ownName(name, known.hash, ext) });
    return { href: options.href(known.file), url: options.url?.(known.file) };
  };

  const forPage = (): PageDisplay => {
    // Examples and code samples have a budget each: thirty long response examples must not
    // leave the samples (short already, their body shortened) two lines each.
    const budgets = { examples: PAGE_CODE_CHARS, samples: PAGE_CODE_CHARS };
    type Kind = keyof typeof budgets;
    const limits = (kind: Kind) => {
      const budget = budgets[kind];
      if (budget >= CODE_LIMITS.chars) return CODE_LIMITS;
      if (budget <= MIN_CODE_LIMITS.chars) return MIN_CODE_LIMITS;
      return { lines: Math.max(MIN_CODE_LIMITS.lines, Math.floor((CODE_LIMITS.lines * budget) / CODE_LIMITS.chars)), chars: budget };
    };
    const block = (kind: Kind, whole: () => string, head: (maxChars: number) => string, options: { name: string; language: string; ext: string }): Code => {
      const limit = limits(kind);
      const start = head(limit.chars + 1);
      let code: Code;
      if (!capText(start, limit).truncated) code = { code: start, language: options.language };
      else {
        const text = whole();
        const cut = capText(text, limit);
        code = { code: cut.text, language: options.language, truncated: { ...cut.truncated!, totalBytes: Buffer.byteLength(text), href: write(text, options.name, options.ext).href } };
      }
      budgets[kind] -= code.code.length;
      return code;
    };
    return {
      value(value, { name, language }) {
        const json = language === 'json' || typeof value !== 'string';
        // The head is enough to tell whether the value fits: a huge one is printed whole only for its file.
        const head = (maxChars: number) => (json ? jsonHead(value, { indent: 2, maxChars }).text : (value as string));
        return block('examples', () => pretty(value), head, { name, language: json ? 'json' : language, ext: json ? 'json' : language === 'xml' ? 'xml' : 'txt' });
      },
      text(text, o) {
        return block('samples', () => text, () => text, o);
      },
      inline(value, name) {
        const head = typeof value === 'string' ? value.slice(0, INLINE_CHARS + 1) : jsonHead(value, { maxChars: INLINE_CHARS + 1, spaced: true }).text;
        if (head.length <= INLINE_CHARS) return { text: head };
        const whole = pretty(value);
        return { text: `${head.slice(0, INLINE_CHARS)}…`, cut: { totalBytes: Buffer.byteLength(whole), href: write(whole, name, typeof value === 'string' ? 'txt' : 'json').href } };
      },
      list(values, name) {
        if (values.length <= ENUM_VALUES) return { shown: values };
        return { shown: values.slice(0, ENUM_VALUES), more: { count: values.length - ENUM_VALUES, href: write(pretty(values), name, 'json').href } };
      },
      file(value, name) {
        const whole = pretty(value);
        return { totalBytes: Buffer.byteLength(whole), ...write(whole, name, typeof value === 'string' ? 'txt' : 'json') };
      },
    };
  };
  return {
    files,
    forPage,
    record(make) {
      const files: FileUse[] = (used = []);
      try {
        return { value: make(), files };
      } finally {
        used = undefined;
      }
    },
    *recordSteps(make) {
      const files: FileUse[] = (used = []);
      try {
        return { value: yield* make, files };
      } finally {
        used = undefined;
      }
    },
    reusable(uses, text) {
      // In order, as making them would: a file one use wrote is the one a later use of its content links to.
      const named = new Map<string, string>();
      for (const use of uses) {
        if ((byHash.get(use.hash) ?? named.get(use.hash) ?? use.own) !== use.file || text(use.file) === undefined) return undefined;
        named.set(use.hash, use.file);
      }
      return () => {
        for (const use of uses) {
          if (byHash.has(use.hash)) continue;
          byHash.set(use.hash, use.file);
          files.set(use.file, text(use.file)!);
        }
      };
    },
  };
}

function ownName(name: string, hash: string, ext: string): string {
  return `assets/examples/${fileStem(name)}-${hash}.${ext}`;
}

/**
 * The first `lines` lines of `text`, and at most `chars` characters: cut at a line boundary
 * when there is one in reach, else inside the (long) line.
 */
export function capText(text: string, limits: { lines: number; chars: number }): { text: string; truncated?: Omit<Truncation, 'totalBytes' | 'href'> & { totalBytes?: number } } {
  let end = 0;
  let lines = 0;
  while (lines < limits.lines && end < text.length) {
    const nl = text.indexOf('\n', end);
    end = nl === -1 ? text.length : nl + 1;
    lines++;
  }
  if (end > limits.chars) {
    const nl = text.lastIndexOf('\n', limits.chars - 1);
    end = nl > 0 ? nl + 1 : limits.chars;
    lines = countLines(text, end);
  }
  if (end >= text.length) return { text };
  return { text: text.slice(0, end).replace(/\n$/, ''), truncated: { shownLines: lines, totalLines: countLines(text, text.length) } };
}

/**
 * Markdown shortened to `max` characters, at a paragraph or line break in reach; `omitted`
 * counts the characters left out. (A cut inside a code fence is closed by markdown-it.)
 */
export function capMarkdown(text: string, max: number): { text: string; omitted: number } {
  if (text.length <= max) return { text, omitted: 0 };
  let end = text.lastIndexOf('\n\n', max);
  if (end < max / 2) end = text.lastIndexOf('\n', max);
  if (end < max / 2) end = max;
  return { text: text.slice(0, end), omitted: text.length - end };
}

/** The note after a shortened description (our text: only numbers come from the spec). */
export function omittedNote(omitted: number, total: number): string {
  return `<p class="text-cut">Shortened: ${formatCount(total - omitted)} of ${formatCount(total)} characters shown; the full text is in the OpenAPI spec.</p>`;
}

function countLines(text: string, end: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  // A text ending in a newline has no line after it.
  if (end > 0 && text[end - 1] === '\n') n--;
  return n;
}

/**
 * JSON.stringify with 2 spaces, falling back to one line when the printout would pass V8's
 * longest string (~512 MB), and to a message when even that does.
 */
function stringifyWhole(value: object): string {
  for (const indent of [2, 0]) {
    try {
      return JSON.stringify(value, null, indent) ?? '';
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  return '"This example is too large to be written out."';
}

function fileStem(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'example'
  );
}

/**
 * A smaller value of the same shape, for a code sample's request body: arrays keep their first
 * items, strings their start, objects their first keys, shrinking until the JSON (2 spaces)
 * fits in `maxChars`. Nine languages each embed the body; a 5 MB one made 45 MB of samples.
 */
export function shortenValue(value: unknown, maxChars: number): unknown {
  for (const [items, chars, keys] of [[3, 200, 50], [2, 80, 20], [1, 40, 10], [1, 20, 5]]) {
    const short = shrink(value, { items, chars, keys }, 0);
    if (jsonHead(short, { indent: 2, maxChars }).complete) return short;
  }
  return Array.isArray(value) ? [] : value !== null && typeof value === 'object' ? {} : null;
}

function shrink(value: unknown, limits: { items: number; chars: number; keys: number }, depth: number): unknown {
  if (typeof value === 'string') return value.length > limits.chars ? `${value.slice(0, limits.chars)}…` : value;
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (depth >= 8) return Array.isArray(value) ? [] : {};
  if (Array.isArray(value)) return value.slice(0, limits.items).map((item) => shrink(item, limits, depth + 1));
  return Object.fromEntries(
    Object.keys(value)
      .slice(0, limits.keys)
      .map((key) => [key, shrink((value as Record<string, unknown>)[key], limits, depth + 1)]),
  );
}

