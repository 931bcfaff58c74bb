import { describe, expect, it } from 'vitest';
import { lintGuide, where } from './helpers';

describe('lint/guides', () => {
  it('passes JSON that parses, headings in order, images with alt text', () => {
    const body = ['## Request', '', '```json', '{ "zone": 1 }', '```', '', '### Fields', '', '![A map of zones](map.png)', '', '<img src="x.png" alt="">', ''].join('\n');
    expect(where(lintGuide(body))).toEqual([]);
  });

  it('guide-json-invalid: at the line and column where the JSON stops parsing, after the front matter', () => {
    const body = ['Intro.', '', '```json', '{', '  "zone": 1,', '  "name": }', '```', ''].join('\n');
    // The body starts on line 4 of the file (three lines of front matter).
    const found = lintGuide(body, 3);
    expect(where(found)).toEqual(['guide-json-invalid 9:11']);
    expect(found[0].location?.lineText).toBe('  "name": }');
  });

  it('guide-heading-skip: an h4 after an h2, and an h3 first (the page title is the h1)', () => {
    expect(where(lintGuide(['## Start', '', '#### Too deep', ''].join('\n')))).toEqual(['guide-heading-skip 3:1']);
    expect(where(lintGuide(['### First', ''].join('\n')))).toEqual(['guide-heading-skip 1:1']);
  });

  it('guide-image-alt: a markdown image with empty brackets and an <img> without alt', () => {
    const found = lintGuide(['Text ![](map.png) text.', '', '<p><img src="x.png"></p>', ''].join('\n'));
    expect(where(found)).toEqual(['guide-image-alt 1:6', 'guide-image-alt 3:4']);
  });

  it('guide-image-alt: not for an <img> a comment hides, nor for one the text ends inside; at once for a long run of them', () => {
    const body = ['<div>', '<!-- <img src="old.png"> -->', '<img src="new.png" title="a > b">', '</div>', '', '<div>', `${'<img '.repeat(80_000)}`, ''].join('\n');
    const start = performance.now();
    expect(where(lintGuide(body))).toEqual(['guide-image-alt 3:1']);
    // 400 KB of `<img ` took 11 s, growing with the square of the length.
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  it('guide-image-alt: finds an image by reference, in a table, a quote and a link, and none in code or after a backslash', () => {
    const body = [
      'The layers: ![][zones] and ![Zones][zones].', // 1
      '',
      '| Map | Key |',
      '|---|---|',
      '| ![](tiles.png) | <IMG SRC="key.png"> |', // 5
      '',
      '> ![](quoted.png)', // 7
      '',
      '[![](badge.svg)](https://status.propdata.example)', // 9
      '',
      'Not images: `![](code.png)` and \\![](escaped.png).',
      '',
      '[zones]: zones.png',
      '',
    ].join('\n');
    expect(where(lintGuide(body))).toEqual(['guide-image-alt 1:13', 'guide-image-alt 5:3', 'guide-image-alt 5:20', 'guide-image-alt 7:3', 'guide-image-alt 9:2']);
  });
});
