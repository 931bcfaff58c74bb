// `docsgen init` as a function: reads what it needs from the folder (its package.json and
// .gitignore, the repository around it, the spec file it was given), plans the scaffold and
// writes it without replacing any file. The CLI asks the questions; this takes the answers.
import fs from 'node:fs';
import path from 'node:path';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import { checkSiteUrl, defaultTitle, FALLBACK_SITE_URL, githubPagesUrl, headBranch, isSpecUrl, originUrl, type InitAnswers, type SpecSource } from './answers';
import { OUT_DIR, planInit, type PlannedFile } from './plan';
import { writePlan } from './write';
import type { ScriptConflict } from './packageJson';
import { SAMPLE_SPEC_FILE } from './templates/sampleSpec';
import { GUIDE_FILE } from './templates/guide';
import { WORKFLOW_FILE } from './templates/workflow';

export interface InitOptions {
  /** The project folder; created when missing. @default the working directory */
  dir?: string;
  title?: string;
  /** The published address, path included (`https://acme.github.io/widgets/`). */
  siteUrl?: string;
  /** A spec file (relative to `cwd`) or an http(s) URL; unset: a sample spec is written. */
  spec?: string;
  /** What relative paths are relative to, and what the report's paths are shown from. @default process.cwd() */
  cwd?: string;
}

export interface InitResult {
  /** The project folder as the user named it, relative to cwd (`.` for the working directory). */
  displayDir: string;
  created: PlannedFile[];
  extended: PlannedFile[];
  skipped: PlannedFile[];
  conflicts: ScriptConflict[];
  hasDocsgen: boolean;
  answers: InitAnswers;
  outDir: string;
  guide: string;
  workflow: string;
}

export interface InitDefaults {
  title: string;
  siteUrl: string;
}

/** The answers proposed before asking: a title from package.json or the folder, the GitHub Pages address from the origin remote. */
export function initDefaults(dir: string): InitDefaults {
  const root = path.resolve(dir);
  const pkgName = readJsonName(path.join(root, 'package.json'));
  const repo = findRepositoryRoot(root);
  const remote = repo ? originUrl(readText(path.join(repo, '.git', 'config')) ?? '') : undefined;
  return { title: defaultTitle(pkgName ?? path.basename(root)), siteUrl: (remote && githubPagesUrl(remote)) || FALLBACK_SITE_URL };
}

export function initProject(options: InitOptions = {}): InitResult {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const root = path.resolve(cwd, options.dir ?? '.');
  if (fs.existsSync(root) && !fs.statSync(root).isDirectory()) {
    throw new DocsgenError([error('init-not-a-folder', `${options.dir} is a file, not a folder: docsgen init writes a project into a folder.`, { hint: 'Give a folder (it is created when missing), or leave it out for the working directory.' })]);
  }
  const defaults = initDefaults(root);
  const siteUrl = options.siteUrl ?? defaults.siteUrl;
  const urlProblem = checkSiteUrl(siteUrl);
  if (urlProblem) throw new DocsgenError([error('init-bad-url', urlProblem, { hint: 'Pass --url with the address the site will be published at.' })]);
  const repo = findRepositoryRoot(root) ?? root;
  const { spec, specText } = resolveSpec(options.spec, cwd, root, repo);
  const answers: InitAnswers = { title: options.title?.trim() || defaults.title, siteUrl, spec };

  fs.mkdirSync(root, { recursive: true });
  const packageJsonFile = path.join(root, 'package.json');
  const packageJson = readText(packageJsonFile);
  let plan;
  try {
    plan = planInit({
      answers,
      folderName: path.basename(root),
      projectDir: toPosix(path.relative(repo, root)),
      // The workflow publishes the branch the repository is on (a new repository's may be master).
      branch: headBranch(readText(path.join(repo, '.git', 'HEAD')) ?? ''),
      specText,
      packageJson,
      gitignore: readText(path.join(root, '.gitignore')),
    });
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    throw new DocsgenError([
      error('init-package-json-invalid', `${path.relative(cwd, packageJsonFile) || packageJsonFile} could not be read as a package.json (${e.message}), so the docs scripts were not added and nothing was written.`, {
        location: { file: packageJsonFile },
        hint: 'Fix the file (npm reads it too), then run docsgen init again.',
      }),
    ]);
  }
  const written = writePlan(root, plan.files);
  const toRoot = toPosix(path.relative(root, repo));
  return {
    displayDir: toPosix(path.relative(cwd, root)) || '.',
    ...written,
    conflicts: plan.conflicts,
    hasDocsgen: plan.hasDocsgen,
    answers,
    outDir: OUT_DIR,
    guide: GUIDE_FILE,
    workflow: toRoot ? `${toRoot}/${WORKFLOW_FILE}` : WORKFLOW_FILE,
  };
}

/**
 * A spec inside the repository is referenced where it is (a copy would go stale, and would lose
 * the files its `$ref`s name); one outside it (a download) is copied into the project, since CI
 * could not read it where it is.
 */
function resolveSpec(answer: string | undefined, cwd: string, root: string, repo: string): { spec: SpecSource; specText?: string } {
  const given = answer?.trim();
  if (!given) return { spec: { kind: 'sample', file: SAMPLE_SPEC_FILE } };
  if (isSpecUrl(given)) return { spec: { kind: 'url', url: given } };
  const file = path.resolve(cwd, given);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new DocsgenError([
      error('init-spec-not-found', `The spec file ${given} does not exist${fs.existsSync(file) ? ' as a file' : ''} (looked for ${file}).`, {
        hint: 'Pass --spec with the path of an OpenAPI file (YAML or JSON) or an http(s) URL, or leave it out to start from a sample spec.',
      }),
    ]);
  }
  if (isInside(file, repo)) return { spec: { kind: 'file', file: toPosix(path.relative(root, file)) } };
  const ext = /\.(ya?ml|json)$/i.exec(file)?.[0].toLowerCase() ?? '.yaml';
  return { spec: { kind: 'file', file: `openapi${ext}`, copyFrom: file }, specText: fs.readFileSync(file, 'utf8') };
}

/** The nearest folder at or above `dir` holding `.git` (a folder, or a file in a worktree). */
export function findRepositoryRoot(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, '.git'))) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

const isInside = (file: string, dir: string) => {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

const toPosix = (p: string) => p.split(path.sep).join('/');

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function readJsonName(file: string): string | undefined {
  try {
    const name = JSON.parse(fs.readFileSync(file, 'utf8')).name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}
