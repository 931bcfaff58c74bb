// Where docsgen's own files are: from source (tests), this file's folder's parent; from the
// published package's bundles in dist/, the same, as each bundle lies one folder down; from a
// checkout's compiled bundle in node_modules/.cache, the checkout bin/compile.js stamped on it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __DOCSGEN_ROOT__: string | undefined;

export const packageRoot: string = typeof __DOCSGEN_ROOT__ === 'string' ? __DOCSGEN_ROOT__ : fileURLToPath(new URL('../', import.meta.url));

export const packagePath = (...parts: string[]) => path.join(packageRoot, ...parts);
