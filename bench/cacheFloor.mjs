// The least a `docsgen build` from its cache can do on this machine (bench/incremental.mjs runs
// it as a process of its own, measured like the builds): start Node, load docsgen's build code,
// read and hash every input file of the site, and make a new output folder of an earlier
// build's files, each folder made and each file hard-linked from that build's output (on one
// thread: two threads splitting the folders between them were no faster here). No page is made,
// rendered or checked, no cache entry read, no search index made. So (c), (d) and (e) of the
// incremental section can be read against it: what they spend above it is docsgen's own work.
//
//   node bench/cacheFloor.mjs --api <bin/api.js> --site <folder> --from <output> --list <json> --to <new folder>
//
// `--list`: a JSON file { dirs, files } of the output's folders (each after its parent) and
// files, relative paths, as a build knows them before it writes (listOutput, below).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The folders (each after its parent) and files of `dir`, relative paths. */
export function listOutput(dir) {
  const dirs = [];
  const files = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        dirs.push(child);
        walk(child);
      } else files.push(child);
    }
  };
  walk('');
  return { dirs, files };
}

/** Reads and hashes every file under `site` but its build cache; returns { files, bytes }. */
export function hashInputs(site) {
  let files = 0;
  let bytes = 0;
  const whole = crypto.createHash('sha1');
  for (const entry of fs.readdirSync(site, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath ?? entry.path, entry.name);
    if (path.relative(site, abs).split(path.sep)[0] === '.docsgen') continue;
    const content = fs.readFileSync(abs);
    // A digest per file and one of them all: what a cache compares with its last build's (only
    // its cost counts here).
    whole.update(crypto.createHash('sha1').update(content).digest());
    files++;
    bytes += content.length;
  }
  whole.digest();
  return { files, bytes };
}

/** Makes `to` with every folder of `list`, and every file linked from `from`. */
export function linkOutput(from, to, list) {
  fs.mkdirSync(to);
  for (const dir of list.dirs) fs.mkdirSync(path.join(to, dir));
  for (const file of list.files) fs.linkSync(path.join(from, file), path.join(to, file));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const [api, site, from, listFile, to] = ['--api', '--site', '--from', '--list', '--to'].map(opt);
  if (!api || !site || !from || !listFile || !to) {
    console.error('usage: node bench/cacheFloor.mjs --api <bin/api.js> --site <folder> --from <output> --list <json> --to <new folder>');
    process.exit(2);
  }
  await import(pathToFileURL(api).href);
  const inputs = hashInputs(site);
  const list = JSON.parse(fs.readFileSync(listFile, 'utf8'));
  linkOutput(from, to, list);
  console.log(JSON.stringify({ inputs, folders: list.dirs.length, files: list.files.length }));
}
