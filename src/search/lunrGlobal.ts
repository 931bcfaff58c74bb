// See elasticlunr.ts: makes elasticlunr's implicit `lunr = elasticlunr` assignment legal in strict mode.
const g = globalThis as { lunr?: unknown };
if (!('lunr' in g)) g.lunr = undefined;
export {};
