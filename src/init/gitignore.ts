// The .gitignore side of `docsgen init`: the output folder and docsgen's cache are appended when
// missing. Existing lines are never changed or re-ordered, and a line that already ignores the
// same folder in another spelling (`build`, `/build/`) counts as present.

export function gitignoreEntries(outDir: string): string[] {
  return [`${outDir.replace(/\/+$/, '')}/`, '.docsgen/'];
}

export interface GitignoreMerge {
  /** The new text, or undefined when every entry is there. */
  text: string | undefined;
  added: string[];
}

export function mergeGitignore(existing: string | undefined, entries: string[]): GitignoreMerge {
  const text = existing ?? '';
  const present = new Set(text.split(/\r?\n/).map(normalise));
  const added = entries.filter((e) => !present.has(normalise(e)));
  if (added.length === 0) return { text: undefined, added };
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lead = text === '' || text.endsWith('\n') ? '' : eol;
  const heading = `# docsgen: the built site and its cache${eol}`;
  return { text: `${text}${lead}${text === '' ? '' : eol}${heading}${added.join(eol)}${eol}`, added };
}

/** `/build/`, `build/`, `/build` and `build` ignore the same folder at the root. */
const normalise = (line: string) => line.trim().replace(/^\//, '').replace(/\/$/, '');
