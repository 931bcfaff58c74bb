// A render thread (src/render/renderSite.ts): renders the batches of pages it is sent, writing
// them into the output folder when there is one, and replies with each page's result.
import { parentPort, workerData } from 'node:worker_threads';
import { renderSitePage, type RenderWorkerData, type RenderWorkerReply, type RenderWorkerRequest } from './renderSite';

const { site, assets, outDir } = workerData as RenderWorkerData;
const dirs = new Set<string>();

parentPort!.on('message', ({ batch, pages }: RenderWorkerRequest) => {
  let reply: RenderWorkerReply;
  let current = '';
  try {
    reply = {
      batch,
      results: pages.map(({ page, file }) => {
        current = page.route;
        return renderSitePage(site, page, file, assets, outDir, dirs);
      }),
    };
  } catch (cause) {
    reply = { batch, failed: { route: current, message: (cause as Error).message, stack: (cause as Error).stack } };
  }
  parentPort!.postMessage(reply);
});
