// Compile the CLI bundle once before any test spawns `bin/docsgen.js`, so parallel test files
// never race to compile it.
// @ts-expect-error plain JS module without types
import { compiled } from '../../bin/compile.js';

export default async function setup() {
  await compiled('cli');
}
