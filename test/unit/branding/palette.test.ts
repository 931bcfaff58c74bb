// The palette one primary colour makes, and its contrast warnings. Each expectation is a WCAG
// ratio computed here (./wcag.ts), or a colour given in the test: never one the palette computed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastProblems, derivePalette, formatRatio, paletteCss, DARK_BG, LIGHT_BG } from '../../../src/branding/palette';
import { repoRoot } from '../../helpers/fixture';
import { hue, wcagContrast } from './wcag';

const tokens = fs.readFileSync(path.join(repoRoot, 'templates/styles/00-tokens.css'), 'utf8');
/** The body of the light (`:root, [data-theme='light']`) or dark block of 00-tokens.css. */
const themeBlock = (mode: 'light' | 'dark') => new RegExp(`\\[data-theme='${mode}'\\] \\{([^}]*)\\}`).exec(tokens)![1];
const tokenValue = (mode: 'light' | 'dark', name: string) => new RegExp(`${name}: ([^;]+);`).exec(themeBlock(mode))?.[1];

const BRANDS = ['#2563eb', '#0c7167', '#7c3aed', '#be123c', '#0f172a', '#15803d'];

describe('branding/palette', () => {
  it('is made for the theme’s own backgrounds and replaces tokens the theme defines in both modes', () => {
    expect(tokenValue('light', '--c-bg')).toBe(LIGHT_BG);
    expect(tokenValue('dark', '--c-bg')).toBe(DARK_BG);
    const palette = derivePalette('#2563eb');
    for (const mode of ['light', 'dark'] as const) {
      for (const name of Object.keys(palette[mode])) expect(tokenValue(mode, name), `${name} in ${mode} mode`).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('keeps the brand colour as given in light mode: links, buttons and the built-in logo', () => {
    const { light } = derivePalette('#2563EB');
    expect(light['--c-accent']).toBe('#2563eb');
    expect(light['--c-logo']).toBe('#2563eb');
  });

  it('lightens it for dark mode, keeping its hue, until links read well on the dark background', () => {
    for (const brand of BRANDS) {
      const { dark } = derivePalette(brand);
      expect(wcagContrast(dark['--c-accent'], '#0e1318'), brand).toBeGreaterThanOrEqual(7);
      if (wcagContrast(brand, '#0e1318') < 7) expect(wcagContrast(dark['--c-accent'], '#ffffff'), brand).toBeLessThan(wcagContrast(brand, '#ffffff'));
      if (brand !== '#0f172a') expect(Math.abs(hue(dark['--c-accent']) - hue(brand)), brand).toBeLessThan(3);
    }
  });

  it('gives hover shades darker in light mode and lighter in dark mode', () => {
    for (const brand of BRANDS) {
      const { light, dark } = derivePalette(brand);
      expect(wcagContrast(light['--c-accent-hover'], '#ffffff'), brand).toBeGreaterThan(wcagContrast(brand, '#ffffff'));
      expect(wcagContrast(dark['--c-accent-hover'], '#0e1318'), brand).toBeGreaterThan(wcagContrast(dark['--c-accent'], '#0e1318'));
    }
  });

  it('puts readable text on every colour it derives: AA 4.5:1 for text, 3:1 for the focus ring', () => {
    for (const brand of BRANDS) {
      for (const [mode, bg] of [['light', '#ffffff'], ['dark', '#0e1318']] as const) {
        const p = derivePalette(brand)[mode];
        const at = `${brand} ${mode}`;
        expect(wcagContrast(p['--c-on-accent'], p['--c-accent']), at).toBeGreaterThanOrEqual(4.5);
        expect(wcagContrast(p['--c-accent-soft-text'], p['--c-accent-soft']), at).toBeGreaterThanOrEqual(4.5);
        expect(wcagContrast(p['--c-announce-text'], p['--c-announce-bg']), at).toBeGreaterThanOrEqual(4.5);
        expect(wcagContrast(p['--c-focus'], bg), at).toBeGreaterThanOrEqual(3);
        // The tint is a background: close to the page's, far from the text.
        expect(wcagContrast(p['--c-accent-soft'], bg), at).toBeLessThan(2);
      }
      expect(contrastProblems(derivePalette(brand)), brand).toEqual([]);
    }
  });

  it('chooses white or dark text on a button, whichever reads better', () => {
    expect(derivePalette('#2563eb').light['--c-on-accent']).toBe('#ffffff'); // 5.1:1 against 3.4:1 for #0f1722
    expect(derivePalette('#ffb020').light['--c-on-accent']).toBe('#0f1722'); // 1.8:1 against 9.8:1
  });

  it('names each pair below WCAG AA with its ratio: a light blue makes link text 1.6:1 on white', () => {
    const problems = contrastProblems(derivePalette('#9ad0ff'));
    expect(problems.map((p) => [p.mode, p.pair, p.token, formatRatio(p.ratio), p.minimum])).toEqual([['light', 'link text on the light background', '--c-accent', '1.6:1', 4.5]]);
    expect(problems[0].ratio).toBeCloseTo(wcagContrast('#9ad0ff', '#ffffff'), 6);
    // Yellow fails on white for links, and its focus ring is darkened to pass.
    const yellow = contrastProblems(derivePalette('#ffdd00'));
    expect(yellow.map((p) => p.pair)).toEqual(['link text on the light background']);
    expect(formatRatio(yellow[0].ratio)).toBe(`${Math.floor(wcagContrast('#ffdd00', '#ffffff') * 10) / 10}:1`);
  });

  it('cuts ratios to one decimal rather than rounding, so a failing 4.48 never reads 4.5', () => {
    expect(formatRatio(4.48)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21:1');
    expect(formatRatio(1.6354)).toBe('1.6:1');
  });

  it('writes the tokens under the theme’s selectors', () => {
    const css = paletteCss(derivePalette('#2563eb'));
    expect(css).toContain(":root,\n[data-theme='light'] {\n  --c-accent: #2563eb;\n");
    expect(css).toMatch(/\[data-theme='dark'\] \{\n {2}--c-accent: #[0-9a-f]{6};\n/);
  });
});
