// The inline head script that sets data-theme before first paint, so a dark-mode reader never
// sees a light flash. The reader's choice is one of three (the navbar's theme menu,
// templates/islands/ColorModeToggle.tsx): "light", "dark", or "system", which follows
// prefers-color-scheme, live (the OS switching to dark at sunset repaints an open page).
// The choice comes from localStorage "theme", else from the page (`data-theme-choice`: a choice
// made here while storage is blocked), else the config: "system" when the system preference is
// respected, else the default mode. With no system preference at all, "system" is the default.
// Storage may throw (blocked cookies, sandboxed iframes). The page gets `data-theme-choice`
// (the theme button's icon and name follow it, by CSS) and `data-theme` (the colours).
// It also marks the page `data-js`, so CSS can offer no-JavaScript fallbacks (mobile links) and
// hide what needs JavaScript (the theme button).
export function colorModeScript(defaultMode: 'light' | 'dark', respectPrefersColorScheme: boolean): string {
  const fallback = JSON.stringify(respectPrefersColorScheme ? 'system' : defaultMode);
  return (
    `(function(){var d=document.documentElement;` +
    `function s(){try{var t=localStorage.getItem('theme')}catch(e){}return t==='light'||t==='dark'||t==='system'?t:null}` +
    `function q(m){try{return matchMedia('(prefers-color-scheme: '+m+')')}catch(e){}}` +
    `function a(){var c=s()||d.getAttribute('data-theme-choice')||${fallback},k;d.setAttribute('data-theme-choice',c);` +
    `if(c==='system')c=(k=q('dark'))&&k.matches?'dark':(k=q('light'))&&k.matches?'light':${JSON.stringify(defaultMode)};d.setAttribute('data-theme',c)}` +
    `a();d.setAttribute('data-js','');try{q('dark').addEventListener('change',a)}catch(e){}})()`
  );
}
