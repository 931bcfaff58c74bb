// #21 Branding in the config: the logo (light and dark), the favicon, the primary colour's
// palette with its contrast warnings, fonts and a custom stylesheet, as the built pages and
// files show them; a file the config names that does not exist stops the build at its key.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFails, buildFiles, configSource, listFiles, type Fixture } from '../helpers/fixture';
import { versionedSite } from '../helpers/versionedSite';
import { wcagContrast } from '../unit/branding/wcag';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><rect width="120" height="32" fill="#2563eb"/></svg>';
const LOGO_DARK = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><rect width="120" height="32" fill="#bfdbfe"/></svg>';
const CUSTOM_CSS = '.navbar-title { letter-spacing: 0.02em; }\n';

const guide = { 'content/guides/start.md': '---\ntitle: Start\n---\nRead [the other page](./other.md).\n', 'content/guides/other.md': '---\ntitle: Other\n---\nText.\n' };

const branded = (config: Record<string, unknown> = {}) => ({
  'docsgen.config.ts': configSource({
    favicon: 'static/Favicon.PNG',
    navbar: { logo: { alt: 'Acme Maps', src: 'static/logo.svg', srcDark: 'static/logo-dark.svg', href: 'https://acme.example' }, items: [{ label: 'Guides', to: '/guides/start', position: 'left' }] },
    branding: {
      primaryColor: '#2563EB',
      fonts: { body: "'Brand Sans', system-ui, sans-serif", code: "'Brand Mono', monospace", files: [{ family: 'Brand Sans', src: 'static/fonts/BrandSans.woff2', weight: '100 900' }] },
      customCss: 'static/custom.css',
    },
    ...config,
  }),
  ...guide,
  'static/logo.svg': LOGO,
  'static/logo-dark.svg': LOGO_DARK,
  'static/Favicon.PNG': 'not really a png',
  'static/fonts/BrandSans.woff2': 'not really a font',
  'static/custom.css': CUSTOM_CSS,
});

const HASHED = '[0-9a-f]{10}';

