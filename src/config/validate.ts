// Runtime validation of docsgen.config.ts. TypeScript catches mistakes only for people whose
// editor type-checks the file; this catches them for everyone, collecting every issue with its
// dotted path (e.g. `navbar.items[1].positon`) instead of stopping at the first.
import { VERSION_NAME } from '../versions/names';
import { LINT_CODES } from '../lint/rules';

export interface ConfigIssue {
  /** Dotted path of the offending key, e.g. `colorMode.defaultMode`. */
  path: string;
  message: string;
}

type Check = ((value: unknown, path: string, issues: ConfigIssue[]) => void) & { expected: string };

interface Field {
  check: Check;
  required: boolean;
}

/** A value as the message shows it: `null`, `undefined`, `an array`, `the string "x"`, `a number`, `an object`. */
export const describeValue = (v: unknown) =>
  v === null || v === undefined ? String(v) : Array.isArray(v) ? 'an array' : typeof v === 'string' ? `the string ${JSON.stringify(v)}` : `${/^[aeiou]/.test(typeof v) ? 'an' : 'a'} ${typeof v}`;

function typed(name: string, test: (v: unknown) => boolean, extra?: (v: any, path: string, issues: ConfigIssue[]) => void): Check {
  const check = (v: unknown, path: string, issues: ConfigIssue[]) => {
    if (!test(v)) issues.push({ path, message: `expected ${name}, got ${describeValue(v)}` });
    else extra?.(v, path, issues);
  };
  return Object.assign(check, { expected: name });
}

export const string = (rule?: { pattern: RegExp; expected: string }): Check =>
  typed('a string', (v) => typeof v === 'string', (v: string, path, issues) => {
    if (rule && !rule.pattern.test(v)) issues.push({ path, message: `expected ${rule.expected}, got ${JSON.stringify(v)}` });
  });
