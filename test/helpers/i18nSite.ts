// A two-locale test site (English and French), shared by the build, check-links and browser tests of #15.
import fs from 'node:fs';
import path from 'node:path';
import { configSource, repoRoot } from './fixture';

const spec = fs.readFileSync(path.join(repoRoot, 'fixtures/specs/openapi31.yaml'), 'utf8');

/** French words for docsgen's islands, page runtime, API pages, titles and 404 (the keys of src/shared/messages.ts). */
export const frenchUi = {
  searchSeeAll: 'Voir tous les résultats',
  searchLoading: 'Chargement de l’index de recherche…',
  searchUnavailable: 'La recherche est indisponible : l’index n’a pas pu être chargé.',
  searchResultOne: '{count} résultat',
  searchResultOther: '{count} résultats',
  searchPageFoundOne: '{count} document trouvé',
  searchPageFoundOther: '{count} documents trouvés',
  searchPageRange: 'Résultats {first}–{last} sur {total}',
  searchPagePreviousPage: 'Page précédente',
  searchPageNextPage: 'Page suivante',
  copy: 'Copier',
  copyLabel: 'Copier le code',
  copied: 'Copié',
  backToTop: 'Retour en haut',
  islandCrashed: 'Cette page a planté',
  islandTryAgain: 'Réessayer',
  islandRetry: 'Recharger',
  islandDismiss: 'Fermer le message',
  colorModeSwitch: 'Thème : {mode}',
  colorModeMenu: 'Thème',
  colorModeSystem: 'Système',
  colorModeDark: 'Sombre',
  colorModeLight: 'Clair',
  announcementClose: 'Fermer',
  mobileMenuOpen: 'Ouvrir ou fermer la navigation',
  mobileMenuClose: 'Fermer la navigation',
  mobileMenuBack: 'Retour au menu principal',
  apiQueryParameters: 'Paramètres de requête',
  apiRequestBody: 'Corps de la requête',
  apiRequired: 'obligatoire',
  apiDeprecatedBadge: 'obsolète',
  apiExample: 'Exemple',
  apiExpandAll: 'Tout déplier',
  apiCollapseAll: 'Tout replier',
  apiFieldsOther: '{count} champs',
  apiTruncatedExample: 'exemple',
  apiTruncatedTitle: '{What} tronqué :',
  apiTruncatedLines: '{shown} lignes sur {total}',
  apiMoreLineOther: '… {count} lignes de plus',
  searchDescription: 'Rechercher dans la documentation {site}.',
  tagsDescription: 'Toutes les étiquettes des guides.',
  notFoundDescription: 'La page demandée n’existe pas.',
  apiReferenceDescription: 'Référence de l’{api}.',
  apiSchemasDescription: 'Tous les schémas de données de l’{api}.',
  notFoundTitle: 'Page introuvable',
  apiDirectLinkTo: 'Lien direct vers {name}',
  notFoundHome: 'Aller à l’accueil',
};

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
    'i18n/fr/guides/intro.md': '---\ntitle: Présentation\n---\nBienvenue dans l’API des inondations.\n\n## Obtenir une clé\n\nDemandez une clé au support. Voir [les zones](./zones.md#zone-codes).\n\n```sh\ncurl https://api.test.example/zones\n```\n',
    'i18n/fr/messages.json': JSON.stringify({ onThisPage: 'Sur cette page', next: 'Suivant', previous: 'Précédent', searchPlaceholder: 'Rechercher', skipToContent: 'Aller au contenu principal', apiResponses: 'Réponses', searchPageTitle: 'Rechercher dans la documentation', apiIntroduction: 'Présentation de l’API', guidesIntro: 'Des guides pas à pas, par sujet.', config: { Guides: 'Les guides', 'Copyright © 2025 Test': 'Droits réservés © 2025 Test', 'Test Docs': 'Documentation de test', 'Docs for tests': 'La documentation des tests' }, guidesSidebar: 'Barre latérale des guides', baseUrlBanner: 'Ce site ne s’est pas chargé correctement : il doit être servi sous {baseUrl}, or cette page a été ouverte ailleurs. Servez-le sous {baseUrl}, ou changez {key} dans docsgen.config.ts.', ...frenchUi }),
    ...extra,
  };
}

