// `defineConfig` only gives the config file its types. Keep this module free of runtime
// imports: config loading bundles it into every docsgen.config.ts.
import type { UserConfig } from './types';

export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
