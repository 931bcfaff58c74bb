// What `docsgen init` needs to know (title, where the site is published, which spec) and the
// defaults it proposes for each: pure functions, so the questions on a terminal and the flags
// elsewhere end up in the same InitAnswers.

/** Where the new site's spec comes from. `file` is relative to the project folder, `/`-separated. */
export type SpecSource =
  | { kind: 'sample'; file: string }
  | { kind: 'file'; file: string; copyFrom?: string }
  | { kind: 'url'; url: string };

export interface InitAnswers {
  title: string;
  /** The published address, path included: `https://acme.github.io/widgets/`. */
  siteUrl: string;
  spec: SpecSource;
}

/** The config's `url` (an origin) and `baseUrl` (the path, `/`-terminated) of a published address. */
export function splitSiteUrl(siteUrl: string): { url: string; baseUrl: string } {
  const parsed = new URL(siteUrl);
  const path = parsed.pathname.replace(/\/+$/, '');
  return { url: parsed.origin, baseUrl: `${path}/` };
}

/** Why a published address cannot be used, or undefined when it can. */
export function checkSiteUrl(siteUrl: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(siteUrl);
  } catch {
    return `"${siteUrl}" is not a URL; give the address the site will be published at, e.g. https://docs.example.com or https://you.github.io/project/.`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `"${siteUrl}" is not an http(s) address.`;
  if (parsed.search || parsed.hash) return `"${siteUrl}" has a query or a fragment; give the address of the site's home page.`;
  return undefined;
}

/** A title from the project's package name or folder: `acme-widgets` → `Acme Widgets`. */
export function defaultTitle(name: string): string {
  const words = name
    .replace(/^@[^/]+\//, '')
    .split(/[-_.\s]+/)
    .filter(Boolean);
  if (words.length === 0) return 'API documentation';
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
}

/**
 * The GitHub Pages address of a repository whose `origin` is on github.com, since the workflow
 * init writes publishes there: `git@github.com:acme/widgets.git` → `https://acme.github.io/widgets/`
 * (a `<owner>.github.io` repository is served at the root).
 */
export function githubPagesUrl(remote: string): string | undefined {
  const m = /github\.com[:/]([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$/.exec(remote.trim());
  if (!m) return undefined;
  const owner = m[1].toLowerCase();
  const repo = m[2];
  return repo.toLowerCase() === `${owner}.github.io` ? `https://${owner}.github.io/` : `https://${owner}.github.io/${repo}/`;
}

/** The `url` of `[remote "origin"]` in a `.git/config` text. */
export function originUrl(gitConfig: string): string | undefined {
  const section = /\[remote "origin"\]([^[]*)/.exec(gitConfig);
  return section ? /^\s*url\s*=\s*(.+)$/m.exec(section[1])?.[1].trim() : undefined;
}

/** The branch a `.git/HEAD` text names, unless HEAD is detached. */
export function headBranch(head: string): string | undefined {
  return /^ref: refs\/heads\/(.+)$/m.exec(head)?.[1].trim();
}

export const FALLBACK_SITE_URL = 'https://docs.example.com/';

/** Whether a spec answer is a URL rather than a file path. */
export const isSpecUrl = (spec: string) => /^https?:\/\//i.test(spec);
