// What every cache entry was made by: docsgen's own code and templates, the installed
// dependencies that shape the output (React, markdown-it, highlight.js, …) and the V8 that
// serialized the entry. Any change to one of them makes every key new, so a cache restored on a
// CI machine after an upgrade is a full build, never a mix of two engines' pages.
import fs from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config/types';
import { packagePath } from '../paths';
import { dataDigest, digest } from './memo';

let engine: string | undefined;

export function engineDigest(): string {
  if (engine !== undefined) return engine;
  const parts: string[] = ['docsgen-cache-1', process.versions.v8];
  // npm's record of what is installed (versions and integrity of every package), else the manifest.
  for (const file of ['node_modules/.package-lock.json', 'package.json']) {
    const text = readText(packagePath(file));
    if (text !== undefined) {
      parts.push(file, text);
      break;
    }
  }
  for (const dir of ['src', 'templates', 'dist']) {
    const root = packagePath(dir);
    const files = listFiles(root);
    for (const rel of files) parts.push(`${dir}/${rel}`, fs.readFileSync(path.join(root, rel), 'utf8'));
  }
  return (engine = digest(...parts));
}

function listFiles(root: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return names.filter((rel) => fs.statSync(path.join(root, rel)).isFile()).sort();
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The config as the stages see it: where the output goes (`--out`) changes nothing they make. */
export function configDigest(config: ResolvedConfig): string {
  return dataDigest({ ...config, outDir: '' });
}
