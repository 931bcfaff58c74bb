// Config loading errors name the key, what was expected, and the config file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, writeInFolder } from '../../../src/config/load';
import { DocsgenError } from '../../../src/diagnostics/diagnostic';
import { configSource, repoRoot, writeFiles } from '../../helpers/fixture';

async function loadError(config: string, files: Record<string, string> = {}) {
  const dir = writeFiles({ 'docsgen.config.ts': config, ...files });
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

  it('writes its bundle when another process removes the folder between making it and writing', () => {
    const dir = path.join(writeFiles({}), '.docsgen');
    let calls = 0;
    // The other process: its config loaded, it removes the empty folder just after this one made it.
    const racedMkdir = (folder: string) => {
      const made = fs.mkdirSync(folder, { recursive: true });
      if (++calls === 1) fs.rmdirSync(folder);
      return made;
    };
    expect(writeInFolder(path.join(dir, 'config.mjs'), 'export default 1;\n', racedMkdir)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'config.mjs'), 'utf8')).toBe('export default 1;\n');
    expect(calls).toBe(2);
    // A folder that never stays is an error, not a loop.
    const vanishing = (folder: string) => (fs.mkdirSync(folder, { recursive: true }), fs.rmdirSync(folder), folder);
    expect(() => writeInFolder(path.join(dir, 'gone', 'config.mjs'), 'x', vanishing)).toThrow(/ENOENT/);
  });

  it('says which folder it could not write the config\'s bundle into, instead of crashing', async () => {
    // `.docsgen` is a file here, so no folder can be made there.
    const diagnostics = await loadError(`export default { ${base} };`, { '.docsgen': 'not a folder\n' });
    expect(diagnostics[0].code).toBe('config-load-failed');
    expect(diagnostics[0].text).toMatch(/^Failed to load the config: its bundle cannot be written into .*\.docsgen \(/);
    expect(diagnostics[0].location?.file).toMatch(/docsgen\.config\.ts$/);
  });

  it('six processes loading the same project\'s config at once all load it, and leave no bundle behind', async () => {
    const root = writeFiles({ 'docsgen.config.ts': configSource({ title: 'Six at once' }) });
    const script = `const { loadConfig } = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'bin/api.js')).href)}); for (let i = 0; i < 3; i++) { const { config } = await loadConfig({ root: ${JSON.stringify(root)} }); if (config.title !== 'Six at once') process.exit(2); }`;
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
          let stderr = '';
          child.stderr.on('data', (d) => (stderr += d));
          child.on('close', (code) => resolve({ code, stderr }));
        }),
      ),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const left = fs.existsSync(path.join(root, '.docsgen')) ? fs.readdirSync(path.join(root, '.docsgen')) : [];
    expect(left).toEqual([]);
  }, 60_000);
});
