// A reader that goes away (`docsgen build | head -1`) must not kill a build halfway through
// writing its output folder: Node raises EPIPE on the next write, as an unhandled error. Once a
// stream's reader is gone, what docsgen would still print there is dropped, the command finishes
// as it would have, and its exit code says how it went.
import type { Writable } from 'node:stream';

export function dropOutputWhenPipeCloses(streams: Writable[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      stream.write = (() => true) as Writable['write'];
    });
  }
}
