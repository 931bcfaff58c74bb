// `docsgen build | head -1`: the reader goes away after the first line. The build must still
// finish and write its whole output folder, and exit with its own code, not die of EPIPE.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, repoRoot, writeFiles } from '../helpers/fixture';

const bin = path.join(repoRoot, 'bin/docsgen.js');

describe('a closed pipe', () => {
  it('drops the rest of the output and lets the build finish', async () => {
    const dir = writeFiles({ 'content/guides/a.md': '---\ntitle: A\n---\nHello.\n', 'content/guides/b.md': '---\ntitle: B\n---\nAgain.\n' });
    const child = spawn(process.execPath, [bin, 'build'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // The first line is "No build cache … yet"; the summary comes after the build, into a closed pipe.
    const first = await new Promise<string>((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk))));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(first).toContain('No build cache');
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'build/guides/b/index.html'))).toBe(true);
    // No temporary folder left beside the output.
    expect(fs.readdirSync(dir).filter((f) => f.includes('docsgen-tmp'))).toEqual([]);
    expect(listFiles(path.join(dir, 'build')).length).toBeGreaterThan(5);
  }, 60_000);
});
