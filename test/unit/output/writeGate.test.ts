// A build stopped by a signal, or by a page that fails to render, while its render threads write
// pages: the temporary output folder is removed whole, at once, and stays removed, because no
// thread writes into it once the gate is closed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../../src/diagnostics/logger';
import { runCleanups } from '../../../src/output/interrupt';
import { openOutput } from '../../../src/output/write';
import { closeGate, newWriteGate, throughGate } from '../../../src/output/writeGate';
import { renderSite } from '../../../src/render/renderSite';
import { liveWorkers } from '../../../src/workers';
import { page, site } from '../../helpers/models';

const options = { logger: createMemoryLogger(), sources: new Map<string, string>(), assets: { runtime: '/assets/js/runtime.js', islands: {} }, fileOf: (route: string) => `${route.slice(1)}/index.html` };

describe('output/writeGate', () => {
  it('lets a write through while open, and refuses it, unwritten, once closed', () => {
    const gate = newWriteGate();
    expect(throughGate(gate, () => 'written')).toBe('written');
    closeGate(gate);
    let ran = false;
    expect(() => throughGate(gate, () => (ran = true))).toThrow(/The build was stopped/);
    expect(ran).toBe(false);
  });

  it("a signal's clean-up while render threads write pages removes the temporary folder, and no page is written into it afterwards", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-gate-'));
    const output = openOutput(path.join(root, 'build'), { root: path.join(root, 'project'), protectedDirs: [] });
    // Each page in a folder of its own, as a site's are: a thread's next page makes a folder.
    const pages = Array.from({ length: 4000 }, (_, i) => page(`/p${i}`, { kind: 'notFound', homeHref: `/home-${i}`, guidesHref: '/guides', apiHref: '/api' }));
    const rendering = renderSite(site, pages, { ...options, outDir: output.dir, gate: output.gate, threads: 2 }).then(
      () => 'finished',
      (e: Error) => e.message,
    );
    while (!fs.existsSync(output.dir) || fs.readdirSync(output.dir).length < 100) await new Promise((resolve) => setTimeout(resolve, 2));
    runCleanups(); // what the CLI's SIGINT and SIGTERM handler runs before it exits
    expect(fs.existsSync(output.dir)).toBe(false);
    expect(await rendering).not.toBe('finished');
    // The threads have ended; had one gone on writing, it would have made the folder again.
    expect(liveWorkers()).toBe(0);
    expect(fs.readdirSync(root)).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("a page that fails to render: once the render threads are terminated, none is counted inside the gate, so the failed build's output is removed at once", async () => {
    // Terminated between entering the gate and leaving it, a thread stayed counted inside, and
    // the removal waited two seconds for it: in three of five such failures.
    for (let run = 0; run < 5; run++) {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-gate-'));
      const output = openOutput(path.join(root, 'build'), { root: path.join(root, 'project'), protectedDirs: [] });
      const pages = Array.from({ length: 1200 }, (_, i) => page(`/p${i}`, { kind: 'notFound', homeHref: `/home-${i}`, guidesHref: '/guides', apiHref: '/api' }));
      pages[600] = page('/guides/broken', { kind: 'doc', doc: null as never });
      const failure = await renderSite(site, pages, { ...options, outDir: output.dir, gate: output.gate, threads: 2 }).catch((e: Error) => e.message);
      expect(failure).toMatch(/^Rendering the page \/guides\/broken failed/);
      expect(closeGate(output.gate), 'a thread was left inside the gate').toBe(true);
      output.abort();
      expect(fs.readdirSync(root)).toEqual([]);
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
