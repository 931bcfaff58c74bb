// `favicon`, `navbar.logo` and `branding` of the config file → ResolvedBranding: absolute paths,
// each with the key that named it (for messages); their site paths come later, once
// branding/assets.ts has read and hashed the files.
import path from 'node:path';
import type { BrandAsset, ResolvedBranding, UserConfig } from '../config/types';
import { normalizeHex } from './colour';

export function resolveBranding(user: UserConfig, root: string): ResolvedBranding {
  const asset = (file: string, key: string): BrandAsset => ({ file: path.resolve(root, file), key, path: '' });
  const logo = user.navbar?.logo;
  const fonts = user.branding?.fonts;
  const customCss = user.branding?.customCss;
  const cssList = customCss === undefined ? [] : Array.isArray(customCss) ? customCss : [customCss];
  return {
    ...(logo?.src ? { logo: asset(logo.src, 'navbar.logo.src') } : {}),
    ...(logo?.srcDark ? { logoDark: asset(logo.srcDark, 'navbar.logo.srcDark') } : {}),
    ...(user.favicon ? { favicon: asset(user.favicon, 'favicon') } : {}),
    ...(user.branding?.primaryColor ? { primaryColor: normalizeHex(user.branding.primaryColor) } : {}),
    fonts: {
      ...(fonts?.body ? { body: fonts.body } : {}),
      ...(fonts?.code ? { code: fonts.code } : {}),
      faces: (fonts?.files ?? []).map((face, i) => ({ ...asset(face.src, `branding.fonts.files[${i}].src`), family: face.family, weight: face.weight ?? 'normal', style: face.style ?? 'normal' })),
    },
    customCss: cssList.map((file, i) => asset(file, Array.isArray(customCss) ? `branding.customCss[${i}]` : 'branding.customCss')),
  };
}
