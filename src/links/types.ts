// The options and result of `check-links` (programmatic: `checkSiteLinks()`).
import type { InlineConfig } from '../config/types';
import type { Policy } from '../diagnostics/diagnostic';
import type { SpecSource } from '../openapi/load';
import type { LinkDiagnostic } from './check';

export type LinkPolicy = 'onBrokenLinks' | 'onBrokenAnchors' | 'onBrokenMarkdownLinks' | 'onDuplicateRoutes';

export interface CheckLinksOptions extends InlineConfig {
  /** Check this existing output folder instead of the sources. Relative to the working directory. */
  dir?: string;
  /** Override the config's policies (the CLI's `--on-…` flags). */
  policies?: Partial<Record<LinkPolicy, Policy>>;
  /** Fetch external links too: `true`, or options. Off by default. */
  external?: boolean | ExternalCheckOptions;
  /** Spec warnings are errors. */
  strict?: boolean;
  specSource?: SpecSource;
}

export interface ExternalCheckOptions {
  /** Requests in flight at once. @default 8 */
  concurrency?: number;
  /** Per attempt, in milliseconds. @default 10000 */
  timeoutMs?: number;
  /** Extra attempts after a network error, a timeout, 408, 429 or 5xx. @default 2 */
  retries?: number;
  /** Where results are kept between runs. @default `.docsgen/external-links.json` beside the config */
  cacheFile?: string;
  /** A cached good result is trusted this long, in milliseconds. @default 86400000 (a day) */
  maxAgeMs?: number;
}

export interface LinkReport {
  /** Every problem, sorted by file, line and column. */
  diagnostics: LinkDiagnostic[];
  /** Pages (or HTML files) checked. */
  pages: number;
  /** Internal links checked. */
  links: number;
  /** External links checked (0 unless `external`). */
  externalChecked?: number;
}
