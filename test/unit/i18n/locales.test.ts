import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResolvedConfig } from '../../../src/config/types';
import { checkAlternates, loadMessages, pageAlternates, siteLocales } from '../../../src/i18n/locales';
import { defaultMessages } from '../../../src/shared/messages';
import { writeFiles } from '../../helpers/fixture';

const config = (root: string, extra: Partial<ResolvedConfig> = {}): ResolvedConfig =>
  ({
    root,
    configFile: path.join(root, 'docsgen.config.ts'),
    contentDir: path.join(root, 'content'),
    url: 'https://docs.example',
    baseUrl: '/docs/',
    trailingSlash: undefined,
    i18n: { defaultLocale: 'en', locales: ['en', 'fr', 'pt-BR'], localeConfigs: { fr: { label: 'Français' } } },
    ...extra,
  }) as ResolvedConfig;

describe('i18n/locales', () => {
  it('siteLocales: the default first at baseUrl, each other under baseUrl<locale>/ with its prefix and translations folder', () => {
    const root = writeFiles({ 'docsgen.config.ts': '' });
    const { locales, diagnostics } = siteLocales(config(root));
    expect(diagnostics).toEqual([]);
    expect(locales.map((l) => [l.locale, l.label, l.config.baseUrl, l.prefix, path.relative(root, l.translations)])).toEqual([
      ['en', 'en', '/docs/', '', 'i18n/en/guides'],
      ['fr', 'Français', '/docs/fr/', 'fr/', 'i18n/fr/guides'],
      ['pt-BR', 'pt-BR', '/docs/pt-BR/', 'pt-BR/', 'i18n/pt-BR/guides'],
    ]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('loadMessages: a YAML file over the English strings; an unknown key warns, a non-string value is an error', () => {
    const root = writeFiles({ 'docsgen.config.ts': '', 'i18n/fr/messages.yml': 'onThisPage: Sur cette page\nnext: 3\nonThisPag: typo\n' });
    const { messages, diagnostics } = loadMessages(config(root), 'fr');
    expect(messages.onThisPage).toBe('Sur cette page');
    expect(messages.next).toBe(defaultMessages.next);
    expect(diagnostics.map((d) => `${d.severity}: ${d.text}`)).toEqual(['error: The message "next" must be a string.', 'warning: The messages file sets "onThisPag", which is not a UI string of docsgen; it is ignored.']);
    expect(loadMessages(config(root), 'de')).toEqual({ messages: defaultMessages, configText: {}, diagnostics: [] });
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('pageAlternates: the same route in every locale, as a site path and an absolute URL', () => {
    const { locales } = siteLocales(config('/nowhere'));
    expect(pageAlternates(locales, '/guides/a')).toEqual([
      { locale: 'en', label: 'en', href: '/docs/guides/a', url: 'https://docs.example/docs/guides/a' },
      { locale: 'fr', label: 'Français', href: '/docs/fr/guides/a', url: 'https://docs.example/docs/fr/guides/a' },
      { locale: 'pt-BR', label: 'pt-BR', href: '/docs/pt-BR/guides/a', url: 'https://docs.example/docs/pt-BR/guides/a' },
    ]);
    expect(pageAlternates(locales, '/')[1].href).toBe('/docs/fr/');
  });

  it('checkAlternates: a route one locale lacks is a broken language-menu link', () => {
    const { locales } = siteLocales(config('/nowhere'));
    const all = new Set(['/', '/guides/a']);
    expect(checkAlternates(locales, [all, all, all], '/x/docsgen.config.ts')).toEqual([]);
    expect(checkAlternates(locales, [all, new Set(['/']), all], '/x/docsgen.config.ts').map((d) => d.text)).toEqual([
      'The language menu of /docs/guides/a links to /docs/fr/guides/a, which is not a page of this site.',
      'The language menu of /docs/pt-BR/guides/a links to /docs/fr/guides/a, which is not a page of this site.',
    ]);
  });
});

describe('#15 the English strings built into the islands and the page runtime', () => {
  it('are those of src/shared/messages.ts (a page passes only what differs from them)', async () => {
    const { SEARCH_BOX_ENGLISH } = await import('../../../templates/islands/SearchBox');
    const { SEARCH_PAGE_ENGLISH } = await import('../../../templates/islands/SearchPage');
    const { MOBILE_MENU_ENGLISH } = await import('../../../templates/islands/MobileMenu');
    const { COLOR_MODE_ENGLISH } = await import('../../../templates/islands/ColorModeToggle');
    const { RUNTIME_ENGLISH } = await import('../../../src/client/labels');
    for (const english of [SEARCH_BOX_ENGLISH, SEARCH_PAGE_ENGLISH, MOBILE_MENU_ENGLISH, COLOR_MODE_ENGLISH, RUNTIME_ENGLISH]) expect(defaultMessages).toMatchObject(english);
    expect(defaultMessages.announcementClose).toBe('Close');
  });
});
