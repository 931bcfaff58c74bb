// The questions on a terminal, answered through streams: Enter takes the default in brackets,
// a wrong answer is explained and asked again, and a flag's answer is not asked for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askAnswers, isPromptAborted } from '../../src/init/prompt';

const defaults = { title: 'Widgets', siteUrl: 'https://acme.github.io/widgets/' };

function terminal(lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  let typed = 0;
  // Each answer is typed once its question is on screen (a question ends with ': ').
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
    if (shown.endsWith(': ') && typed < lines.length) input.write(`${lines[typed++]}\n`);
  });
  return { input, output, shown: () => shown };
}

describe('init questions', () => {
  it('takes the defaults on Enter and gives no spec for the sample', async () => {
    const t = terminal(['', '', '']);
    const answers = await askAnswers({}, defaults, { input: t.input, output: t.output, cwd: os.tmpdir() });
    expect(answers).toEqual({ title: 'Widgets', siteUrl: 'https://acme.github.io/widgets/', spec: undefined });
    expect(t.shown()).toContain('Site title (Widgets): ');
    expect(t.shown()).toContain('Address the site will be published at (https://acme.github.io/widgets/): ');
  });

  it('asks again after an address that is not a URL and a spec file that does not exist', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'docsgen-prompt-'));
    fs.writeFileSync(path.join(cwd, 'api.yaml'), 'openapi: 3.1.0\n');
    const t = terminal(['Acme API', 'docs.acme.dev', 'https://docs.acme.dev/', 'missing.yaml', 'api.yaml']);
    const answers = await askAnswers({}, defaults, { input: t.input, output: t.output, cwd });
    expect(answers).toEqual({ title: 'Acme API', siteUrl: 'https://docs.acme.dev/', spec: 'api.yaml' });
    expect(t.shown()).toContain('"docs.acme.dev" is not a URL');
    expect(t.shown()).toContain('There is no file missing.yaml here');
    fs.rmSync(cwd, { recursive: true, force: true });
  });

  it('does not ask what the flags gave', async () => {
    const t = terminal(['https://docs.acme.dev/']);
    const answers = await askAnswers({ title: 'Given', spec: 'https://api.acme.dev/openapi.json' }, defaults, { input: t.input, output: t.output, cwd: os.tmpdir() });
    expect(answers).toEqual({ title: 'Given', siteUrl: 'https://docs.acme.dev/', spec: 'https://api.acme.dev/openapi.json' });
    expect(t.shown()).not.toContain('Site title');
    expect(t.shown()).not.toContain('OpenAPI spec');
  });

  it('stops when the input ends at a question (Ctrl+D), so nothing is written', async () => {
    const t = terminal(['Acme API']);
    t.output.on('data', () => {
      if (t.shown().includes('Address the site')) t.input.end();
    });
    const answered = askAnswers({}, defaults, { input: t.input, output: t.output, cwd: os.tmpdir() });
    const error = await answered.then(() => undefined, (e: unknown) => e);
    expect(isPromptAborted(error)).toBe(true);
  });
});
