// Build-time syntax highlighting with highlight.js: it emits class names, not colours, so one
// stylesheet carries both the light and the dark palette and the HTML stays theme-free.
// Languages are registered explicitly (not the 190-language bundle) to keep start-up fast.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import csharp from 'highlight.js/lib/languages/csharp';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import http from 'highlight.js/lib/languages/http';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import php from 'highlight.js/lib/languages/php';
import powershell from 'highlight.js/lib/languages/powershell';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { escapeHtml } from '../../shared/html';
import { highlightJson } from './highlightJson';

const languages = { bash, csharp, diff, go, http, java, javascript, json, php, powershell, python, ruby, shell, sql, typescript, xml, yaml };
for (const [name, lang] of Object.entries(languages)) hljs.registerLanguage(name, lang);
hljs.registerAliases(['sh', 'zsh', 'curl'], { languageName: 'bash' });
hljs.registerAliases(['js', 'node', 'mjs', 'jsx'], { languageName: 'javascript' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['cs', 'c#'], { languageName: 'csharp' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['ps', 'ps1', 'pwsh'], { languageName: 'powershell' });
hljs.registerAliases(['rb'], { languageName: 'ruby' });

/** Highlighted HTML for a code string; unknown or missing languages are escaped as plain text. */
export function highlight(code: string, language: string): string {
  const lang = language.toLowerCase();
  if (!lang || !hljs.getLanguage(lang)) return escapeHtml(code);
  const key = `${lang}\n${code}`;
  let html = recent.get(key);
  if (html === undefined) {
    html = (lang === 'json' ? highlightJson(code) : undefined) ?? hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(key, html);
  }
  return html;
}

/**
 * The last texts highlighted, oldest first. An operation page shows each example twice (inline,
 * and in the sidecar on wide screens), and operations of one spec share examples and samples:
 * highlight.js was a quarter of the render stage. Few entries, so memory stays flat.
 */
const recent = new Map<string, string>();
const RECENT_MAX = 256;

export function isKnownLanguage(language: string): boolean {
  return !!hljs.getLanguage(language.toLowerCase());
}
