// Before any test: compile the CLI bundle once (so parallel test files never race to compile
// it), make sure Chromium is there for the browser tests, and give the run one temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain JS module without types
import { compiled } from '../../bin/compile.js';
import { ensureChromium } from './ensureChromium';

export default async function setup() {
  ensureChromium();
  await compiled('cli');
  // Every temporary folder of the tests (their sites, outputs, browser profiles, the CLI runs
  // they start) goes into this one, removed when the run ends: each run used to leave about
  // 200 folders and 400 MB in /tmp. The test processes inherit TMPDIR, and os.tmpdir() reads it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-tests-'));
  // Open like /tmp itself (world-writable, sticky): the read-only folder tests run the CLI as
  // an unprivileged user when CI runs as root, and mkdtemp's 0700 would lock that user out.
  fs.chmodSync(dir, 0o1777);
  process.env.TMPDIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
