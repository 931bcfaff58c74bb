// One primary colour in, the theme's accent tokens for both colour modes out (README "Branding
// and theming"), and the text/background pairs of that palette that fall below WCAG AA.
// Light mode keeps the brand colour as given (it is the brand); dark mode lightens it until it
// reads well on the dark background, the way the built-in teal does (#0c7167 → #43d1be).
import { contrastRatio, mix, normalizeHex, toHsl, untilContrast, withLightness } from './colour';

/** The page backgrounds the palette is made for: `--c-bg` of templates/styles/00-tokens.css. */
export const LIGHT_BG = '#ffffff';
export const DARK_BG = '#0e1318';
/** The text colours a filled button may take: white, or `--c-heading` of the light theme. */
const WHITE = '#ffffff';
const INK = '#0f1722';

/** WCAG 2 AA: normal text; large text and user-interface parts (a focus ring). */
export const AA_TEXT = 4.5;
export const AA_UI = 3;
/** The dark accent's contrast with the dark background: the built-in one has 9.9:1; 8 keeps a dark brand colour recognisable. */
const DARK_ACCENT_RATIO = 8;

/** The accent tokens of one colour mode, by their CSS custom property. */
export interface ModePalette {
  '--c-accent': string;
  '--c-accent-hover': string;
  '--c-on-accent': string;
  '--c-accent-soft': string;
  '--c-accent-soft-text': string;
  '--c-focus': string;
  '--c-announce-bg': string;
  '--c-announce-text': string;
  '--c-logo': string;
}

export interface Palette {
  light: ModePalette;
  dark: ModePalette;
}

export function derivePalette(primary: string): Palette {
  const brand = normalizeHex(primary);
  const { l } = toHsl(brand);

  const lightSoft = mix(brand, LIGHT_BG, 0.88);
  const lightAnnounce = mix(brand, LIGHT_BG, 0.85);
  const light: ModePalette = {
    '--c-accent': brand,
    '--c-accent-hover': withLightness(brand, l - 10),
    '--c-on-accent': readableOn(brand),
    '--c-accent-soft': lightSoft,
    '--c-accent-soft-text': untilContrast(withLightness(brand, Math.min(l, 30)), lightSoft, AA_TEXT, 'down'),
    '--c-focus': untilContrast(brand, LIGHT_BG, AA_UI, 'down'),
    '--c-announce-bg': lightAnnounce,
    '--c-announce-text': untilContrast(withLightness(brand, Math.min(l, 18)), lightAnnounce, AA_TEXT, 'down'),
    '--c-logo': brand,
  };

  const accent = untilContrast(brand, DARK_BG, DARK_ACCENT_RATIO, 'up');
  const darkSoft = mix(brand, DARK_BG, 0.75);
  const darkAnnounce = mix(brand, DARK_BG, 0.7);
  const dark: ModePalette = {
    '--c-accent': accent,
    '--c-accent-hover': withLightness(accent, toHsl(accent).l + 12),
    '--c-on-accent': readableOn(accent),
    '--c-accent-soft': darkSoft,
    '--c-accent-soft-text': untilContrast(withLightness(accent, Math.max(toHsl(accent).l, 70)), darkSoft, AA_TEXT, 'up'),
    '--c-focus': accent,
    '--c-announce-bg': darkAnnounce,
    '--c-announce-text': untilContrast(mix(brand, WHITE, 0.85), darkAnnounce, AA_TEXT, 'up'),
    '--c-logo': brand,
  };
  return { light, dark };
}

/** White or near-black, whichever reads better on `background`. */
function readableOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(INK, background) ? WHITE : INK;
}

export interface ContrastProblem {
  mode: 'light' | 'dark';
  /** What is read on what, as the warning says it: "link text on the light background". */
  pair: string;
  /** The custom property of the text (or ring) colour, which a custom stylesheet may set instead. */
  token: keyof ModePalette;
  ratio: number;
  minimum: number;
}

/** The pairs of the palette a reader reads, each with the WCAG AA minimum it needs. */
function pairs(palette: Palette): { mode: 'light' | 'dark'; pair: string; token: keyof ModePalette; bg: string; minimum: number }[] {
  return (['light', 'dark'] as const).flatMap((mode) => {
    const p = palette[mode];
    const bg = mode === 'light' ? LIGHT_BG : DARK_BG;
    return [
      { mode, pair: `link text on the ${mode} background`, token: '--c-accent', bg, minimum: AA_TEXT },
      { mode, pair: `button text on the ${mode} primary colour`, token: '--c-on-accent', bg: p['--c-accent'], minimum: AA_TEXT },
      { mode, pair: `active sidebar text on its ${mode} tint`, token: '--c-accent-soft-text', bg: p['--c-accent-soft'], minimum: AA_TEXT },
      { mode, pair: `announcement text on its ${mode} background`, token: '--c-announce-text', bg: p['--c-announce-bg'], minimum: AA_TEXT },
      { mode, pair: `the focus ring on the ${mode} background`, token: '--c-focus', bg, minimum: AA_UI },
    ];
  });
}

/** Every pair below its WCAG AA minimum, light mode first. */
export function contrastProblems(palette: Palette): ContrastProblem[] {
  return pairs(palette)
    .map(({ mode, pair, token, bg, minimum }) => ({ mode, pair, token, ratio: contrastRatio(palette[mode][token], bg), minimum }))
    .filter((p) => p.ratio < p.minimum);
}

/** `1.6:1`: one decimal, cut rather than rounded so that 4.48 never reads as a passing 4.5. */
export function formatRatio(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

/** The palette as CSS that follows the built-in tokens (same selectors, later in the file: it wins). */
export function paletteCss(palette: Palette): string {
  const block = (selector: string, tokens: ModePalette) => `${selector} {\n${Object.entries(tokens).map(([name, value]) => `  ${name}: ${value};`).join('\n')}\n}`;
  return `${block(":root,\n[data-theme='light']", palette.light)}\n\n${block("[data-theme='dark']", palette.dark)}\n`;
}
