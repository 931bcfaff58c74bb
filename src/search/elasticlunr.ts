// elasticlunr for the node side (building the index). elasticlunr 0.9.5 assigns an undeclared
// global (`lunr = elasticlunr;`), which throws "ReferenceError: lunr is not defined" when its
// code runs in strict mode, i.e. when bundled into an ES module (esbuild --format=esm without
// `packages: 'external'`). Declaring the global first, in a module evaluated before elasticlunr,
// makes that assignment legal however the code is loaded. The query side (src/shared/search/query.ts)
// does not use elasticlunr at all: it reads the serialised index directly.
import './lunrGlobal';
import elasticlunr from 'elasticlunr';

export default elasticlunr;
