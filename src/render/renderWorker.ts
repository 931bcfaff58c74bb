// A render thread (src/render/renderSite.ts): renders the batches of pages it is sent, writing
// them into the output folder when there is one, and replies with each page's result. A stored
// page's body is read here, from where its ref says (src/site/pageStore.ts: the store's files are
// open in the process, so this thread reads through the same descriptors), and only when the page
// is not taken from the build's cache.
import { parentPort, workerData } from 'node:worker_threads';
import { readBody } from '../site/pageStore';
import { loadThemeModule } from '../theme/templateModule';
import { produceSitePage, type EntryUse, type PageWriter, type RenderWorkerData, type RenderWorkerReply, type RenderWorkerRequest } from './renderSite';

const { site, assets, outDir, gate, madeFolders, previousDir, wantedIds, store, entries } = workerData as RenderWorkerData;
const writer: PageWriter = { assets, outDir, gate, previousDir, wantedIds, dirs: new Set(madeFolders), entries };
// A themed site's templates, before the first page (messages wait on the port meanwhile).
if (assets.theme) await loadThemeModule(assets.theme);

parentPort!.on('message', ({ batch, pages }: RenderWorkerRequest) => {
  let reply: RenderWorkerReply;
  let current = '';
  const specLinks: { api: number; kind: string; found: number[] }[] = [];
  const cache: EntryUse[] = [];
  try {
    reply = {
      batch,
      results: pages.map((job) => {
        current = 'ref' in job ? job.stub.route : job.page.route;
        const load = () => {
          if (!('ref' in job)) return { page: job.page, found: [] };
          const { body, found } = readBody(job.ref, store!.settled);
          return { page: { ...job.stub, body }, found };
        };
        const produced = produceSitePage(site, current, job.file, job.entry, load, writer);
        if ('ref' in job && produced.found.length > 0) specLinks.push({ api: job.ref.api, kind: job.ref.kind, found: produced.found });
        cache.push({ reused: produced.reused, corrupt: produced.corrupt, changed: produced.changed, unwritten: produced.unwritten });
        return produced.page;
      }),
      specLinks,
      cache,
    };
  } catch (cause) {
    reply = { batch, failed: { route: current, message: (cause as Error).message, stack: (cause as Error).stack } };
  }
  parentPort!.postMessage(reply);
});
