// The name a code block shows for its language (`ts` → `TypeScript`), shared by the guides'
// fences (src/content/plugins/code.ts) and the API's code blocks (templates/components/CodeBlock.tsx).
// A language not listed shows as written; plain text shows nothing (a label saying "text" tells
// the reader nothing).

const NAMES: Record<string, string> = {
  bash: 'Bash',
  c: 'C',
  cpp: 'C++',
  cs: 'C#',
  csharp: 'C#',
  css: 'CSS',
  curl: 'curl',
  diff: 'Diff',
  dockerfile: 'Dockerfile',
  go: 'Go',
  graphql: 'GraphQL',
  html: 'HTML',
  http: 'HTTP',
  ini: 'INI',
  java: 'Java',
  javascript: 'JavaScript',
  js: 'JavaScript',
  json: 'JSON',
  jsonc: 'JSON',
  jsx: 'JSX',
  kotlin: 'Kotlin',
  kt: 'Kotlin',
  markdown: 'Markdown',
  md: 'Markdown',
  node: 'Node.js',
  php: 'PHP',
  powershell: 'PowerShell',
  ps1: 'PowerShell',
  py: 'Python',
  python: 'Python',
  rb: 'Ruby',
  ruby: 'Ruby',
  rust: 'Rust',
  rs: 'Rust',
  sh: 'Shell',
  shell: 'Shell',
  sql: 'SQL',
  swift: 'Swift',
  toml: 'TOML',
  ts: 'TypeScript',
  tsx: 'TSX',
  typescript: 'TypeScript',
  xml: 'XML',
  yaml: 'YAML',
  yml: 'YAML',
  zsh: 'Zsh',
};

const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none']);

/** `ts` → `TypeScript`; an unknown language as written; `''` for plain text. */
export function languageLabel(language: string): string {
  const key = language.trim().toLowerCase();
  if (PLAIN.has(key)) return '';
  return NAMES[key] ?? language.trim();
}
