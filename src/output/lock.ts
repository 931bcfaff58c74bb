// One build at a time per output folder. Two builds swapping the same folder would each rename
// the other's work away; the second one stops at once and names the first. A lock whose process
// is gone (killed, crashed) is taken over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';

interface LockOwner {
  pid: number;
  host: string;
}

/** `.build.docsgen-lock` beside `build/`: inside it, the lock would be swapped away with the folder. */
export function lockPath(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.docsgen-lock`);
}

/** Takes the output folder's lock, or throws naming the build that holds it. Returns the release. */
export function lockOutput(outDir: string): () => void {
  const file = lockPath(outDir);
  const me: LockOwner = { pid: process.pid, host: os.hostname() };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      break;
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw lockFailed(outDir, file, cause);
      const owner = readOwner(file);
      if (owner && isAlive(owner)) {
        throw new DocsgenError([
          error('out-dir-locked', `Another docsgen build (pid ${owner.pid}${owner.host === me.host ? '' : ` on ${owner.host}`}) is writing ${outDir}.`, {
            location: { file: outDir },
            hint: `Wait for it to finish, or choose another folder with --out. If no build is running, delete ${file}.`,
          }),
        ]);
      }
      fs.rmSync(file, { force: true }); // its build is gone
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (readOwner(file)?.pid === me.pid) fs.rmSync(file, { force: true });
  };
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : undefined;
  } catch {
    return undefined; // being written, or not ours: treated as stale
  }
}

/** Whether a process (of this machine) still runs; another machine's is assumed to. */
export function isAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockFailed(outDir: string, file: string, cause: unknown): DocsgenError {
  const parent = path.dirname(outDir);
  return new DocsgenError([error('output-failed', `Cannot create ${file} beside the output folder: ${(cause as Error).message}`, { location: { file: outDir }, hint: `${parent} must be writable: docsgen builds the site in a temporary folder there and swaps it in.` })], { cause });
}
