// Colour arithmetic for the branding palette: hex parsing, WCAG 2 contrast, mixing and HSL
// lightness. Pure functions on `#rrggbb` strings, so the palette reads as a list of recipes.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** `#abc` or `#aabbcc` (any case) → channels 0–255; undefined for anything else. */
export function parseHex(hex: string): Rgb | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1];
  return { r: parseInt(digits.slice(0, 2), 16), g: parseInt(digits.slice(2, 4), 16), b: parseInt(digits.slice(4, 6), 16) };
}

export function toHex({ r, g, b }: Rgb): string {
  const channel = (c: number) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** `#ABC` → `#aabbcc`. */
export function normalizeHex(hex: string): string {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a hex colour: ${hex}`);
  return toHex(rgb);
}

const rgbOf = (hex: string): Rgb => {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a hex colour: ${hex}`);
  return rgb;
};

/** WCAG 2 relative luminance (sRGB; the 0.04045 threshold of the sRGB standard, which WCAG 2.2 notes). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = rgbOf(hex);
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 to 21, whichever colour is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `t` of the way from `a` to `b` (0: a, 1: b), channel by channel. */
export function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return toHex({ r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t });
}

export interface Hsl {
  /** 0–360 */
  h: number;
  /** 0–100 */
  s: number;
  /** 0–100 */
  l: number;
}

export function toHsl(hex: string): Hsl {
  const { r, g, b } = rgbOf(hex);
  const [rs, gs, bs] = [r / 255, g / 255, b / 255];
  const max = Math.max(rs, gs, bs);
  const min = Math.min(rs, gs, bs);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l: l * 100 };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rs ? (gs - bs) / d + (gs < bs ? 6 : 0) : max === gs ? (bs - rs) / d + 2 : (rs - gs) / d + 4;
  return { h: h * 60, s: s * 100, l: l * 100 };
}

export function fromHsl({ h, s, l }: Hsl): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return toHex({ r: f(0) * 255, g: f(8) * 255, b: f(4) * 255 });
}

/** The same hue and saturation at HSL lightness `l` (0–100, clamped). */
export function withLightness(hex: string, l: number): string {
  return fromHsl({ ...toHsl(hex), l: Math.min(100, Math.max(0, l)) });
}

/**
 * `hex` made lighter (`up`) or darker one HSL lightness point at a time until its contrast with
 * `against` reaches `ratio`; the last step (white or black) when no lightness reaches it.
 */
export function untilContrast(hex: string, against: string, ratio: number, direction: 'up' | 'down'): string {
  const { l } = toHsl(hex);
  for (let step = 0; step <= 100; step++) {
    const candidate = step === 0 ? hex : withLightness(hex, direction === 'up' ? l + step : l - step);
    if (contrastRatio(candidate, against) >= ratio) return candidate;
  }
  return direction === 'up' ? '#ffffff' : '#000000';
}
