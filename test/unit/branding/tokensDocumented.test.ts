// #21 "Every colour and size of the theme is a documented CSS custom property": each custom
// property the stylesheets declare is in the README's tables (Branding and theming), so a
// property added to the theme without a line there fails here, not in a user's project.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/fixture';

/**
 * Plumbing inside one component, not a theme setting: each is set from documented properties
 * (or from the number of cards) by the component's own rules, and setting it from outside would
 * be undone by them.
 */
const INTERNAL = new Map([
  ['--a-fg', "an admonition's colour, taken from the documented --a-<kind> of its kind"],
  ['--cols', "the home page's card columns, chosen per breakpoint from the number of cards"],
]);

function declared(): Map<string, string> {
  const dir = path.join(repoRoot, 'templates', 'styles');
  const found = new Map<string, string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.css')).sort()) {
    for (const [, name] of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/(?:^|[;{\s])(--[a-z0-9-]+)\s*:/g)) if (!found.has(name)) found.set(name, file);
  }
  return found;
}

describe('the theme’s CSS custom properties', () => {
  it('are each documented in the README, in backticks, except the listed plumbing', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const properties = declared();
    expect(properties.size).toBeGreaterThan(80);
    const missing = [...properties].filter(([name]) => !INTERNAL.has(name) && !readme.includes(`\`${name}\``)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('lists as plumbing only properties the stylesheets still declare', () => {
    const properties = declared();
    for (const name of INTERNAL.keys()) expect(properties.has(name), name).toBe(true);
  });
});
