// The spec as a file of the site, for its download link. A configured `downloadUrl` is the
// public address of the configured spec; a site built from another spec (`--spec`, or
// `build({ spec })`) or with no download link configured links to a copy of the very text it
// was built from, so the link never offers a different API than the pages describe. A spec split
// into files (`$ref: ./schemas/parcel.yaml`) is copied as one file, its references bundled in:
// the files it names are not pages of the site, and a reader's tools could not follow them.
import { dump as dumpYaml } from 'js-yaml';
import type { ResolvedConfig, ResolvedOpenApi } from '../config/types';
import { withBase } from '../shared/url';

export interface SpecCopy {
  /** Site-relative output file: `openapi.yaml`, `openapi.json`, or with several APIs `openapi-<id>.yaml`; an older version's under its segment (`2025-06/openapi.yaml`). */
  file: string;
  /** What the download link points at: the file under baseUrl. */
  url: string;
  /** The spec's text as it was read (from the file or the URL), unchanged; a split spec's bundled document. */
  text: string;
}

/**
 * The copy to write, or undefined when the configured download link stands. `bundled`: the
 * document with the other files its `$ref`s named bundled in, for a split spec; written in the
 * main file's format instead of its text.
 */
export function specCopy(config: Pick<ResolvedConfig, 'baseUrl' | 'apis'> & { versionSegment?: string }, settings: ResolvedOpenApi, spec: { source: string; text: string }, bundled?: unknown): SpecCopy | undefined {
  if (settings.downloadUrl !== '') return undefined;
  const format = isJson(spec) ? 'json' : 'yaml';
  // An older version's spec beside its search index: `2025-06/openapi.yaml`.
  const dir = config.versionSegment ? `${config.versionSegment}/` : '';
  const file = dir + (config.apis.length > 1 ? `openapi-${settings.id}.${format}` : `openapi.${format}`);
  const text = bundled === undefined ? spec.text : format === 'json' ? `${JSON.stringify(bundled, null, 2)}\n` : dumpYaml(bundled, { noRefs: true, lineWidth: -1 });
  return { file, url: withBase(config.baseUrl, `/${file}`), text };
}

/**
 * The format the spec was read in: JSON by its file extension, or (a URL, or a file named
 * otherwise) by its first character. YAML's flow style can open with `{` too, but a YAML file
 * is named .yaml/.yml, which wins.
 */
function isJson(spec: { source: string; text: string }): boolean {
  const extension = /\.(json|ya?ml)$/i.exec(spec.source.replace(/[?#].*$/, ''))?.[1].toLowerCase();
  if (extension) return extension === 'json';
  return /^\s*[{[]/.test(spec.text.slice(0, 256));
}
