// The page runtime: a few KB without React. Finds the island markers the server rendered and
// hydrates each when its strategy says so; React itself loads only with the first island.
// IMPORTANT: keep this module free of React imports, or every page pays for React up front.
import { afterInteraction, onIdle, onVisible } from './strategies';
import { showIslandError, whileLoading, type IslandFailure } from './islandState';
import { startEnhancements } from './enhance/index';
import { label } from './labels';

interface Manifest {
  baseUrl: string;
  /** Island name → URL of its module. */
  islands: Record<string, string>;
}

/** An island module's default export; it calls `failed` when the island crashes (src/client/mount.tsx). */
type Mount = (element: HTMLElement, props: object, failed: (failure: IslandFailure) => void) => void;

function readManifest(): Manifest | undefined {
  const script = document.getElementById('docsgen-islands');
  return script ? (JSON.parse(script.textContent ?? '{}') as Manifest) : undefined;
}

async function load(url: string, attempt: number): Promise<Mount> {
  // A retried import needs a new URL: browsers may remember a failed module fetch.
  const module = (await import(attempt ? `${url}?retry=${attempt}` : url)) as { default: Mount };
  return module.default;
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
        .then((mount) => mount(element, JSON.parse(element.dataset.props ?? '{}'), (failure) => showIslandError(element, failure)))
        .catch((error) => {
          console.error(`The "${name}" island could not be loaded:`, error);
          started = undefined;
          attempt++;
          showIslandError(element, {
            kind: 'load',
            title: label('islandLoadFailed'),
            lines: [label('islandLoadFailedHint')],
            action: label('islandRetry'),
            retry: () => void whileLoading(element, hydrate()),
          });
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
