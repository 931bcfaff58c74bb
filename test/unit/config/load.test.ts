// Config loading errors name the key, what was expected, and the config file.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load';
import { DocsgenError } from '../../../src/diagnostics/diagnostic';
import { writeFiles } from '../../helpers/fixture';

async function loadError(config: string) {
  const dir = writeFiles({ 'docsgen.config.ts': config });
  try {
    await loadConfig({ root: dir });
  } catch (e) {
    expect(e).toBeInstanceOf(DocsgenError);
    return (e as DocsgenError).diagnostics;
  }
  throw new Error('expected loadConfig to fail');
}

const base = `title: 'API', url: 'https://docs.example.com', navbar: { items: [] }, footer: { copyright: 'c' }`;

describe('config/load', () => {
  it('reports a misspelt key with the file and its line', async () => {
    const [d] = await loadError(`import { defineConfig } from 'docsgen';\nexport default defineConfig({\n  ${base},\n  tagLine: 'x',\n});\n`);
    expect(d.text).toBe('Invalid config: "tagLine" is not a known option; did you mean "tagline"?');
    expect(d.location).toMatchObject({ file: expect.stringMatching(/docsgen\.config\.ts$/), line: 4 });
  });

  it('reports a wrong type with what was expected', async () => {
    const [d] = await loadError(`export default {\n  ${base},\n  trailingSlash: 'yes',\n};\n`);
    expect(d.text).toBe('Invalid config: "trailingSlash" expected a boolean (true or false), got the string "yes".');
    expect(d.location?.line).toBe(3);
  });

  it('reports a missing required field', async () => {
    const [d] = await loadError(`export default { url: 'https://docs.example.com', navbar: { items: [] }, footer: { copyright: 'c' } };\n`);
    expect(d.text).toBe('Invalid config: "title" is required but missing (expected a string).');
    expect(d.location?.file).toMatch(/docsgen\.config\.ts$/);
  });

  it('reports a syntax error in the config with its position', async () => {
    const [d] = await loadError(`export default { title: 'API', url: };\n`);
    expect(d.code).toBe('config-load-failed');
    expect(d.location).toMatchObject({ line: 1, column: expect.any(Number) });
  });

  it('says where it looked when there is no config file', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': 'export default {}' });
    await expect(loadConfig({ root: dir, configFile: 'nope.config.ts' })).rejects.toThrow(/No config file was found at .*nope\.config\.ts/);
  });

  it('resolves defaults from the specification constants', async () => {
    const dir = writeFiles({ 'docsgen.config.ts': `export default { ${base} };` });
    const { config, dependencies } = await loadConfig({ root: dir });
    expect(config.titleDelimiter).toBe('|');
    expect(config.baseUrl).toBe('/');
    expect(config.colorMode).toEqual({ defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false });
    expect(config.search).toMatchObject({ maxResults: 8, contextLength: 50, stopWords: true, language: ['en'], routes: ['/guides', '/api'], shardAbovePages: 300 });
    expect([config.onBrokenLinks, config.onBrokenMarkdownLinks, config.onBrokenAnchors, config.onDuplicateRoutes]).toEqual(['throw', 'warn', 'warn', 'warn']);
    expect(dependencies).toEqual([`${dir}/docsgen.config.ts`]);
  });
});
