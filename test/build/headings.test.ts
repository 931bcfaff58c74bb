// Screen-reader users navigate by the heading outline; a level that jumps (h2 → h4) reads as a
// missing section. axe's heading-order rule, which Lighthouse's accessibility score includes,
// fails such pages, and the API operation pages once did (the "Response headers" title).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build';
import { createMemoryLogger } from '../../src/diagnostics/logger';
import { listFiles, repoRoot } from '../helpers/fixture';

let out: string;
const load = (file: string) => cheerio.load(fs.readFileSync(path.join(out, file), 'utf8'));

/** Each heading whose level is more than one below the heading before it, as "h2 → h4 Title". */
function headingJumps($: cheerio.CheerioAPI): string[] {
  const jumps: string[] = [];
  let previous = 0;
  $('h1, h2, h3, h4, h5, h6').each((_, el) => {
    const level = Number(el.tagName.slice(1));
    if (previous > 0 && level > previous + 1) jumps.push(`h${previous} → h${level} ${$(el).text().trim()}`);
    previous = level;
  });
  return jumps;
}

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-headings-'));
  await build({ root: repoRoot, outDir: out, logger: createMemoryLogger() });
});

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('heading outline of the shipped site', () => {
  it('never skips a heading level on any page', () => {
    const pages = listFiles(out).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(30);
    for (const file of pages) expect(headingJumps(load(file)), file).toEqual([]);
  });

  it('titles an operation response’s headers one level below the Responses heading', () => {
    const $ = load('api/search-boundaries/index.html');
    const title = $('#response-200 .response-headers-title');
    expect(title.text()).toBe('Response headers');
    expect(title.prop('tagName')).toBe('H3');
    expect(title.next('ul.schema-fields').attr('aria-label')).toBe('Headers of the 200 response');
  });

  it('reports a skipped level, so the whole-site check above cannot pass vacuously', () => {
    expect(headingJumps(cheerio.load('<h1>A</h1><h2>B</h2><h4>Deep</h4><h3>C</h3>'))).toEqual(['h2 → h4 Deep']);
  });
});
