// Writes an init plan into the project folder. A file to create is opened with the `wx` flag,
// so one that exists (even one made between planning and writing) is never replaced: it is
// reported as skipped. Only package.json and .gitignore are rewritten, by adding to them.
import fs from 'node:fs';
import path from 'node:path';
import type { PlannedFile } from './plan';

export interface WriteReport {
  created: PlannedFile[];
  extended: PlannedFile[];
  /** Files that were already there and were left exactly as they were. */
  skipped: PlannedFile[];
}

export function writePlan(projectRoot: string, files: PlannedFile[]): WriteReport {
  const report: WriteReport = { created: [], extended: [], skipped: [] };
  for (const file of files) {
    const target = path.join(projectRoot, ...file.path.split('/'));
    if (file.action === 'extend') {
      fs.writeFileSync(target, file.content);
      report.extended.push(file);
      continue;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.writeFileSync(target, file.content, { flag: 'wx' });
      report.created.push(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      report.skipped.push(file);
    }
  }
  return report;
}
