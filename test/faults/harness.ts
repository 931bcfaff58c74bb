// The fault probes run docsgen as a user does: `bin/docsgen.js` in a child process, in a real
// folder, with a deadline. Every probe asserts the exit code, the message, that the process
// ended in time (docsgen never hangs), and that no file it did not write changed.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../helpers/fixture';

export const bin = path.join(repoRoot, 'bin/docsgen.js');

export interface Run {
  /** Exit code, or null when it was ended by a signal (then `signal` says which). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from start to exit. */
  ms: number;
  /** True when the deadline passed and the probe killed it: docsgen hung. */
  hung: boolean;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** The process is killed (SIGKILL) after this long and the run reports `hung` (default 20 s). */
  timeoutMs?: number;
  /** Called once the process is started, e.g. to send it a signal. */
  onStart?: (child: ChildProcess, output: { stdout: () => string; stderr: () => string }) => void;
}

/** Runs `docsgen …args` in `cwd` and resolves when it exits (or is killed at the deadline). */
export function runDocsgen(args: string[], cwd: string, options: RunOptions = {}): Promise<Run> {
  const start = performance.now();
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', CI: 'true', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, options.timeoutMs ?? 20_000);
  options.onStart?.(child, { stdout: () => stdout, stderr: () => stderr });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - start, hung });
    });
  });
}

/**
 * A digest of every file and symlink under `dir` (path, kind, content), skipping the given
 * folder names at any depth: compare before and after a probe to prove nothing was touched.
 */
export function hashTree(dir: string, skip: string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string, rel: string) => {
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (skip.includes(entry.name)) continue;
      const a = path.join(abs, entry.name);
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) out.set(r, `link:${fs.readlinkSync(a)}`);
      else if (entry.isDirectory()) {
        out.set(`${r}/`, 'dir');
        walk(a, r);
      } else if (entry.isFile()) out.set(r, crypto.createHash('sha256').update(fs.readFileSync(a)).digest('hex'));
      else out.set(r, 'special'); // a pipe or a socket: reading it could wait for ever
    }
  };
  walk(dir, '');
  return out;
}

/** A one-operation spec (OpenAPI 3.0, YAML) whose response schema is `$ref: ref`; the `$ref` is on line 16, column 17. */
export const specWithRef = (ref: string) =>
  [
    'openapi: 3.0.3',
    'info: { title: Parcels, version: "1" }',
    'paths:',
    '  /parcels/{id}:',
    '    get:',
    '      operationId: getParcel',
    '      summary: Get a parcel',
    '      parameters:',
    '        - { name: id, in: path, required: true, schema: { type: string } }',
    '      responses:',
    '        "200":',
    '          description: The parcel',
    '          content:',
    '            application/json:',
    '              schema:',
    `                $ref: '${ref}'`,
    '',
  ].join('\n');
