// Browser tests never skip silently: without Chromium, install Debian's package when we can
// (CI runs as root on Debian), else stop with instructions.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath } from './browser';

export function ensureChromium(): void {
  if (fs.existsSync(chromiumPath)) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    throw new Error(`The browser tests need Chromium at ${chromiumPath}. Install it with "sudo apt-get install -y chromium" (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome executable.`);
  }
  process.stderr.write('Chromium is missing: installing the Debian package "chromium" for the browser tests…\n');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!fs.existsSync(chromiumPath)) throw new Error(`Installing Chromium did not produce ${chromiumPath}.`);
}
