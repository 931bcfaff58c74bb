// Slugs for URLs: tags and, later, API pages. Word splitting follows lodash's kebabCase
// (camelCase humps, digit boundaries, acronym runs, accents stripped) so sites migrating from
// Docusaurus keep their URLs.

const ACRONYM_THEN_WORD = /([A-Z]+)([A-Z][a-z])/g;
const LOWER_THEN_UPPER = /([a-z])([A-Z])/g;

export function kebabCase(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2019]/g, '')
    .replace(ACRONYM_THEN_WORD, '$1 $2')
    .replace(LOWER_THEN_UPPER, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-zA-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase())
    .join('-');
}
