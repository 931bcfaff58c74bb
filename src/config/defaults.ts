// What a site gets for the parts of the config it leaves out: only `title` and `url` are
// required, so a new project builds from two lines. The navbar links the sections the site has
// (its guides, its API), then search and the colour mode (and the language menu when there are
// several locales); the footer names the site and the year it was built.
import type { NavbarItem } from './types';

export function defaultNavbarItems(site: { guides: boolean; apiRoute?: string; locales: number }): NavbarItem[] {
  const items: NavbarItem[] = [];
  if (site.guides) items.push({ label: 'Guides', to: '/guides', activeBasePath: '/guides', position: 'left' });
  if (site.apiRoute) items.push({ label: 'API', to: site.apiRoute, activeBasePath: site.apiRoute, position: 'left' });
  items.push({ type: 'search', position: 'right' }, { type: 'colorMode', position: 'right' });
  if (site.locales > 1) items.push({ type: 'localeDropdown', position: 'right' });
  return items;
}

export function defaultCopyright(title: string, year: number): string {
  return `Copyright © ${year} ${title}`;
}
