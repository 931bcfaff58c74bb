// A template that throws is reported at its own file and line, also when docsgen runs from its
// compiled bundle (the stack then names the bundle; its inline source map leads back).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { throwSite } from '../../src/serve/throwSite';

const template = [
  "export function Card({ title }: { title: string }) {",
  "  if (title === '') {",
  "    throw new Error('Card needs a title');",
  "  }",
  "  return `<div>${title}</div>`;",
  "}",
  "",
].join('\n');

describe('throwSite', () => {
  it('maps a frame in a bundle with an inline source map back to the template file and line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-throwsite-'));
    fs.mkdirSync(path.join(dir, 'templates'));
    fs.writeFileSync(path.join(dir, 'templates', 'Card.tsx'), template);
    // Like bin/compile.js: one ESM bundle with the map inline, in a folder of its own.
    await build({ entryPoints: [path.join(dir, 'templates', 'Card.tsx')], outfile: path.join(dir, 'dist', 'chunk-ABC.mjs'), bundle: true, format: 'esm', platform: 'node', sourcemap: 'inline', logLevel: 'silent' });
    // A plain node process, as the CLI runs: no source-map support rewrites its stacks.
    const script = `import(${JSON.stringify(pathToFileURL(path.join(dir, 'dist', 'chunk-ABC.mjs')).href)}).then(({ Card }) => { try { Card({ title: '' }); } catch (e) { console.log(e.stack); } });`;
    const stack = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(stack).toContain('chunk-ABC.mjs');
    expect(throwSite(stack)).toEqual({ file: path.join(dir, 'templates', 'Card.tsx'), line: 3, column: expect.any(Number), lineText: "    throw new Error('Card needs a title');" });
  });

  it('skips React and node internals, and gives nothing when no frame is outside them', () => {
    const stack = ['Error: boom', '    at renderElement (file:///x/node_modules/react-dom/cjs/server.js:10:5)', '    at node:internal/process/task_queues:95:5'].join('\n');
    expect(throwSite(stack)).toBeUndefined();
  });
});
