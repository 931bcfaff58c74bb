// The inline head script that sets data-theme before first paint, so a dark-mode reader never
// sees a light flash: the stored choice (localStorage "theme"), else the system preference
// when respected, else the default. Storage may throw (blocked cookies, sandboxed iframes).
// While the reader has not chosen, it keeps following the system preference on an open page
// (the OS switching to dark at sunset); a choice stored, or made on this page with storage
// blocked (`data-theme-chosen`, set by the switch), wins.
// It also marks the page `data-js`, so CSS can offer no-JavaScript fallbacks (mobile links) and
// hide what needs JavaScript (the colour-mode switch, whose icon and name follow `data-theme`).
export function colorModeScript(defaultMode: 'light' | 'dark', respectPrefersColorScheme: boolean): string {
  const stored = `function s(){try{var t=localStorage.getItem('theme')}catch(e){}return t==='light'||t==='dark'?t:null}`;
  if (!respectPrefersColorScheme) {
    return `(function(){${stored}var d=document.documentElement;d.setAttribute('data-theme',s()||${JSON.stringify(defaultMode)});d.setAttribute('data-js','')})()`;
  }
  return `(function(){${stored}function p(){try{if(matchMedia('(prefers-color-scheme: dark)').matches)return'dark';if(matchMedia('(prefers-color-scheme: light)').matches)return'light'}catch(e){}return ${JSON.stringify(defaultMode)}}var d=document.documentElement;d.setAttribute('data-theme',s()||p());d.setAttribute('data-js','');try{matchMedia('(prefers-color-scheme: dark)').addEventListener('change',function(){if(!s()&&!d.hasAttribute('data-theme-chosen'))d.setAttribute('data-theme',p())})}catch(e){}})()`;
}
