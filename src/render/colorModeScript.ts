// The inline head script that sets data-theme before first paint, so a dark-mode reader never
// sees a light flash: the stored choice (localStorage "theme"), else the system preference
// when respected, else the default. Storage may throw (blocked cookies, sandboxed iframes).
// It also marks the page `data-js`, so CSS can offer no-JavaScript fallbacks (mobile links) and
// hide what needs JavaScript (the colour-mode switch, whose icon and name follow `data-theme`).
export function colorModeScript(defaultMode: 'light' | 'dark', respectPrefersColorScheme: boolean): string {
  return `(function(){var t;try{t=localStorage.getItem('theme')}catch(e){}if(t!=='light'&&t!=='dark'){t=${JSON.stringify(defaultMode)};${
    respectPrefersColorScheme ? `try{if(matchMedia('(prefers-color-scheme: dark)').matches)t='dark';else if(matchMedia('(prefers-color-scheme: light)').matches)t='light'}catch(e){}` : ''
  }}var d=document.documentElement;d.setAttribute('data-theme',t);d.setAttribute('data-js','')})()`;
}
