// A render thread (src/render/renderSite.ts): renders the batches of pages it is sent, writing
// them into the output folder when there is one, and replies with each page's result. A stored
// page's body is read here, from the page store's file (src/site/pageStore.ts).
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { readBody } from '../site/pageStore';
import type { PageModel } from '../shared/viewModels';
import { renderSitePage, type PageWriter, type RenderWorkerData, type RenderWorkerReply, type RenderWorkerRequest } from './renderSite';

const { site, assets, outDir, wantedIds, store } = workerData as RenderWorkerData;
const writer: PageWriter = { assets, outDir, wantedIds, dirs: new Set() };
const storeFd = store ? fs.openSync(store.file, 'r') : -1;

parentPort!.on('message', ({ batch, pages }: RenderWorkerRequest) => {
  let reply: RenderWorkerReply;
  let current = '';
  const specLinks: { api: number; kind: string; found: number[] }[] = [];
  try {
    reply = {
      batch,
      results: pages.map((job) => {
        let page: PageModel;
        if ('ref' in job) {
          current = job.stub.route;
          const { body, found } = readBody(storeFd, job.ref, store!.settled);
          if (found.length > 0) specLinks.push({ api: job.ref.api, kind: job.ref.kind, found });
          page = { ...job.stub, body };
        } else {
          page = job.page;
        }
        current = page.route;
        return renderSitePage(site, page, job.file, writer);
      }),
      specLinks,
    };
  } catch (cause) {
    reply = { batch, failed: { route: current, message: (cause as Error).message, stack: (cause as Error).stack } };
  }
  parentPort!.postMessage(reply);
});
