// The branding files (logo, favicon, font files, custom CSS) get content-hashed site paths under
// /assets/brand/, so a host can cache them forever like the stylesheet. A file that is missing is
// a config error at the key that names it, found when the config loads (before any work).
import fs from 'node:fs';
import path from 'node:path';
import type { BrandAsset, ResolvedBranding } from '../config/types';
import { fileContentHash } from '../output/hash';

/** Every file the branding names, in config order. */
export function brandAssets(branding: ResolvedBranding): BrandAsset[] {
  return [branding.logo, branding.logoDark, branding.favicon, ...branding.fonts.faces, ...branding.customCss].filter((a): a is BrandAsset => a !== undefined);
}

/** `Logo Dark.SVG` with hash `3f2a…` → `/assets/brand/logo-dark.3f2a….svg`. */
export function brandPath(file: string, hash: string): string {
  const ext = path.extname(file).toLowerCase();
  const stem = path.basename(file, path.extname(file)).toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'file';
  return `/assets/brand/${stem}.${hash}${ext}`;
}

/** The branding with each file's hashed site path; `missing`: the files that are not there, or (`notAFile`) are a folder, a pipe or a device. */
export function hashBrandAssets(branding: ResolvedBranding): { branding: ResolvedBranding; missing: (BrandAsset & { notAFile?: boolean })[] } {
  const missing: (BrandAsset & { notAFile?: boolean })[] = [];
  const hashed = <T extends BrandAsset>(asset: T): T => {
    let hash: string;
    try {
      // Read whole to be hashed: a pipe would wait for a writer for good, a device might never end.
      if (!fs.statSync(asset.file).isFile()) {
        missing.push({ ...asset, notAFile: true });
        return asset;
      }
      hash = fileContentHash(asset.file);
    } catch {
      missing.push(asset);
      return asset;
    }
    return { ...asset, path: brandPath(asset.file, hash) };
  };
  const maybe = <T extends BrandAsset>(asset: T | undefined) => (asset ? { value: hashed(asset) } : undefined);
  const logo = maybe(branding.logo);
  const logoDark = maybe(branding.logoDark);
  const favicon = maybe(branding.favicon);
  return {
    branding: {
      ...branding,
      ...(logo ? { logo: logo.value } : {}),
      ...(logoDark ? { logoDark: logoDark.value } : {}),
      ...(favicon ? { favicon: favicon.value } : {}),
      fonts: { ...branding.fonts, faces: branding.fonts.faces.map(hashed) },
      customCss: branding.customCss.map(hashed),
    },
    missing,
  };
}

/** The `type` of the favicon's `<link rel="icon">`, by its extension. */
export function iconType(file: string): string {
  const ext = path.extname(file).toLowerCase();
  return ext === '.svg' ? 'image/svg+xml' : ext === '.png' ? 'image/png' : 'image/x-icon';
}