describe('#21 branding', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await buildFiles(branded());
  });
  const out = (href: string) => path.join(f.result.config.outDir, href.replace(/^\//, ''));

  it('shows the logo in the navbar, its dark variant beside it for dark mode, linked where navbar.logo.href says', () => {
    const $ = f.$('guides/start/index.html');
    const images = $('.navbar-brand img');
    expect(images.map((_, img) => $(img).attr('class')).get()).toEqual(['navbar-logo navbar-logo-image navbar-logo-light', 'navbar-logo navbar-logo-image navbar-logo-dark']);
    expect(images.map((_, img) => $(img).attr('alt')).get()).toEqual(['Acme Maps', 'Acme Maps']);
    expect($('.navbar-brand svg')).toHaveLength(0);
    expect($('.navbar-brand').attr('href')).toBe('https://acme.example');
    const [light, dark] = images.map((_, img) => $(img).attr('src')!).get();
    expect(light).toMatch(new RegExp(`^/assets/brand/logo\\.${HASHED}\\.svg$`));
    expect(dark).toMatch(new RegExp(`^/assets/brand/logo-dark\\.${HASHED}\\.svg$`));
    expect(fs.readFileSync(out(light), 'utf8')).toBe(LOGO);
    expect(fs.readFileSync(out(dark), 'utf8')).toBe(LOGO_DARK);
  });

  it('links the favicon with its type, copied under a hashed, lower-case name', () => {
    const icon = f.$('index.html')('link[rel="icon"]');
    expect(icon.attr('type')).toBe('image/png');
    expect(icon.attr('href')).toMatch(new RegExp(`^/assets/brand/favicon\\.${HASHED}\\.png$`));
    expect(fs.readFileSync(out(icon.attr('href')!), 'utf8')).toBe('not really a png');
  });

  it('links the custom stylesheet after the built-in one, under a hashed name', () => {
    const $ = f.$('guides/other/index.html');
    const sheets = $('link[rel="stylesheet"]').map((_, l) => $(l).attr('href')!).get();
    expect(sheets).toHaveLength(2);
    expect(sheets[0]).toMatch(new RegExp(`^/assets/css/styles\\.${HASHED}\\.css$`));
    expect(sheets[1]).toMatch(new RegExp(`^/assets/brand/custom\\.${HASHED}\\.css$`));
    expect(fs.readFileSync(out(sheets[1]), 'utf8')).toBe(CUSTOM_CSS);
  });

  it('ends the stylesheet with the palette of the primary colour for both modes, the fonts and their @font-face', () => {
    const $ = f.$('index.html');
    const css = fs.readFileSync(out($('link[rel="stylesheet"]').first().attr('href')!), 'utf8');
    const branding = css.slice(css.indexOf('/* branding'));
    expect(branding).toContain(":root,\n[data-theme='light'] {\n  --c-accent: #2563eb;\n");
    const darkAccent = /\[data-theme='dark'\] \{\n {2}--c-accent: (#[0-9a-f]{6});/.exec(branding)![1];
    expect(wcagContrast(darkAccent, '#0e1318')).toBeGreaterThanOrEqual(4.5);
    expect(darkAccent).not.toBe('#43d1be'); // the built-in teal
    expect(branding).toContain(":root {\n  --font-sans: 'Brand Sans', system-ui, sans-serif;\n  --font-mono: 'Brand Mono', monospace;\n}");
    const face = /@font-face \{\n {2}font-family: 'Brand Sans';\n {2}src: url\('\.\.\/brand\/(brandsans\.[0-9a-f]{10}\.woff2)'\) format\('woff2'\);\n {2}font-weight: 100 900;\n {2}font-style: normal;\n {2}font-display: swap;\n\}/.exec(branding);
    expect(face).not.toBeNull();
    // The font's URL is relative to the stylesheet (assets/css/): assets/brand/<file>.
    expect(fs.readFileSync(path.join(f.result.config.outDir, 'assets/brand', face![1]), 'utf8')).toBe('not really a font');
    expect(f.logger.diagnostics).toEqual([]);
  });

  it('keeps the built-in look without branding: mark, favicon, one stylesheet, no palette', async () => {
    const plain = await buildFiles({ 'docsgen.config.ts': configSource({ navbar: { items: [{ label: 'Guides', to: '/guides/start', position: 'left' }] } }), ...guide });
    const $ = plain.$('guides/start/index.html');
    expect($('.navbar-brand svg.navbar-logo')).toHaveLength(1);
    expect($('.navbar-brand img')).toHaveLength(0);
    expect($('.navbar-brand').attr('href')).toBe('/');
    expect($('link[rel="icon"]').attr('href')).toBe('/img/favicon.svg');
    expect($('link[rel="icon"]').attr('type')).toBeUndefined();
    expect($('link[rel="stylesheet"]')).toHaveLength(1);
    expect(plain.read($('link[rel="stylesheet"]').attr('href')!.slice(1))).not.toContain('/* branding');
    expect(listFiles(plain.result.config.outDir).filter((file) => file.startsWith('assets/brand/'))).toEqual([]);
  });

  it('puts baseUrl on the branding URLs, and an older version’s pages show the same logo', async () => {
    const v = await buildFiles(
      versionedSite(
        { 'static/logo.svg': LOGO },
        { baseUrl: '/docs/', navbar: { logo: { alt: 'Flood', src: 'static/logo.svg' }, items: [{ label: 'Guides', to: '/guides/intro', position: 'left' }] }, branding: { primaryColor: '#0f766e' } },
      ),
    );
    for (const page of ['guides/intro/index.html', 'guides/1.0/intro/index.html', 'api/1.0/index.html']) {
      const src = v.$(page)('.navbar-brand img').attr('src')!;
      expect(src, page).toMatch(new RegExp(`^/docs/assets/brand/logo\\.${HASHED}\\.svg$`));
      expect(fs.readFileSync(path.join(v.result.config.outDir, src.slice('/docs/'.length)), 'utf8')).toBe(LOGO);
      expect(v.$(page)('.navbar-brand').attr('href'), page).toBe('/docs/');
    }
  });

  it('warns, at branding.primaryColor in the config, about each pair of colours below WCAG AA', async () => {
    const light = await buildFiles({ 'docsgen.config.ts': configSource({ branding: { primaryColor: '#9ad0ff' } }), ...guide, 'content/guides/start.md': '# Start\n' });
    const warnings = light.logger.diagnostics.filter((d) => d.code === 'brand-contrast');
    expect(warnings.map((d) => d.text)).toEqual(['Primary colour #9ad0ff: link text on the light background is 1.6:1, below WCAG AA 4.5:1.']);
    expect(warnings[0].hint).toBe("Pick a primary colour with more contrast, or set --c-accent for light mode (the selector [data-theme='light']) in a stylesheet of branding.customCss.");
    const source = fs.readFileSync(path.join(light.dir, 'docsgen.config.ts'), 'utf8').split('\n');
    expect(warnings[0].location).toMatchObject({ file: path.join(light.dir, 'docsgen.config.ts'), line: source.findIndex((l) => l.includes('"primaryColor"')) + 1 });
    // The build goes on: the site has the colour the author chose.
    expect(light.exists('index.html')).toBe(true);
  });

  it('stops with an error at the config key of each branding file that does not exist', async () => {
    const files = branded({ favicon: 'static/missing.ico', branding: { customCss: ['static/custom.css', 'theme/nope.css'] } });
    delete (files as Record<string, string>)['static/logo-dark.svg'];
    const { dir, error } = await buildFails(files);
    const source = fs.readFileSync(path.join(dir, 'docsgen.config.ts'), 'utf8').split('\n');
    const lineOf = (text: string) => source.findIndex((l) => l.includes(text)) + 1;
    expect(error.diagnostics.map((d) => [d.code, d.text, d.location?.file, d.location?.line])).toEqual([
      ['config-file-missing', '"navbar.logo.srcDark" names static/logo-dark.svg, which does not exist (paths in the config are relative to it).', path.join(dir, 'docsgen.config.ts'), lineOf('"srcDark"')],
      ['config-file-missing', '"favicon" names static/missing.ico, which does not exist (paths in the config are relative to it).', path.join(dir, 'docsgen.config.ts'), lineOf('"favicon"')],
      ['config-file-missing', '"branding.customCss[1]" names theme/nope.css, which does not exist (paths in the config are relative to it).', path.join(dir, 'docsgen.config.ts'), lineOf('"theme/nope.css"')],
    ]);
  });

  it('rejects a colour that is not hex, a font list that could end its declaration, and a logo that is not an image', async () => {
    const { messages } = await buildFails({
      'docsgen.config.ts': configSource({ navbar: { logo: { alt: 'A', src: 'logo.pdf' }, items: [] }, branding: { primaryColor: 'blue', fonts: { body: 'Inter; } body { display: none' } } }),
      ...guide,
    });
    expect(messages).toEqual([
      'error: Invalid config: "navbar.logo.src" expected an image file (.svg, .png, .jpg, .jpeg, .webp, .gif, .avif) relative to the config, got "logo.pdf".',
      'error: Invalid config: "branding.primaryColor" expected a hex colour like "#4f46e5" or "#44e", got "blue".',
      'error: Invalid config: "branding.fonts.body" expected a CSS font-family list, e.g. "\'Inter\', system-ui, sans-serif" (closed quotes; no ; { } < > or \\), got "Inter; } body { display: none".',
    ]);
  });
});
