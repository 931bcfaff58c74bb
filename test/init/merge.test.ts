// package.json and .gitignore are the only files init may change that it did not create, and
// only by adding: these tests hold it to that, byte for byte.
import { describe, expect, it } from 'vitest';
import { mergePackageJson, newPackageJson } from '../../src/init/packageJson';
import { gitignoreEntries, mergeGitignore } from '../../src/init/gitignore';

describe('package.json: the docs scripts are added, nothing else changes', () => {
  it('adds the three scripts after the existing ones, keeping every other byte', () => {
    const text = '{\n  "name": "widgets",\n  "version": "1.0",\n  "scripts": {\n    "test": "vitest"\n  },\n  "dependencies": { "docsgen": "^0.1.0" }\n}\n';
    const merged = mergePackageJson(text);
    expect(merged.added).toEqual(['docs:build', 'docs:dev', 'docs:check']);
    expect(merged.text).toBe(
      '{\n  "name": "widgets",\n  "version": "1.0",\n  "scripts": {\n    "test": "vitest",\n    "docs:build": "docsgen build",\n    "docs:dev": "docsgen serve --watch",\n    "docs:check": "docsgen check-links"\n  },\n  "dependencies": { "docsgen": "^0.1.0" }\n}\n',
    );
    expect(merged.hasDocsgen).toBe(true);
  });

  it('adds a scripts object when there is none, in the file\'s own indentation and line endings', () => {
    const text = '{\r\n\t"name": "widgets",\r\n\t"private": true\r\n}\r\n';
    const merged = mergePackageJson(text);
    expect(merged.text).toBe('{\r\n\t"name": "widgets",\r\n\t"private": true,\r\n\t"scripts": {\r\n\t\t"docs:build": "docsgen build",\r\n\t\t"docs:dev": "docsgen serve --watch",\r\n\t\t"docs:check": "docsgen check-links"\r\n\t}\r\n}\r\n');
    expect(JSON.parse(merged.text!).private).toBe(true);
    expect(merged.hasDocsgen).toBe(false);
  });

  it('fills an empty scripts object, and an empty package', () => {
    expect(JSON.parse(mergePackageJson('{ "scripts": {} }').text!).scripts).toEqual({ 'docs:build': 'docsgen build', 'docs:dev': 'docsgen serve --watch', 'docs:check': 'docsgen check-links' });
    expect(Object.keys(JSON.parse(mergePackageJson('{}').text!).scripts)).toEqual(['docs:build', 'docs:dev', 'docs:check']);
  });

  it('keeps a script of the same name with another command and reports it; adds the others', () => {
    const text = JSON.stringify({ scripts: { 'docs:build': 'vitepress build docs', 'docs:check': 'docsgen check-links' } }, null, 2);
    const merged = mergePackageJson(text);
    expect(merged.conflicts).toEqual([{ name: 'docs:build', existing: 'vitepress build docs', wanted: 'docsgen build' }]);
    expect(merged.added).toEqual(['docs:dev']);
    expect(JSON.parse(merged.text!).scripts).toEqual({ 'docs:build': 'vitepress build docs', 'docs:check': 'docsgen check-links', 'docs:dev': 'docsgen serve --watch' });
  });

  it('leaves the file alone when every script is there', () => {
    const text = JSON.stringify({ scripts: { 'docs:build': 'docsgen build', 'docs:dev': 'docsgen serve --watch', 'docs:check': 'docsgen check-links' } });
    expect(mergePackageJson(text)).toMatchObject({ text: undefined, added: [], conflicts: [] });
  });

  it('finds the top-level scripts, not a nested key of that name or one inside a string', () => {
    const text = '{\n  "description": "has \\"scripts\\": { in it",\n  "config": { "scripts": { "x": "y" } },\n  "scripts": { "a": "b" }\n}\n';
    const merged = JSON.parse(mergePackageJson(text).text!);
    expect(merged.config).toEqual({ scripts: { x: 'y' } });
    expect(Object.keys(merged.scripts)).toEqual(['a', 'docs:build', 'docs:dev', 'docs:check']);
  });

  it('refuses a file that is not a package.json object', () => {
    expect(() => mergePackageJson('{ "name": ')).toThrow(SyntaxError);
    expect(() => mergePackageJson('[]')).toThrow(SyntaxError);
    expect(() => mergePackageJson('{ "scripts": "npm test" }')).toThrow(SyntaxError);
  });

  it('writes a private package named after the folder when there is none', () => {
    expect(JSON.parse(newPackageJson('My API Docs'))).toEqual({
      name: 'my-api-docs',
      private: true,
      scripts: { 'docs:build': 'docsgen build', 'docs:dev': 'docsgen serve --watch', 'docs:check': 'docsgen check-links' },
    });
  });
});

describe('.gitignore: missing lines are appended', () => {
  const entries = gitignoreEntries('build');

  it('ignores the output folder and the cache', () => {
    expect(entries).toEqual(['build/', '.docsgen/']);
  });

  it('appends only what is missing, after the existing text', () => {
    const merged = mergeGitignore('node_modules\n/build\n', entries);
    expect(merged.added).toEqual(['.docsgen/']);
    expect(merged.text).toBe('node_modules\n/build\n\n# docsgen: the built site and its cache\n.docsgen/\n');
  });

  it('ends an unterminated last line before appending', () => {
    expect(mergeGitignore('node_modules', entries).text).toBe('node_modules\n\n# docsgen: the built site and its cache\nbuild/\n.docsgen/\n');
  });

  it('writes both to a new file, and nothing when both are there in any spelling', () => {
    expect(mergeGitignore(undefined, entries).text).toBe('# docsgen: the built site and its cache\nbuild/\n.docsgen/\n');
    expect(mergeGitignore('build\r\n/.docsgen\r\n', entries)).toEqual({ text: undefined, added: [] });
  });
});
