// The Porter stemmer (M.F. Porter, 1980) exactly as lunr / elasticlunr 0.9.5 ship it
// (`elasticlunr.stemmer`), rewritten compactly so the browser bundle does not need elasticlunr.
// test/unit/search/tokenize.test.ts checks it gives elasticlunr's output on the shipped site's
// whole vocabulary.
//
// Quirks kept on purpose (they are elasticlunr's, and index and query share them):
// - words shorter than 3 characters are returned unchanged;
// - step 1c turns a final `y` into `i` only after a consonant that is not the first letter
//   (`boundary` → `boundari`, `key` → `key`), like Porter2 rather than the 1980 paper;
// - stop words stem oddly (`this` → `thi`, `has` → `ha`): harmless because both sides agree;
// - it treats every character that is not a/e/i/o/u as a consonant, so it must only see plain
//   lower-case ASCII words: `dialog.type` would lose its `e`. The tokeniser only calls it on
//   `/^[a-z]+$/` terms.

const step2: Record<string, string> = {
  ational: 'ate', tional: 'tion', enci: 'ence', anci: 'ance', izer: 'ize', bli: 'ble', alli: 'al', entli: 'ent', eli: 'e', ousli: 'ous',
  ization: 'ize', ation: 'ate', ator: 'ate', alism: 'al', iveness: 'ive', fulness: 'ful', ousness: 'ous', aliti: 'al', iviti: 'ive', biliti: 'ble', logi: 'log',
};
const step3: Record<string, string> = { icate: 'ic', ative: '', alize: 'al', iciti: 'ic', ical: 'ic', ful: '', ness: '' };

const c = '[^aeiou]';
const v = '[aeiouy]';
const C = `${c}[^aeiouy]*`;
const V = `${v}[aeiou]*`;
const mgr0 = new RegExp(`^(${C})?${V}${C}`);
const meq1 = new RegExp(`^(${C})?${V}${C}(${V})?$`);
const mgr1 = new RegExp(`^(${C})?${V}${C}${V}${C}`);
const hasVowel = new RegExp(`^(${C})?${v}`);
const cvc = new RegExp(`^${C}${v}[^aeiouwxy]$`);
const doubleEnd = /([^aeiouylsz])\1$/;
const re1a = /^(.+?)(ss|i)es$/;
const re1a2 = /^(.+?)([^s])s$/;
const re1b = /^(.+?)eed$/;
const re1b2 = /^(.+?)(ed|ing)$/;
const re1c = /^(.+?[^aeiou])y$/;
const re2 = /^(.+?)(ational|tional|enci|anci|izer|bli|alli|entli|eli|ousli|ization|ation|ator|alism|iveness|fulness|ousness|aliti|iviti|biliti|logi)$/;
const re3 = /^(.+?)(icate|ative|alize|iciti|ical|ful|ness)$/;
const re4 = /^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)$/;
const re42 = /^(.+?)(s|t)(ion)$/;

/** Porter stem of a lower-case ASCII word. */
export function stem(word: string): string {
  if (word.length < 3) return word;
  const initialY = word[0] === 'y';
  let w = initialY ? `Y${word.slice(1)}` : word;
  let m: RegExpExecArray | null;

  // Step 1a: plurals.
  if (re1a.test(w)) w = w.replace(re1a, '$1$2');
  else if (re1a2.test(w)) w = w.replace(re1a2, '$1$2');

  // Step 1b: -eed, -ed, -ing.
  if ((m = re1b.exec(w))) {
    if (mgr0.test(m[1])) w = w.slice(0, -1);
  } else if ((m = re1b2.exec(w)) && hasVowel.test(m[1])) {
    w = m[1];
    if (/(at|bl|iz)$/.test(w)) w += 'e';
    else if (doubleEnd.test(w)) w = w.slice(0, -1);
    else if (cvc.test(w)) w += 'e';
  }

  // Step 1c: y → i.
  if ((m = re1c.exec(w))) w = `${m[1]}i`;

  // Steps 2 and 3: double and single suffixes.
  if ((m = re2.exec(w)) && mgr0.test(m[1])) w = m[1] + step2[m[2]];
  if ((m = re3.exec(w)) && mgr0.test(m[1])) w = m[1] + step3[m[2]];

  // Step 4: -ant, -ence, … on longer stems.
  if ((m = re4.exec(w))) {
    if (mgr1.test(m[1])) w = m[1];
  } else if ((m = re42.exec(w))) {
    const s = m[1] + m[2];
    if (mgr1.test(s)) w = s;
  }

  // Step 5: final -e and -ll.
  if ((m = /^(.+?)e$/.exec(w))) {
    const s = m[1];
    if (mgr1.test(s) || (meq1.test(s) && !cvc.test(s))) w = s;
  }
  if (/ll$/.test(w) && mgr1.test(w)) w = w.slice(0, -1);

  return initialY ? `y${w.slice(1)}` : w;
}
