import { describe, expect, it } from 'vitest';
import { fileToRoute, fileUrlPath, followSitePath, resolveSitePath } from '../../src/links/sitePath';

const files = (list: string[]) => (f: string) => list.includes(f);

describe('links/sitePath', () => {
  const dirs = files(['index.html', 'a/index.html', 'assets/x.css', '404.html']);
  const flat = files(['index.html', 'a.html', '404.html']);

  it('serves clean URLs with x/index.html (trailingSlash unset or true)', () => {
    expect(resolveSitePath('/', dirs, undefined)).toEqual({ kind: 'file', file: 'index.html' });
    expect(resolveSitePath('/a', dirs, undefined)).toEqual({ kind: 'file', file: 'a/index.html' });
    expect(resolveSitePath('/a/', dirs, undefined)).toEqual({ kind: 'file', file: 'a/index.html' });
    expect(resolveSitePath('/a', dirs, true)).toEqual({ kind: 'redirect', to: '/a/' });
    expect(resolveSitePath('/a/index.html', dirs, undefined)).toEqual({ kind: 'redirect', to: '/a' });
    expect(resolveSitePath('/a/index.html', dirs, true)).toEqual({ kind: 'redirect', to: '/a/' });
    expect(resolveSitePath('/assets/x.css', dirs, true)).toEqual({ kind: 'file', file: 'assets/x.css' });
    expect(resolveSitePath('/b', dirs, undefined)).toEqual({ kind: 'missing' });
  });

  it('serves x.html at /x with trailingSlash false, redirecting /x/ and /x.html', () => {
    expect(resolveSitePath('/a', flat, false)).toEqual({ kind: 'file', file: 'a.html' });
    expect(resolveSitePath('/a/', flat, false)).toEqual({ kind: 'redirect', to: '/a' });
    expect(resolveSitePath('/a.html', flat, false)).toEqual({ kind: 'redirect', to: '/a' });
    expect(resolveSitePath('/404.html', flat, false)).toEqual({ kind: 'file', file: '404.html' });
    expect(followSitePath('/a/', flat, false)).toBe('a.html');
    expect(followSitePath('/a.html/', flat, false)).toBeUndefined();
  });

  it('maps page files to routes and to the URL path they are served at', () => {
    expect(fileToRoute('index.html')).toBe('/');
    expect(fileToRoute('a/b/index.html')).toBe('/a/b');
    expect(fileToRoute('a/b.html')).toBe('/a/b');
    expect(fileToRoute('x.css')).toBeUndefined();
    expect(fileUrlPath('a/b/index.html', true)).toBe('/a/b/');
    expect(fileUrlPath('a/b/index.html', undefined)).toBe('/a/b');
    expect(fileUrlPath('404.html', true)).toBe('/');
  });
});
