// The pre-commit framework's config `docsgen init` writes: a local hook running the project's
// docs:check script (check-links, about a second) when a commit touches the guides, the config
// or the spec file. pre-commit stashes unstaged changes first, so it checks what is committed.
export const PRE_COMMIT_FILE = '.pre-commit-config.yaml';

export interface PreCommitOptions {
  /** The project folder relative to the repository root, `/`-separated; '' when it is the root. */
  projectDir: string;
  /** The spec file relative to the repository root, when the spec is a file inside it. */
  specFromRoot?: string;
}

export function preCommitConfig({ projectDir, specFromRoot }: PreCommitOptions): string {
  const prefix = projectDir ? `${projectDir}/` : '';
  const watched = [`${regex(prefix)}content/`, `${regex(prefix)}docsgen\\.config\\.ts$`];
  if (specFromRoot) watched.push(`${regex(specFromRoot)}$`);
  // pre-commit runs hooks from the repository root; npm --prefix runs the script in the project.
  const run = projectDir ? `npm --prefix ${projectDir} run --silent docs:check -- --quiet` : 'npm run --silent docs:check -- --quiet';
  return `# Broken links fail the commit. Enable once per clone: pre-commit install
# (https://pre-commit.com). --quiet hides warnings, which never block a commit.
repos:
  - repo: local
    hooks:
      - id: docsgen-check-links
        name: docsgen check-links
        entry: ${run}
        language: system
        pass_filenames: false
        files: ^(${watched.join('|')})
`;
}

const regex = (path: string) => path.replace(/[.+*?^$()[\]{}|\\]/g, '\\$&');
