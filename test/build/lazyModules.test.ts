// A build from the cache makes no code sample or example value, checks no example and renders
// no page in its own thread, so it does not load the libraries that do
// (src/lazyModule.ts): loaded with the CLI, they were an eighth of such a build's time. A
// static import of one of them, added anywhere, loads it again in every build: this finds it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocsgen } from '../faults/harness';
import { writeParcelsProject } from '../helpers/parcelsProject';

/** The packages whose work a build from the cache takes from it (by the folder under node_modules/). */
const LIBRARIES = ['@readme/httpsnippet', 'openapi-sampler', 'ajv', 'react-dom/server'];

let tmp: string;
let preload: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'docsgen-lazy-'));
  // Records every CommonJS file the process compiles, and every ES module it imports, in the file $LOADED_LIST.
  preload = path.join(tmp, 'preload.mjs');
  fs.writeFileSync(
    preload,
    `import fs from 'node:fs';
import Module from 'node:module';
const list = process.env.LOADED_LIST;
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  fs.appendFileSync(list, filename + '\\n');
  return compile.call(this, content, filename);
};
Module.register('data:text/javascript,' + encodeURIComponent(\`import fs from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) fs.appendFileSync(\${JSON.stringify(list)}, new URL(url).pathname + '\\\\n');
  return next(url, context);
}\`));
`,
  );
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The libraries of LIBRARIES that a `docsgen build` (with `args`) of `project` loaded. */
async function librariesLoaded(project: string, args: string[]): Promise<string[]> {
  const list = path.join(tmp, `loaded-${Date.now()}-${Math.random()}.txt`);
  fs.writeFileSync(list, '');
  const run = await runDocsgen(['build', ...args], project, { timeoutMs: 120_000, env: { NODE_OPTIONS: `--import ${preload}`, LOADED_LIST: list } });
  expect(run.code, run.stderr).toBe(0);
  const files = fs.readFileSync(list, 'utf8').split('\n');
  return LIBRARIES.filter((name) => files.some((file) => file.includes(`/node_modules/${name}/`) || (name === 'react-dom/server' && /\/node_modules\/react-dom\/(server|cjs\/react-dom-server)/.test(file))));
}

describe('a build from the cache', () => {
  it('does not load the libraries of the work it takes from the cache: code samples, examples, example checks, rendering', { timeout: 300_000 }, async () => {
    const project = writeParcelsProject(path.join(tmp, 'parcels'));
    // The first build does that work, and the probe sees it load each library.
    expect(await librariesLoaded(project, [])).toEqual(LIBRARIES);
    expect(await librariesLoaded(project, [])).toEqual([]);
  });
});
