// Reading V8 .cpuprofile files (node --cpu-prof) for bench/profile.mjs: self time per function,
// within time windows (the stages of a build), with the compiled CLI's functions mapped back to
// their TypeScript source through the bundle's inline source maps.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Categories of V8's pseudo-functions; everything else is JavaScript or a builtin. */
const PSEUDO = { '(idle)': 'idle', '(program)': 'program', '(garbage collector)': 'gc', '(root)': 'root' };

export function readProfile(file) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const urls = new Set(profile.nodes.map((n) => n.callFrame.url));
  // Which thread wrote it (the file name has the thread id, 0 for the main thread); a worker is
  // told by what it ran: the render threads run React, the spec's validation thread ajv.
  const has = (part) => [...urls].some((u) => u.includes(part));
  const thread = /\.0\.\d+\.cpuprofile$/.test(file) ? 'main' : has('render-worker') || has('/react-dom/') ? 'render worker' : has('validate-worker') || has('/ajv/') ? 'validate worker' : 'worker';
  return { file, thread, profile };
}

const maps = new Map();

/** The source map inlined in a compiled file, or null. */
function sourceMapOf(url) {
  if (maps.has(url)) return maps.get(url);
  let map = null;
  try {
    const text = fs.readFileSync(fileURLToPath(url), 'utf8');
    const m = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(text);
    if (m) map = { map: new SourceMap(JSON.parse(Buffer.from(m[1], 'base64').toString('utf8'))), dir: path.dirname(fileURLToPath(url)) };
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

/** A call frame as `file:line`, relative to the repository, through the source map when there is one. */
export function locate(callFrame) {
  const { url, lineNumber, columnNumber } = callFrame;
  if (!url) return { file: '(native)', line: 0 };
  if (!url.startsWith('file:')) return { file: url, line: lineNumber + 1 };
  const sm = /\/\.cache\/docsgen\/(?:[^/]+\/)?dist\//.test(url) ? sourceMapOf(url) : null;
  if (sm) {
    const entry = sm.map.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) {
      const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(sm.dir, entry.originalSource);
      return { file: path.relative(ROOT, source), line: entry.originalLine + 1 };
    }
  }
  return { file: path.relative(ROOT, fileURLToPath(url)), line: lineNumber + 1 };
}

/** The group a file belongs to: a docsgen folder (src/render), a package (react-dom), node, native. */
export function groupOf(file) {
  if (file.startsWith('(')) return file;
  if (file.startsWith('node:')) return 'node internals';
  const nm = file.lastIndexOf('node_modules/');
  if (nm !== -1) {
    const rest = file.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const parts = file.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * Self time (µs) per function of one profile, for each window [startUs, endUs) it falls in.
 * A sample lasts until the next one (as Chrome's DevTools count it).
 * Returns Map<windowName, Map<key, { name, file, line, kind, us }>>, with samples outside every
 * window under `outside`; its `inclusive` property maps each window to the total time of each of
 * docsgen's own functions (src/, templates/) with it anywhere on the stack (JavaScript samples only).
 */
export function selfTimes(profile, windows, outside = '(outside the stages)') {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const frames = new Map();
  const frameOf = (id) => {
    let f = frames.get(id);
    if (!f) {
      const { callFrame } = byId.get(id);
      const kind = PSEUDO[callFrame.functionName] ?? 'js';
      const { file, line } = kind === 'js' ? locate(callFrame) : { file: `(${kind})`, line: 0 };
      const name = kind === 'js' ? callFrame.functionName || '(anonymous)' : callFrame.functionName;
      f = { key: `${file}:${line}:${name}`, name, file, line, kind };
      frames.set(id, f);
    }
    return f;
  };
  const result = new Map();
  const inclusive = new Map(); // window → Map<key, frame with us> of docsgen's own functions
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Docsgen's own functions (src/, templates/) on a sample's stack, each counted once.
  const ownStack = new Map();
  const ownFramesOf = (id) => {
    let list = ownStack.get(id);
    if (!list) {
      const seen = new Map();
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const f = frameOf(at);
        if (f.kind === 'js' && /^(src|templates)\//.test(f.file)) seen.set(f.key, f);
      }
      ownStack.set(id, (list = [...seen.values()]));
    }
    return list;
  };
  const { samples, timeDeltas } = profile;
  let t = profile.startTime;
  const times = new Array(samples.length);
  for (let i = 0; i < samples.length; i++) times[i] = t += timeDeltas[i];
  for (let i = 0; i < samples.length; i++) {
    const duration = (i + 1 < samples.length ? times[i + 1] : profile.endTime) - times[i];
    if (duration <= 0) continue;
    const w = windows.find((x) => times[i] >= x.startUs && times[i] < x.endUs);
    const bucketName = w ? w.name : outside;
    let bucket = result.get(bucketName);
    if (!bucket) result.set(bucketName, (bucket = new Map()));
    const f = frameOf(samples[i]);
    const entry = bucket.get(f.key);
    if (entry) entry.us += duration;
    else bucket.set(f.key, { ...f, us: duration });
    if (f.kind !== 'js') continue;
    let inc = inclusive.get(bucketName);
    if (!inc) inclusive.set(bucketName, (inc = new Map()));
    for (const o of ownFramesOf(samples[i])) {
      const e = inc.get(o.key);
      if (e) e.us += duration;
      else inc.set(o.key, { ...o, us: duration });
    }
  }
  result.inclusive = inclusive;
  return result;
}
