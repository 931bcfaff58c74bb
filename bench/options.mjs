// The command line of `npm run bench` (bench/run.mjs), parsed without side effects so that tests
// can call it: a bad command line throws a UsageError, which run.mjs prints with the usage text.

export const USAGE =
  'usage: npm run bench [-- --runs <n>] [--site <name>]... [--section <name>]... [--large] [--baseline <commit>] [--no-write] [--no-cli-timings] [--timeout <s>] [--incremental-pages <n>] [--watch-scale-pages <n>] [--watch-scale-saves <n>]';

export class UsageError extends Error {}

/** `argv` without the node and script paths → the options run.mjs works with. */
export function parseArgs(argv) {
  const opts = { runs: 3, sites: [], sections: [], write: true, cliTimings: true, timeoutS: 900, large: false, baseline: undefined, help: false, incrementalPages: 7000, watchScalePages: 5000, watchScaleSaves: 500 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--runs') opts.runs = Number(value());
    else if (a === '--site') opts.sites.push(value());
    else if (a === '--section') opts.sections.push(value());
    else if (a === '--no-write') opts.write = false;
    else if (a === '--no-cli-timings') opts.cliTimings = false;
    else if (a === '--timeout') opts.timeoutS = Number(value());
    else if (a === '--large') opts.large = true;
    else if (a === '--baseline') opts.baseline = value();
    else if (a === '--incremental-pages') opts.incrementalPages = Number(value());
    else if (a === '--watch-scale-pages') opts.watchScalePages = Number(value());
    else if (a === '--watch-scale-saves') opts.watchScaleSaves = Number(value());
    else if (a === '--help' || a === '-h') opts.help = true;
    else throw new UsageError(`unknown option ${a}`);
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new UsageError('--runs must be a positive integer');
  // bench/generateSite.mjs makes sites of at least 150 pages.
  for (const name of ['incrementalPages', 'watchScalePages']) if (!Number.isInteger(opts[name]) || opts[name] < 150) throw new UsageError(`--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} must be an integer of at least 150`);
  if (!Number.isInteger(opts.watchScaleSaves) || opts.watchScaleSaves < 1) throw new UsageError('--watch-scale-saves must be a positive integer');
  if (!(opts.timeoutS > 0)) throw new UsageError('--timeout must be a positive number of seconds');
  // A commit-ish, never an option or a shell word: it goes to `git rev-parse` as one argument.
  if (opts.baseline !== undefined && !/^[\w./~^@{}-]+$/.test(opts.baseline)) throw new UsageError(`--baseline: not a commit: ${opts.baseline}`);
  return opts;
}
