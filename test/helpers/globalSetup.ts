// Before any test: compile the CLI bundle once (so parallel test files never race to compile
// it), and make sure Chromium is there for the browser tests.
// @ts-expect-error plain JS module without types
import { compiled } from '../../bin/compile.js';
import { ensureChromium } from './ensureChromium';

export default async function setup() {
  ensureChromium();
  await compiled('cli');
}
