// The questions `docsgen init` asks on a terminal: each shows its default in brackets (Enter
// takes it) and is asked again while the answer cannot be used. Flags given on the command line
// are not asked about. The streams are parameters so a test can answer without a terminal.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { checkSiteUrl, isSpecUrl } from './answers';
import type { InitDefaults } from './initProject';

/** True for the error a question rejects with when the user pressed Ctrl+C or Ctrl+D. */
export const isPromptAborted = (e: unknown) => (e as Error)?.name === 'AbortError';

export interface PromptAnswers {
  title?: string;
  siteUrl?: string;
  spec?: string;
}

export async function askAnswers(given: PromptAnswers, defaults: InitDefaults, io: { input: Readable; output: Writable; cwd: string }): Promise<PromptAnswers> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: io.input, output: io.output });
  // Ctrl+C or Ctrl+D at a question ends init before it writes anything (the CLI says so).
  const stop = new AbortController();
  rl.on('SIGINT', () => stop.abort());
  rl.on('close', () => stop.abort());
  const ask = async (question: string, fallback: string, check: (answer: string) => string | undefined) => {
    for (;;) {
      const answer = (await rl.question(`${question}${fallback ? ` (${fallback})` : ''}: `, { signal: stop.signal })).trim() || fallback;
      const problem = check(answer);
      if (!problem) return answer;
      io.output.write(`  ${problem}\n`);
    }
  };
  try {
    const title = given.title ?? (await ask('Site title', defaults.title, (a) => (a ? undefined : 'The site needs a title.')));
    const siteUrl = given.siteUrl ?? (await ask('Address the site will be published at', defaults.siteUrl, checkSiteUrl));
    const spec =
      given.spec ??
      (await ask('OpenAPI spec: a file or a URL (Enter for a sample spec)', '', (a) => {
        if (a === '' || isSpecUrl(a)) return undefined;
        return fs.existsSync(path.resolve(io.cwd, a)) ? undefined : `There is no file ${a} here; give a path from ${io.cwd}, a URL, or press Enter.`;
      }));
    return { title, siteUrl, spec: spec || undefined };
  } finally {
    rl.close();
  }
}
