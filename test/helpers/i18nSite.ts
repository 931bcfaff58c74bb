// A two-locale test site (English and French), shared by the build, check-links and browser tests of #15.
import fs from 'node:fs';
import path from 'node:path';
import { configSource, repoRoot } from './fixture';

const spec = fs.readFileSync(path.join(repoRoot, 'fixtures/specs/openapi31.yaml'), 'utf8');

/** A two-locale site; `extra` adds or replaces files. */
export function twoLocaleSite(extra: Record<string, string> = {}, config: Record<string, unknown> = {}): Record<string, string> {
  return {
    'docsgen.config.ts': configSource({
      i18n: { defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: { en: { label: 'English' }, fr: { label: 'Français' } } },
      navbar: {
        items: [
          { label: 'Guides', to: '/guides/intro', position: 'left' },
          { type: 'search', position: 'right' },
          { type: 'localeDropdown', position: 'right' },
        ],
      },
      openapi: { spec: 'openapi.yaml', downloadUrl: 'https://api.test.example/docs/yaml' },
      ...config,
    }),
    'openapi.yaml': spec,
    'content/guides/intro.md': '---\ntitle: Introduction\nsidebar_position: 1\n---\nWelcome to the flood API.\n\n## Getting a key\n\nAsk support for a key. See [the zones](./zones.md).\n',
    'content/guides/zones.md': '---\ntitle: Flood zones\nsidebar_position: 2\n---\nZones come from FEMA maps.\n\n## Zone codes\n\nA, AE, X.\n',
    'i18n/fr/guides/intro.md': '---\ntitle: Présentation\n---\nBienvenue dans l’API des inondations.\n\n## Obtenir une clé\n\nDemandez une clé au support. Voir [les zones](./zones.md#zone-codes).\n',
    'i18n/fr/messages.json': JSON.stringify({ onThisPage: 'Sur cette page', next: 'Suivant', previous: 'Précédent', searchPlaceholder: 'Rechercher', skipToContent: 'Aller au contenu principal', apiResponses: 'Réponses', searchPageTitle: 'Rechercher dans la documentation', apiIntroduction: 'Présentation de l’API', guidesIntro: 'Des guides pas à pas, par sujet.', config: { Guides: 'Les guides', 'Copyright © 2025 Test': 'Droits réservés © 2025 Test' }, guidesSidebar: 'Barre latérale des guides' }),
    ...extra,
  };
}

