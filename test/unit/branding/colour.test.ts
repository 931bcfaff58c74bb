// The colour arithmetic behind the branding palette. Contrast ratios are checked against values
// worked out by hand from the WCAG 2 formula (and the published ones: #777 on white is 4.48:1).
import { describe, expect, it } from 'vitest';
import { contrastRatio, fromHsl, mix, normalizeHex, parseHex, relativeLuminance, toHsl, untilContrast, withLightness } from '../../../src/branding/colour';
import { wcagContrast } from './wcag';

describe('branding/colour', () => {
  it('reads #rgb and #rrggbb in any case, and nothing else', () => {
    expect(parseHex('#abc')).toEqual({ r: 170, g: 187, b: 204 });
    expect(parseHex('#0C7167')).toEqual({ r: 12, g: 113, b: 103 });
    expect(parseHex('blue')).toBeUndefined();
    expect(parseHex('#abcd')).toBeUndefined();
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
  });

  it('gives WCAG 2 contrast ratios: 21:1 for black on white, 4.48:1 for #777 on white, either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.478, 3);
    // #9ad0ff by hand: channels 154, 208, 255 → linear 0.32316, 0.63078, 1 → L = 0.59204 → 1.05 / 0.64204.
    expect(relativeLuminance('#9ad0ff')).toBeCloseTo(0.59204, 4);
    expect(contrastRatio('#9ad0ff', '#ffffff')).toBeCloseTo(1.6354, 3);
  });

  it('agrees with an independent implementation of the formula on a spread of colours', () => {
    const colours = ['#0c7167', '#43d1be', '#2563eb', '#ff6600', '#7c3aed', '#0e1318', '#f5f7fa', '#123456'];
    for (const a of colours) for (const b of colours) expect(contrastRatio(a, b)).toBeCloseTo(wcagContrast(a, b), 6);
  });

  it('mixes channel by channel', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#ff0000', '#0000ff', 0)).toBe('#ff0000');
    expect(mix('#ff0000', '#0000ff', 1)).toBe('#0000ff');
    expect(mix('#204060', '#ffffff', 0.25)).toBe('#587088'); // 32+55.75, 64+47.75, 96+39.75
  });

  it('converts to HSL and back, and changes lightness only', () => {
    expect(toHsl('#ff0000')).toEqual({ h: 0, s: 100, l: 50 });
    expect(toHsl('#808080')).toEqual({ h: 0, s: 0, l: (128 / 255) * 100 });
    expect(fromHsl({ h: 120, s: 100, l: 25 })).toBe('#008000');
    expect(withLightness('#ff0000', 25)).toBe('#800000');
    expect(withLightness('#ff0000', 150)).toBe('#ffffff');
  });

  it('lightens or darkens to the first lightness that reaches a contrast', () => {
    const darkBg = '#0e1318';
    const lighter = untilContrast('#0c7167', darkBg, 7, 'up');
    expect(wcagContrast(lighter, darkBg)).toBeGreaterThanOrEqual(7);
    expect(toHsl(lighter).h).toBeCloseTo(toHsl('#0c7167').h, 0);
    // One lightness point less falls short: it stops at the first that passes.
    expect(wcagContrast(withLightness(lighter, toHsl(lighter).l - 1), darkBg)).toBeLessThan(7);
    const darker = untilContrast('#9ad0ff', '#ffffff', 4.5, 'down');
    expect(wcagContrast(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(toHsl(darker).l).toBeLessThan(toHsl('#9ad0ff').l);
    // A colour that passes already is kept.
    expect(untilContrast('#000000', '#ffffff', 4.5, 'down')).toBe('#000000');
  });
});
