import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/diagnostics/logger';

function captured(isTTY: boolean) {
  const written: string[] = [];
  const logger = createLogger({ color: false, stdout: { isTTY, write: (s: string) => written.push(s) }, stderr: { write: (s: string) => written.push(s) } });
  return { logger, written };
}

describe('progress lines', () => {
  it('prints a line per tenth in a CI log, and each stage its own lines', () => {
    const { logger, written } = captured(false);
    for (let done = 25; done <= 300; done += 25) logger.progress('making API pages', done, 300);
    // The next stage starts where the last one left off, at a tenth already printed.
    logger.progress('rendering pages', 300, 300);
    // 175/300 is in the tenth 150/300 began.
    const tenths = [25, 50, 75, 100, 125, 150, 200, 225, 250, 275, 300];
    expect(written).toEqual([...tenths.map((n) => `making API pages ${n}/300\n`), 'rendering pages 300/300\n']);
  });

  it('rewrites one line on a terminal and clears it when the stage is done or a warning comes', () => {
    const { logger, written } = captured(true);
    logger.progress('making API pages', 100, 300);
    logger.warn('(!) warning: a route is wanted twice');
    logger.progress('making API pages', 300, 300);
    expect(written).toEqual(['\r\x1b[Kmaking API pages 100/300', '\r\x1b[K', '(!) warning: a route is wanted twice\n', '\r\x1b[Kmaking API pages 300/300', '\r\x1b[K']);
  });
});
