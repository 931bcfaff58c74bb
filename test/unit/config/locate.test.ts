// Where a config key is written: the walk of the exported object literal, not a text search.
import { describe, expect, it } from 'vitest';
import { locateConfigKey, splitKeyPath, tokenize } from '../../../src/config/locate';
import { configSource } from '../../helpers/fixture';

/** Line and column of `keyPath`, as `line:column`. */
const at = (source: string, keyPath: string) => {
  const found = locateConfigKey(source, keyPath);
  return found && `${found.line}:${found.column}${found.exact ? '' : ' (parent)'}`;
};

describe('config/locate', () => {
  describe('#14 a nested key is found where it is written, not at the first key of its name', () => {
    const source = [
      "import { defineConfig } from 'docsgen';", // 1
      'export default defineConfig({', // 2
      "  title: 'API',", // 3
      "  url: 'https://docs.example.com',", // 4
      '  navbar: {', // 5
      '    items: [', // 6
      "      { label: 'Guides', to: '/guides' },", // 7
      "      { label: 'API', to: '/api', position: 'middle' },", // 8
      '    ],', // 9
      '    title: 42,', // 10
      '  },', // 11
      "  footer: { copyright: 'c', links: [{ label: 'x', to: 'y' }] },", // 12
      '});', // 13
    ].join('\n');

    it('navbar.title is the title inside navbar', () => {
      expect(at(source, 'navbar.title')).toBe('10:5');
      expect(at(source, 'title')).toBe('3:3');
    });

    it('follows array indexes', () => {
      expect(at(source, 'navbar.items[1].position')).toBe('8:35');
      expect(at(source, 'navbar.items[0].to')).toBe('7:26');
      expect(at(source, 'navbar.items[1]')).toBe('8:7');
      expect(at(source, 'footer.links[0].to')).toBe('12:51');
    });

    it('points a key that is not written at its closest written parent', () => {
      expect(at(source, 'footer.copyrightz')).toBe('12:3 (parent)');
      expect(at(source, 'navbar.items[5].to')).toBe('6:5 (parent)');
      expect(at(source, 'tagline')).toBe('2:29 (parent)');
    });
  });

  it('reads the quoted keys of a JSON-shaped config', () => {
    const source = configSource({ navbar: { title: 7, items: [] } });
    const lines = source.split('\n');
    const line = lines.findIndex((l) => l.includes('"title": 7')) + 1;
    expect(line).toBeGreaterThan(lines.findIndex((l) => l.includes('"title": "Test Docs"')) + 1);
    expect(at(source, 'navbar.title')).toBe(`${line}:5`);
  });

  it('is not fooled by braces and key names inside strings, comments, templates and regular expressions', () => {
    const source = [
      '// navbar: { title: 1 }', // 1
      '/* export default { title: 2 } */', // 2
      'const re = /[{}]title: /g;', // 3
      'const t = `${ { title: `}` }.title } navbar: {`;', // 4
      'export default {', // 5
      "  tagline: 'title: } {',", // 6
      '  announcementBar: { content: `<b>${"}"}</b>`, id: "navbar: {" },', // 7
      '  navbar: { logo: { alt: /}/.source }, title: 1 },', // 8
      '};', // 9
    ].join('\n');
    expect(at(source, 'navbar.title')).toBe('8:40');
    expect(at(source, 'announcementBar.id')).toBe('7:48');
    expect(at(source, 'navbar.logo.alt')).toBe('8:21');
  });

  it('finds the object of `export default config` declared with a type, and of defineConfig(config)', () => {
    const typed = "import type { UserConfig } from 'docsgen';\nconst config: UserConfig = {\n  navbar: { title: 1 },\n};\nexport default config;\n";
    expect(at(typed, 'navbar.title')).toBe('3:13');
    const wrapped = "const config = defineConfig({\n  footer: { copyright: 2 },\n});\nexport default defineConfig(config);\n";
    expect(at(wrapped, 'footer.copyright')).toBe('2:13');
    expect(at("module.exports = {\n  navbar: { title: 1 },\n};\n", 'navbar.title')).toBe('2:13');
  });

  it('takes the last of duplicate keys (it is the one JavaScript keeps) and steps over spreads and methods', () => {
    const source = "export default {\n  ...base,\n  title: 'a',\n  get x() { return { title: 3 }; },\n  title: 'b',\n} satisfies UserConfig;\n";
    expect(at(source, 'title')).toBe('5:3');
    expect(at(source, 'x')).toBe('4:7');
  });

  it('gives nothing when the config is not an object literal in the file', () => {
    expect(locateConfigKey('export default makeConfig();\n', 'navbar.title')).toBeUndefined();
    expect(locateConfigKey('const x = 1;\n', 'title')).toBeUndefined();
    expect(at('export default 5;\n', '')).toBe('1:1');
    expect(locateConfigKey("export default { title: 'unterminated }\n", 'title')).toBeUndefined();
  });

  it('splits dotted paths with indexes', () => {
    expect(splitKeyPath('navbar.items[1].to')).toEqual(['navbar', 'items', 1, 'to']);
    expect(splitKeyPath('a[0][2]')).toEqual(['a', 0, 2]);
  });

  it('tokenizes division and regular expressions apart', () => {
    expect(tokenize('a = b / c / d').filter((t) => t.type === 'regex')).toEqual([]);
    expect(tokenize('x = (1) / 2; y = /re/gi').map((t) => t.type)).toEqual(['ident', 'punct', 'punct', 'number', 'punct', 'punct', 'number', 'punct', 'ident', 'punct', 'regex']);
  });
});
