// What `docsgen init` prints when it is done: the files it wrote, those it left alone, the
// package.json scripts it would not replace, and the commands to run next. Pure, for tests.
import type { InitResult } from './initProject';

export function formatInitReport(result: InitResult): string {
  const out: string[] = [];
  const where = result.displayDir === '.' ? 'this folder' : result.displayDir;
  if (result.created.length > 0) out.push(`Created in ${where}:`, ...result.created.map((f) => `  + ${f.path}`));
  if (result.extended.length > 0) out.push('Added to:', ...result.extended.map((f) => `  ~ ${f.path} (${(f.added ?? []).join(', ')})`));
  if (result.skipped.length > 0) out.push('Already there, left as they were:', ...result.skipped.map((f) => `  = ${f.path}`));
  for (const c of result.conflicts) {
    out.push(`(!) package.json already has a "${printable(c.name)}" script ("${printable(c.existing)}"), kept as it is; docsgen's would run "${c.wanted}". Run that command directly, or add it under another name.`);
  }
  out.push('', 'Next:');
  const steps: [string, string][] = [];
  if (result.displayDir !== '.') steps.push([`cd ${result.displayDir}`, '']);
  steps.push(result.hasDocsgen ? ['npm install', 'install the dependencies'] : ['npm install --save-dev docsgen', 'add docsgen to the project']);
  // A script init did not add (another command had its name) is shown as the command itself.
  const run = (name: string, command: string) => (result.conflicts.some((c) => c.name === name) ? `npx ${command}` : `npm run ${name}`);
  steps.push([run('docs:dev', 'docsgen serve --watch'), 'preview at http://127.0.0.1:3000/, updated as you save']);
  steps.push([run('docs:check', 'docsgen check-links'), 'check every link and anchor']);
  steps.push([run('docs:build', 'docsgen build'), `build the site into ${result.outDir}/`]);
  const width = Math.max(...steps.map(([cmd]) => cmd.length));
  for (const [cmd, what] of steps) out.push(`  ${what ? `${cmd.padEnd(width)}  # ${what}` : cmd}`);
  out.push('', `Then read ${result.guide}, and commit: the workflow in ${result.workflow} publishes the site to GitHub Pages (Settings → Pages → Source: GitHub Actions).`);
  return out.join('\n');
}

/** Text from the user's files, safe to print: no control characters (no terminal escapes). */
export const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
