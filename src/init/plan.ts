// `docsgen init` as data: from the answers and what the folder already holds, the list of files
// to create (with their contents) and the two files to extend by adding only (package.json and
// .gitignore). Pure: reading the folder and writing the plan are initProject's and write.ts's jobs.
import path from 'node:path';
import type { InitAnswers } from './answers';
import { configFile, CONFIG_FILE } from './templates/config';
import { guide, GUIDE_FILE } from './templates/guide';
import { sampleSpec } from './templates/sampleSpec';
import { workflow, WORKFLOW_FILE } from './templates/workflow';
import { preCommitConfig, PRE_COMMIT_FILE } from './templates/preCommit';
import { mergePackageJson, newPackageJson, type ScriptConflict } from './packageJson';
import { gitignoreEntries, mergeGitignore } from './gitignore';

/** The output folder the scaffold builds into (docsgen's default). */
export const OUT_DIR = 'build';

export interface PlanInput {
  answers: InitAnswers;
  /** The project folder's name, for a new package.json. */
  folderName: string;
  /** The project folder relative to the repository root, `/`-separated; '' when it is the root (or there is no repository). */
  projectDir: string;
  /** The branch whose pushes the workflow publishes. @default 'main' */
  branch?: string;
  /** The text of the spec to copy into the project (`answers.spec.copyFrom`). */
  specText?: string;
  /** The project's package.json and .gitignore as they are, when they exist. */
  packageJson?: string;
  gitignore?: string;
}

export interface PlannedFile {
  /** Relative to the project folder, `/`-separated (`../.github/…` when the repository root is above it). */
  path: string;
  content: string;
  /** `create` never replaces a file; `extend` rewrites one with lines or keys added only. */
  action: 'create' | 'extend';
  /** For `extend`: what was added (script names, .gitignore lines). */
  added?: string[];
}

export interface InitPlan {
  files: PlannedFile[];
  /** Scripts package.json already has under init's names with other commands: kept, reported. */
  conflicts: ScriptConflict[];
  /** Whether package.json lists docsgen (a new one does not). */
  hasDocsgen: boolean;
}

export function planInit(input: PlanInput): InitPlan {
  const { answers, projectDir } = input;
  const toRoot = projectDir === '' ? '' : projectDir.split('/').map(() => '..').join('/');
  const atRoot = (file: string) => (toRoot ? `${toRoot}/${file}` : file);
  const files: PlannedFile[] = [
    create(CONFIG_FILE, configFile(answers)),
    create(GUIDE_FILE, guide(answers.spec)),
  ];
  if (answers.spec.kind === 'sample') files.push(create(answers.spec.file, sampleSpec));
  if (answers.spec.kind === 'file' && answers.spec.copyFrom !== undefined) files.push(create(answers.spec.file, input.specText ?? ''));
  files.push(create(atRoot(WORKFLOW_FILE), workflow({ projectDir, outDir: OUT_DIR, branch: input.branch ?? 'main' })));
  files.push(create(atRoot(PRE_COMMIT_FILE), preCommitConfig({ projectDir, specFromRoot: specFromRoot(answers, projectDir) })));

  let conflicts: ScriptConflict[] = [];
  let hasDocsgen = false;
  if (input.packageJson === undefined) files.push(create('package.json', newPackageJson(input.folderName)));
  else {
    const merged = mergePackageJson(input.packageJson);
    conflicts = merged.conflicts;
    hasDocsgen = merged.hasDocsgen;
    if (merged.text !== undefined) files.push({ path: 'package.json', content: merged.text, action: 'extend', added: merged.added });
  }
  const ignore = mergeGitignore(input.gitignore, gitignoreEntries(OUT_DIR));
  if (ignore.text !== undefined) files.push({ path: '.gitignore', content: ignore.text, action: input.gitignore === undefined ? 'create' : 'extend', added: ignore.added });
  return { files, conflicts, hasDocsgen };
}

const create = (file: string, content: string): PlannedFile => ({ path: file, content, action: 'create' });

/** The spec file as the repository root sees it, when it is a file inside the repository. */
function specFromRoot(answers: InitAnswers, projectDir: string): string | undefined {
  if (answers.spec.kind === 'url') return undefined;
  const fromRoot = path.posix.normalize(projectDir ? `${projectDir}/${answers.spec.file}` : answers.spec.file);
  return fromRoot.startsWith('../') ? undefined : fromRoot;
}
