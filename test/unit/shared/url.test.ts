import { describe, expect, it } from 'vitest';
import { canonicalPath, isExternal, localeBaseUrl, routeToFile, routeUrl, withBase } from '../../../src/shared/url';

describe('shared/url', () => {
  it('normalises index.html and .html to the path without them', () => {
    expect(canonicalPath('/guides/a/index.html', undefined)).toBe('/guides/a/');
    expect(canonicalPath('/guides/a.html', undefined)).toBe('/guides/a');
    expect(canonicalPath('/index.html', false)).toBe('/');
  });

  it('applies trailingSlash: true adds, false removes, undefined keeps as written', () => {
    expect(canonicalPath('/guides/a', true)).toBe('/guides/a/');
    expect(canonicalPath('/guides/a/', false)).toBe('/guides/a');
    expect(canonicalPath('/guides/a/', undefined)).toBe('/guides/a/');
    expect(canonicalPath('/guides/a', undefined)).toBe('/guides/a');
    expect(canonicalPath('/', false)).toBe('/');
  });

  it('maps routes to files per trailingSlash', () => {
    expect(routeToFile('/', true)).toBe('index.html');
    expect(routeToFile('/guides/a', true)).toBe('guides/a/index.html');
    expect(routeToFile('/guides/a', undefined)).toBe('guides/a/index.html');
    expect(routeToFile('/guides/a', false)).toBe('guides/a.html');
  });

  it('prefixes baseUrl exactly once', () => {
    expect(withBase('/docs/', '/guides/a')).toBe('/docs/guides/a');
    expect(withBase('/', '/guides/a')).toBe('/guides/a');
    expect(routeUrl('/docs/', '/guides/a', true)).toBe('/docs/guides/a/');
    expect(routeUrl('/docs/', '/', false)).toBe('/docs/');
  });

  it('builds per-locale base URLs from baseUrl and locale', () => {
    expect(localeBaseUrl('/', 'en', 'en')).toBe('/');
    expect(localeBaseUrl('/docs/', 'fr', 'en')).toBe('/docs/fr/');
  });

  it('tells external links from site links', () => {
    expect(isExternal('https://x.example')).toBe(true);
    expect(isExternal('mailto:a@b.example')).toBe(true);
    expect(isExternal('//cdn.example/x.js')).toBe(true);
    expect(isExternal('/guides')).toBe(false);
    expect(isExternal('../a.md')).toBe(false);
  });
});
