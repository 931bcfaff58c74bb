// The text of the docsgen.config.ts a migration writes: the mapped object, typed by defineConfig
// so the editor checks it, with a line saying where it came from.
import type { UserConfig } from '../config/types';

export function configFileText(config: UserConfig, from: string): string {
  return [
    `// Made by \`docsgen migrate docusaurus\` from ${from}. The keys are described in docsgen's README, "Configuration".`,
    "import { defineConfig } from 'docsgen';",
    '',
    `export default defineConfig(${JSON.stringify(config, null, 2)});`,
    '',
  ].join('\n');
}
