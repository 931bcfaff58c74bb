// Packages that only some builds use, loaded when first used rather than with the CLI. A build
// from the cache makes no code sample or example value, checks no example and renders no page in
// its own thread (their results come from the cache), yet loading those packages cost an eighth of
// its time (BENCHMARKS.md, fifty-sixth stop). Loaded with require(), the packages' CommonJS
// builds, so that the stages using them stay synchronous. (Not highlight.js: the templates import
// it, and they are type-checked for the browser, without Node's modules.)
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A function that returns the package `id` (its CommonJS exports), loading it on its first call. */
export function lazyModule<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