export const boolean = (): Check => typed('a boolean (true or false)', (v) => typeof v === 'boolean');
export const integer = (min: number, max: number): Check =>
  typed(`an integer from ${min} to ${max}`, (v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max);
export const oneOf = (...values: string[]): Check =>
  typed(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`, (v) => typeof v === 'string' && values.includes(v));
export const arrayOf = (item: Check): Check =>
  typed('an array', Array.isArray, (v: unknown[], path, issues) => v.forEach((x, i) => item(x, `${path}[${i}]`, issues)));
/** One item, or a non-empty list of them. */
export const oneOrMany = (item: Check): Check =>
  Object.assign(
    (v: unknown, path: string, issues: ConfigIssue[]) => (Array.isArray(v) ? (v.length === 0 ? issues.push({ path, message: `expected ${item.expected} or a non-empty list of them, got an empty array` }) : arrayOf(item)(v, path, issues)) : item(v, path, issues)),
    { expected: `${item.expected} or a list of them` },
  );
export const recordOf = (item: Check): Check =>
  typed('an object', isPlainObject, (v: Record<string, unknown>, path, issues) => {
    for (const [k, x] of Object.entries(v)) item(x, `${path}.${k}`, issues);
  });

export const required = (check: Check): Field => ({ check, required: true });
export const optional = (check: Check): Field => ({ check, required: false });

export const object = (fields: Record<string, Field>): Check =>
  typed('an object', isPlainObject, (v: Record<string, unknown>, path, issues) => {
    const at = (k: string) => (path ? `${path}.${k}` : k);
    for (const [key, value] of Object.entries(v)) {
      const field = fields[key];
      if (!field) {
        const guess = closest(key, Object.keys(fields));
        issues.push({ path: at(key), message: `is not a known option${guess ? `; did you mean "${guess}"?` : ''}` });
      } else if (value !== undefined) {
        field.check(value, at(key), issues);
      }
    }
    for (const [key, field] of Object.entries(fields)) {
      if (field.required && v[key] === undefined) issues.push({ path: at(key), message: `is required but missing (expected ${field.check.expected})` });
    }
  });

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The known key within edit distance 2 of a misspelt one, if any. */
export function closest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

const policy = () => oneOf('throw', 'warn', 'ignore');
const link = { label: required(string()), to: optional(string({ pattern: /^\//, expected: 'a site path starting with "/"' })), href: optional(string()) };

export /** One API reference (`openapi`, or each item of a list of them). */
const openapi = object({
  id: optional(string({ pattern: /^[a-z0-9][a-z0-9-]*$/, expected: 'lower-case letters, digits and dashes' })),
  label: optional(string()),
  route: optional(string({ pattern: /^\/[^?#]*[^/?#]$/, expected: 'a site path starting with "/", e.g. "/api/tiles"' })),
  spec: required(string()),
  downloadUrl: optional(string({ pattern: /^https?:\/\//, expected: 'an absolute http(s) URL' })),
  timeoutMs: optional(integer(1, 600_000)),
  schemaDepth: optional(integer(1, 50)),
  tagsWithoutSidebar: optional(arrayOf(string())),
  linkBase: optional(string({ pattern: /^https?:\/\/[^/]/, expected: 'an absolute http(s) URL' })),
  onBrokenSpecLinks: optional(policy()),
  tryIt: optional(
    object({
      enabled: required(boolean()),
      proxyUrl: optional(string({ pattern: /^https?:\/\/[^/]/, expected: 'an absolute http(s) URL the target URL is appended to, e.g. "https://proxy.example.com/?url="' })),
      servers: optional(arrayOf(object({ url: required(string({ pattern: /^https?:\/\/[^/]/, expected: 'an absolute http(s) URL' })), description: optional(string()) }))),
    }),
  ),
});

/** A version of `versions.list`: its name, or an object with its name, label and spec. */
const versionEntry = (): Check => {
  const name = string({ pattern: VERSION_NAME, expected: 'a version name of letters, digits, ".", "_" and "-" (it becomes a URL segment and a folder name)' });
  const shape = object({ name: required(name), label: optional(string()), spec: optional(string()) });
  return Object.assign((v: unknown, path: string, issues: ConfigIssue[]) => (typeof v === 'string' ? name(v, path, issues) : shape(v, path, issues)), { expected: `a version name or ${shape.expected}` });
};

/** `false`, or what `check` accepts (home.quickStart). */
const falseOr = (check: Check): Check =>
  Object.assign((v: unknown, path: string, issues: ConfigIssue[]) => (v === false ? undefined : typeof v === 'boolean' ? issues.push({ path, message: `expected false or ${check.expected}, got true` }) : check(v, path, issues)), {
    expected: `false or ${check.expected}`,
  });
/** A home page link needs a place to go: `to` (a site path) or `href` (a URL). */
const homeLink = (fields: Record<string, Field>): Check => {
  const shape = object(fields);
  return Object.assign(
    (v: unknown, path: string, issues: ConfigIssue[]) => {
      const before = issues.length;
      shape(v, path, issues);
      const link = v as { to?: unknown; href?: unknown };
      if (issues.length === before && link.to === undefined && link.href === undefined) issues.push({ path, message: 'needs "to" (a site path) or "href" (a URL)' });
    },
    { expected: shape.expected },
  );
};
const home = object({
  hero: optional(object({ title: optional(string()), tagline: optional(string()), actions: optional(arrayOf(homeLink(link))) })),
  features: optional(arrayOf(object({ title: required(string()), body: required(string()), to: link.to, href: link.href }))),
  quickStart: optional(
    falseOr(
      object({
        title: optional(string()),
        description: optional(string()),
        code: required(string()),
        language: required(string()),
        response: optional(string()),
        responseLanguage: optional(string()),
        to: link.to,
      }),
    ),
  ),
});

/** A project file of one of these extensions, relative to the config (src/branding/assets.ts copies it). */
const fileOf = (what: string, extensions: string[]) =>
  string({ pattern: new RegExp(`\\.(${extensions.join('|')})$`, 'i'), expected: `${what} (${extensions.map((e) => `.${e}`).join(', ')}) relative to the config` });
const imageFile = () => fileOf('an image file', ['svg', 'png', 'jpg', 'jpeg', 'webp', 'gif', 'avif']);
// Font lists go into the stylesheet as they are: nothing that could end the declaration, and only closed quotes.
const fontList = () => string({ pattern: /^(?:[^;{}<>\\\n'"]|'[^'\n]*'|"[^"\n]*")+$/, expected: `a CSS font-family list, e.g. "'Inter', system-ui, sans-serif" (closed quotes; no ; { } < > or \\)` });
const branding = object({
  primaryColor: optional(string({ pattern: /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, expected: 'a hex colour like "#4f46e5" or "#44e"' })),
  fonts: optional(
    object({
      body: optional(fontList()),
      code: optional(fontList()),
      files: optional(
        arrayOf(
          object({
            family: required(string({ pattern: /^[A-Za-z0-9][A-Za-z0-9 _-]*$/, expected: 'a font family name of letters, digits, spaces, "_" and "-"' })),
            src: required(fileOf('a font file', ['woff2', 'woff', 'ttf', 'otf'])),
            weight: optional(string({ pattern: /^(?:normal|bold|[1-9]00(?: [1-9]00)?)$/, expected: 'a font weight like "400", "bold" or a range "100 900"' })),
            style: optional(oneOf('normal', 'italic')),
          }),
        ),
      ),
    }),
  ),
  customCss: optional(oneOrMany(fileOf('a stylesheet', ['css']))),
});

const configSchema = object({
  title: required(string()),
  tagline: optional(string()),
  version: optional(string()),
  titleDelimiter: optional(string()),
  url: required(string({ pattern: /^https?:\/\/[^/]+$/, expected: 'an origin like "https://docs.example.com" (no path; put the path in baseUrl)' })),
  baseUrl: optional(string({ pattern: /^\/(.*\/)?$/, expected: 'a path that starts and ends with "/"' })),
  trailingSlash: optional(boolean()),
  favicon: optional(fileOf('an icon file', ['svg', 'png', 'ico'])),
  i18n: optional(object({ defaultLocale: required(string()), locales: required(arrayOf(string())), localeConfigs: optional(recordOf(object({ label: required(string()) }))) })),
  contentDir: optional(string()),
  outDir: optional(string()),
  navbar: optional(
    object({
      title: optional(string()),
      logo: optional(object({ alt: required(string()), src: optional(imageFile()), srcDark: optional(imageFile()), href: optional(string({ pattern: /^(?:\/|https?:\/\/)/, expected: 'a site path starting with "/" or an http(s) URL' })) })),
      hideOnScroll: optional(boolean()),
      items: optional(
        arrayOf(
          object({
            type: optional(oneOf('link', 'search', 'colorMode', 'localeDropdown', 'versionDropdown')),
            position: optional(oneOf('left', 'right')),
            activeBasePath: optional(string()),
            ...link,
            label: optional(string()),
          }),
        ),
      ),
    }),
  ),
  footer: optional(object({ copyright: required(string()), links: optional(arrayOf(object(link))) })),
  announcementBar: optional(
    object({ id: required(string()), content: required(string()), isCloseable: optional(boolean()), backgroundColor: optional(string()), textColor: optional(string()) }),
  ),
  branding: optional(branding),
  colorMode: optional(object({ defaultMode: optional(oneOf('light', 'dark')), respectPrefersColorScheme: optional(boolean()), disableSwitch: optional(boolean()) })),
  home: optional(home),
  onBrokenLinks: optional(policy()),
  onBrokenMarkdownLinks: optional(policy()),
  onBrokenAnchors: optional(policy()),
  themeDir: optional(string()),
  onDuplicateRoutes: optional(policy()),
  lint: optional(object({ rules: optional(object(Object.fromEntries(LINT_CODES.map((code) => [code, optional(policy())])))) })),
  openapi: optional(oneOrMany(openapi)),
  versions: optional(
    object({
      current: optional(object({ label: optional(string()) })),
      lastVersion: optional(string()),
      noIndex: optional(boolean()),
      menu: optional(boolean()),
      list: optional(arrayOf(versionEntry())),
    }),
  ),
  redirects: optional(arrayOf(object({ from: required(string({ pattern: /^\/(?!(?:.*\/)?\.\.?(?:\/|$))[^?#\s]*$/, expected: 'a site path starting with "/", without "." or ".." segments, "?" or "#"' })), to: required(string({ pattern: /^(\/|https?:\/\/)/, expected: 'a site path starting with "/" or an http(s) URL' })) }))),
  llms: optional(
    object({
      enabled: optional(boolean()),
      include: optional(arrayOf(string({ pattern: /^\//, expected: 'a route prefix or glob starting with "/"' }))),
      exclude: optional(arrayOf(string({ pattern: /^\//, expected: 'a route prefix or glob starting with "/"' }))),
    }),
  ),
  search: optional(
    object({
      language: optional(arrayOf(string())),
      stopWords: optional(boolean()),
      maxResults: optional(integer(1, 50)),
      contextLength: optional(integer(10, 500)),
      searchBar: optional(boolean()),
      searchPage: optional(boolean()),
      highlightTermsOnTargetPage: optional(boolean()),
      keyboardShortcut: optional(boolean()),
      hashed: optional(boolean()),
      routes: optional(arrayOf(string({ pattern: /^\//, expected: 'a route prefix starting with "/"' }))),
      shardAbovePages: optional(integer(0, 10_000_000)),
    }),
  ),
});

/** Every problem with a loaded config object, in the order the keys appear. */
export function validateConfig(config: unknown): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  configSchema(config, '', issues);
  if (issues.length === 0) issues.push(...apiListIssues((config as { openapi?: unknown }).openapi));
  return issues;
}

/** Several specs: each needs an id, and no two may share an id or a route. */
function apiListIssues(list: unknown): ConfigIssue[] {
  if (!Array.isArray(list) || list.length < 2) return [];
  const issues: ConfigIssue[] = [];
  const ids = new Map<string, number>();
  const routes = new Map<string, number>();
  list.forEach((api: { id?: string; route?: string }, i) => {
    if (api.id === undefined) issues.push({ path: `openapi[${i}].id`, message: 'is required when openapi lists several specs: it names the folder of their pages, e.g. "boundaries" for /api/boundaries/' });
    else if (ids.has(api.id)) issues.push({ path: `openapi[${i}].id`, message: `"${api.id}" is also the id of openapi[${ids.get(api.id)}]; each spec needs its own` });
    else ids.set(api.id, i);
    const route = api.route ?? (api.id === undefined ? undefined : `/api/${api.id}`);
    if (route !== undefined && routes.has(route)) issues.push({ path: `openapi[${i}].route`, message: `${route} is also the route of openapi[${routes.get(route)}]` });
    else if (route !== undefined) routes.set(route, i);
  });
  return issues;
}
