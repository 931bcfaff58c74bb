// Where a link in a spec description is written in the spec file. The openapi stage knows a
// description by its JSON pointer only; the report shows the file's line and column with the
// line beneath, found by looking for the markdown link `](target` in the file's text (or the
// raw HTML `href="target"`).
import fs from 'node:fs';
import type { Location } from '../diagnostics/diagnostic';
import type { SiteLink } from './check';

/** The link's line and column in its spec file; its location as it was when the file cannot be read (a URL spec) or the link is not found. */
export function locateSpecLink(link: SiteLink, lines = readLines(link.location.file)): Location {
  if (!lines) return link.location;
  for (const [needle, offset] of [[`](${link.raw}`, 2], [`href="${link.raw}"`, 6], [`href=\\"${link.raw}\\"`, 7], [`href='${link.raw}'`, 6]] as const) {
    for (let i = 0; i < lines.length; i++) {
      const col = lines[i].indexOf(needle);
      if (col !== -1) return { file: link.location.file, line: i + 1, column: col + offset + 1, lineText: lines[i] };
    }
  }
  return link.location;
}

export function readLines(file: string): string[] | undefined {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').map((l) => l.replace(/\r$/, ''));
  } catch {
    return undefined; // a URL spec: the JSON pointer says where
  }
}
