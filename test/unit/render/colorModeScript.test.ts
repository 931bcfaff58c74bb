// The head script, run against a stand-in for the browser: the first mode, and the system
// preference followed live while the choice is "system" (browser tests check the real thing).
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { colorModeScript } from '../../../src/render/colorModeScript';

function run(script: string, { system = 'light' as 'light' | 'dark' | 'none', stored = null as string | null, storageBlocked = false } = {}) {
  const attributes = new Map<string, string>();
  const listeners: (() => void)[] = [];
  const env = {
    system,
    documentElement: {
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      getAttribute: (name: string) => attributes.get(name) ?? null,
    },
  };
  runInNewContext(script, {
    document: { documentElement: env.documentElement },
    localStorage: {
      getItem: () => {
        if (storageBlocked) throw new Error('SecurityError');
        return stored;
      },
    },
    matchMedia: (query: string) => ({
      matches: query.includes(env.system),
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    }),
  });
  return {
    theme: () => attributes.get('data-theme'),
    choice: () => attributes.get('data-theme-choice'),
    /** The OS switches mode. */
    switchSystem(mode: 'light' | 'dark') {
      env.system = mode;
      for (const listener of listeners) listener();
    },
    /** What the theme menu does with storage blocked: the page's choice. */
    choose(choice: 'system' | 'light' | 'dark') {
      attributes.set('data-theme-choice', choice);
      if (choice !== 'system') attributes.set('data-theme', choice);
    },
    setStored: (value: string) => (stored = value),
    listeners,
  };
}

describe('render/colorModeScript', () => {
  it('applies the stored choice, else the system preference, else the default, and marks the page data-js', () => {
    expect(run(colorModeScript('light', true), { system: 'dark' }).theme()).toBe('dark');
    expect(run(colorModeScript('light', true), { system: 'dark', stored: 'light' }).theme()).toBe('light');
    expect(run(colorModeScript('dark', true), { system: 'none' }).theme()).toBe('dark');
    expect(run(colorModeScript('light', true), { system: 'none' }).theme()).toBe('light');
    expect(run(colorModeScript('light', true), { system: 'dark', storageBlocked: true }).theme()).toBe('dark');
    expect(run(colorModeScript('light', false), { system: 'dark' }).theme()).toBe('light');
    expect(run(colorModeScript('light', false), { system: 'dark', stored: 'dark' }).theme()).toBe('dark');
    expect(run(colorModeScript('light', true), { stored: 'sepia' }).theme()).toBe('light');
  });

  it('names the choice on the page: stored, else "system" when the preference is respected, else the default mode', () => {
    expect(run(colorModeScript('light', true), { system: 'dark' }).choice()).toBe('system');
    expect(run(colorModeScript('light', true), { stored: 'dark' }).choice()).toBe('dark');
    expect(run(colorModeScript('light', false), { system: 'dark' }).choice()).toBe('light');
    expect(run(colorModeScript('dark', false)).choice()).toBe('dark');
    // "system" chosen explicitly follows the system even where the config does not by default.
    const page = run(colorModeScript('light', false), { system: 'dark', stored: 'system' });
    expect([page.choice(), page.theme()]).toEqual(['system', 'dark']);
  });

  it('follows the system preference live while the choice is "system"', () => {
    const page = run(colorModeScript('light', true));
    page.switchSystem('dark');
    expect(page.theme()).toBe('dark');
    page.switchSystem('light');
    expect(page.theme()).toBe('light');
    page.choose('dark');
    page.switchSystem('light');
    expect(page.theme()).toBe('dark');
    page.choose('system');
    page.switchSystem('dark');
    expect(page.theme()).toBe('dark');
  });

  it('keeps a choice stored in another tab', () => {
    const page = run(colorModeScript('light', true));
    page.setStored('light');
    page.switchSystem('dark');
    expect(page.theme()).toBe('light');
  });

  it('stays small: it is inlined in every page', () => {
    expect(colorModeScript('light', true).length).toBeLessThan(600);
  });
});
