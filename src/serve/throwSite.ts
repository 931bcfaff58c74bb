// Where a template threw, as a file and line an author can open. docsgen runs from one compiled
// bundle (bin/compile.js), so a stack names chunk-XXXX.mjs; the bundle carries an inline source
// map, read here with node:module's SourceMap to get back to templates/…/X.tsx. Only used when a
// page failed to render, so nothing is read on the good path.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ThrowSite {
  /** Absolute path. */
  file: string;
  line: number;
  column: number;
  lineText?: string;
}

const FRAME = /(?:\(|\s)((?:file:\/\/)?\/[^\s()]+?):(\d+):(\d+)\)?\s*$/;
const maps = new Map<string, SourceMap | null>();

/**
 * The first frame of `stack` in code an author or a theme wrote: not React, not Node, not
 * docsgen's own render stage. Frames in a bundle are mapped to their source first.
 */
export function throwSite(stack: string | undefined): ThrowSite | undefined {
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const m = FRAME.exec(line);
    if (!m) continue;
    const generated = { file: m[1].startsWith('file://') ? fileURLToPath(m[1]) : m[1], line: Number(m[2]), column: Number(m[3]) };
    const site = /\.[cm]?js$/.test(generated.file) ? (mapThroughSourceMap(generated) ?? generated) : generated;
    if (isMachinery(site.file)) continue;
    if (!fs.existsSync(site.file)) continue;
    return { ...site, lineText: fs.readFileSync(site.file, 'utf8').split(/\r?\n/)[site.line - 1] };
  }
  return undefined;
}

function isMachinery(file: string): boolean {
  const parts = file.split(path.sep);
  return file.startsWith('node:') || parts.includes('node_modules') || /(^|\/)src\/render\/render(Pages|Site)\.ts$/.test(file.split(path.sep).join('/'));
}

function mapThroughSourceMap(frame: { file: string; line: number; column: number }): { file: string; line: number; column: number } | undefined {
  let map = maps.get(frame.file);
  if (map === undefined) {
    map = readInlineMap(frame.file);
    maps.set(frame.file, map);
  }
  if (!map) return undefined;
  const entry = map.findEntry(frame.line - 1, frame.column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
  if (!entry.originalSource || entry.originalLine === undefined) return undefined;
  const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(frame.file), entry.originalSource);
  return { file: source, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
}

function readInlineMap(file: string): SourceMap | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const m = /\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,([A-Za-z0-9+/=]+)\s*$/.exec(text);
    return m ? new SourceMap(JSON.parse(Buffer.from(m[1], 'base64').toString('utf8'))) : null;
  } catch {
    return null;
  }
}
