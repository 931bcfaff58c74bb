// The page runtime: a few KB without React. Finds the island markers the server rendered and
// hydrates each when its strategy says so; React itself loads only with the first island.
// IMPORTANT: keep this module free of React imports, or every page pays for React up front.
import { afterInteraction, onIdle, onVisible } from './strategies';
import { startEnhancements } from './enhance/index';

interface Manifest {
  baseUrl: string;
  /** Island name → URL of its module. */
  islands: Record<string, string>;
}

type Mount = (element: HTMLElement, props: object) => void;

function readManifest(): Manifest | undefined {
  const script = document.getElementById('docsgen-islands');
  return script ? (JSON.parse(script.textContent ?? '{}') as Manifest) : undefined;
}

async function load(url: string, attempt: number): Promise<Mount> {
  // A retried import needs a new URL: browsers may remember a failed module fetch.
  const module = (await import(attempt ? `${url}?retry=${attempt}` : url)) as { default: Mount };
  return module.default;
}

function showLoadError(element: HTMLElement, retry: () => void): void {
  if (element.querySelector(':scope > .island-error')) return;
  const box = document.createElement('div');
  box.className = 'island-error';
  box.setAttribute('role', 'alert');
  const text = document.createElement('span');
  text.textContent = 'This part of the page could not be loaded. Check your connection, then try again.';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Retry';
  button.addEventListener('click', () => {
    box.remove();
    retry();
  });
  box.append(text, ' ', button);
  element.append(box);
}

export function hydrateIslands(manifest: Manifest): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island!;
    const url = manifest.islands[name];
    if (!url) continue;
    let attempt = 0;
    let started: Promise<void> | undefined;
    const hydrate = (): Promise<void> =>
      (started ??= load(url, attempt)
        .then((mount) => mount(element, JSON.parse(element.dataset.props ?? '{}')))
        .catch((error) => {
          console.error(`The "${name}" island could not be loaded:`, error);
          started = undefined;
          attempt++;
          showLoadError(element, () => void hydrate());
        }));
    const when = element.dataset.when;
    if (when === 'load') void hydrate();
    else if (when === 'idle') onIdle(hydrate);
    else if (when === 'visible') onVisible(element, hydrate);
    else afterInteraction(element, hydrate);
  }
}

const manifest = readManifest();
if (manifest) hydrateIslands(manifest);
startEnhancements();
