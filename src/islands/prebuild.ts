// Run once by `npm pack` (bin/compile.js --pack): bundles the islands for production and
// development builds and keeps them beside the package's bundles, so that an installed docsgen
// never bundles its own islands (nor writes into node_modules) when a site is built.
import { bundleIslands } from './bundle';

await bundleIslands({ minify: true });
await bundleIslands({ minify: false });
