// Debian's Chromium, as every browser run of the bench and the tests starts it: through
// playwright-core, never a downloaded browser (none can be downloaded here). One list of flags,
// so that a flag a machine needs (no sandbox as root, no GPU) is added once.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless without a sandbox or a GPU, and no network of its own (updates, first-run pages). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-component-update', '--disable-sync'];

/** Chromium with CHROMIUM_ARGS and `extra` (e.g. flags that keep a page in the background running at full speed). */
export async function launchChromium(extra = []) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extra] });
}
