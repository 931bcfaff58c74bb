// elasticlunr for the node side (building the index). elasticlunr 0.9.5 assigns an undeclared
// global (`lunr = elasticlunr;`), which throws "ReferenceError: lunr is not defined" when its
// code runs in strict mode, i.e. when bundled into an ES module (esbuild --format=esm without
// `packages: 'external'`). Declaring the global first, in a module evaluated before elasticlunr,
// makes that assignment legal however the code is loaded. The query side (src/shared/search/query.ts)
// does not use elasticlunr at all: it reads the serialised index directly.
import './lunrGlobal';
import elasticlunr from 'elasticlunr';

// `addDoc` splits a field given as a list of words with `out = out.concat(…)` once per word, which
// copies the list each time: quadratic in the field's words (one guide of 50,000 links took 7.5 s
// in the search stage). The same tokens, in the same order, appended.
const tokenizer = elasticlunr.tokenizer as ((str: unknown) => string[]) & { seperator: RegExp };
const splitList = Object.assign((str: unknown): string[] => {
  if (!Array.isArray(str)) return tokenizer(str);
  const out: string[] = [];
  for (const word of str) {
    if (word === null || word === undefined) continue;
    for (const token of String(word).toLowerCase().split(splitList.seperator)) out.push(token);
  }
  return out;
}, tokenizer);
elasticlunr.tokenizer = splitList;

export default elasticlunr;
