// docsgen's public API. The CLI is a thin layer over these.
export { build, type BuildOptions, type BuildResult } from './build';
export { LiveMemo } from './cache/liveMemo';
export { loadConfig, type LoadedConfig } from './config/load';
export { defineConfig } from './config/define';
export type { UserConfig, InlineConfig, ResolvedConfig, NavbarItem } from './config/types';
export { DocsgenError, type Diagnostic, type Location, type Policy } from './diagnostics/diagnostic';
export { createLogger, createMemoryLogger, type Logger } from './diagnostics/logger';
export { formatDiagnostic } from './diagnostics/format';
export { createDevServer, type DevServer, type DevServerOptions } from './serve/server';
export { checkSiteLinks } from './links/checkSite';
export type { CheckLinksOptions, LinkReport } from './links/types';
export { diffSpecs, summarize as summarizeChanges } from './changelog/diffSpecs';
export { diffSpecFiles, type SpecDiff, type DiffSpecFilesOptions } from './changelog/diffSpecFiles';
export type { ApiChange, ChangeKind, ChangeLocation, ChangeSeverity, ChangeSummary, ChangedOperation } from './changelog/types';
export { cutVersion } from './versions/cutVersion';
export type { VersionsConfig } from './config/types';
export type { BrandingConfig } from './config/types';
