// The quality gate inside `docsgen build`: the same checks as `docsgen lint` under the same
// policies, on the guides and specs the build has already read and parsed (the version shown at
// the unversioned URLs; `docsgen lint` checks every version), with the rules marked `build` and
// those the config sets (rules.ts). Checking a spec's examples compiles its schemas, which takes
// seconds on a large one (GitHub's: ~7 s): a large spec that is its text is checked by its
// validation thread, on the parse it validates, while the build goes on (specLint.ts); its
// findings are awaited with the validation, before the render stage, and kept in the build cache
// under the spec's text.
import fs from 'node:fs';
import type { ResolvedConfig } from '../config/types';
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic';
import type { GuideSource } from '../content/discover';
import { digest, type Memo } from '../cache/memo';
import { engineDigest } from '../cache/engine';
import { CORRUPT, DiskMemo, entryPayload } from '../cache/diskMemo';
import { startSpecThread } from '../openapi/validator';
import { parseSpec } from '../openapi/load';
import { checkGuide, type CheckedGuide } from './guides';
import type { Finding } from './finding';
import { lint } from './lint';
import { buildLintJob, type SpecLintJob } from './specLint';

const LINT_STAGE = 'lint';
const GUIDE_LINT_STAGE = 'guide-lint';
const VERDICTS_STAGE = 'example-verdicts';

/**
 * The spec thread's checks of the API `apiId`: the build's rules and, with a memo, the entry where
 * the thread keeps the spec's example verdicts (exampleVerdicts.ts), under the API rather than
 * its text, so that the next build after an edit finds them: in the build cache on disk, or in
 * serve --watch's folder of its own (cache/liveMemo.ts entryFor).
 */
export function specLintJob(config: ResolvedConfig, apiId: string, memo?: Memo): SpecLintJob {
  const job = buildLintJob(config);
  if (!memo?.entryFor) return job;
  const verdictsFile = memo.entryFor(VERDICTS_STAGE, digest(engineDigest(), apiId));
  // A damaged entry counts in the build's warning, as any other, and goes: the thread, finding
  // none, judges every example and writes it again (or, when the spec's findings come from the
  // cache, the next check does). Only its checksum is read here, at every build's start: the
  // table itself, deserialized, costs a spec of 100,000 examples about 70 ms.
  if (entryPayload(verdictsFile) === CORRUPT) {
    if (memo instanceof DiskMemo) memo.corrupt++;
    fs.rmSync(verdictsFile, { force: true });
  }
  return { ...job, verdictsFile };
}

/**
 * A spec of this many characters or more is checked in a thread: its validation thread, on the
 * parse it validates (a second thread, parsing it again, when the validation thread did not
 * check it: its verdict came from the build cache, or serve --watch started none). A smaller one
 * is checked in the build's own thread: checking it elsewhere costs a thread's start-up
 * (loading the parser and the rules again) and a core the build's other threads share. Whole
 * builds, alternated, 2 cores (29 November 2026), in a thread of its own against the build's
 * thread: 23 KB of spec 2.23 → 1.97 s, the shipped site's 95 KB 3.82 → 3.50 s, 141 KB 3.58 →
 * 3.48 s; from 216 to 601 KB the same; 634 KB 6.36 → 6.96 s and 2.6 MB 14.3 → 16.0 s, where the
 * thread wins. In the validation thread, the shipped site took the same time as in the build's.
 */
export const THREAD_MIN_CHARS = 256 * 1024;

export interface BuildLint {
  /** The guides' findings, and those of the specs checked here. */
  found: Diagnostic[];
  /** The findings of the specs checked in a thread. */
  pending: Promise<Diagnostic[]>;
  /** Ends the threads (a build that failed elsewhere). */
  terminate(): void;
}

/** A spec to check: `text` when the document is that text parsed; `linted`, the findings its validation thread made (Validator.linted). */
export interface LintedApi {
  /** The API's config: its id names its example verdicts' entry (specLintJob). */
  settings?: { id: string };
  document: Record<string, any>;
  source: string;
  specDigest?: string;
  text?: string;
  linted?: Promise<Diagnostic[] | undefined>;
}

export function lintBuild(config: ResolvedConfig, guides: readonly Pick<GuideSource, 'file' | 'body' | 'bodyLineOffset'>[], apis: readonly LintedApi[], memo?: Memo): BuildLint {
  const job = buildLintJob(config);
  const rules = config.lint.rules;
  const select = (code: string) => job.codes.includes(code);
  const found: Diagnostic[] = [];
  const pending: Promise<Diagnostic[]>[] = [];
  const threads: { terminate(): void }[] = [];
  for (const api of apis) {
    // A spec whose $refs name other files has no digest: it is checked every build.
    const key = memo && api.specDigest ? digest(engineDigest(), api.specDigest, api.source, JSON.stringify(rules)) : undefined;
    const kept = key ? memo!.get<Diagnostic[]>(LINT_STAGE, key) : undefined;
    const remember = (diagnostics: Diagnostic[]) => (key && memo!.set(LINT_STAGE, key, diagnostics), diagnostics);
    const text = api.text;
    if (kept) {
      found.push(...kept);
    } else if (text !== undefined && (api.linted || text.length >= THREAD_MIN_CHARS)) {
      // Not checked by the spec's thread (api.linted): its verdict came from the memo, or serve --watch started none (a spec it fetched from a URL). Its example verdicts are kept all the same.
      const inThread = () => lintInThread({ text, source: api.source }, api.settings ? specLintJob(config, api.settings.id, memo) : job, threads);
      pending.push((api.linted ? api.linted.then((diagnostics) => diagnostics ?? inThread()) : inThread()).then(remember));
    } else {
      // Checked here: a small spec, parsed again from its text as the thread would (the build's
      // document is the one it models); a bundled or converted (Swagger 2.0) document, which is
      // not its text (ApiInput.text).
      const spec = text !== undefined ? { document: parseSpec(text, api.source) as Record<string, any>, source: api.source, text } : { document: api.document, source: api.source };
      found.push(...remember(lint({ specs: [spec], guides: [], rules, select })));
    }
  }
  found.push(...lint({ specs: [], guides, rules, select, checkGuides: memo ? rememberedGuideChecks(memo) : undefined }));
  const all = Promise.all(pending).then((lists) => sortDiagnostics(lists.flat()));
  all.catch(() => {}); // awaited by the build
  return { found: sortDiagnostics(found), pending: all, terminate: () => threads.forEach((t) => t.terminate()) };
}

function lintInThread(spec: { text: string; source: string }, job: SpecLintJob, threads: { terminate(): void }[]): Promise<Diagnostic[]> {
  const thread = startSpecThread();
  threads.push(thread);
  return thread.send({ spec, validate: false, lint: job }).linted!.then((diagnostics) => diagnostics ?? []);
}

/** A guide's findings and the digest of the text they were found in. */
interface GuideChecked {
  digest: string;
  bodyLineOffset: number;
  findings: Finding[];
}

/**
 * The guides' findings, an unchanged guide's taken from the memo: parsing every guide again cost
 * a 5,000-page site's serve --watch 210 ms a save, and its build from the cache 0.3 s. On disk,
 * one table for all guides by file, with the digest of each one's text, stored again only when a
 * guide's findings were made or one is gone; in a live memo, see liveGuideChecks.
 */
function rememberedGuideChecks(memo: Memo): (guides: readonly CheckedGuide[]) => Finding[] {
  if (memo.live) return (guides) => liveGuideChecks(memo, guides);
  return (guides) => {
    const key = digest(engineDigest());
    const before = memo.get<Map<string, GuideChecked>>(GUIDE_LINT_STAGE, key);
    const table = new Map<string, GuideChecked>();
    let changed = before?.size !== guides.length;
    for (const guide of guides) {
      const kept = before?.get(guide.file);
      const text = digest(guide.body);
      const same = kept !== undefined && kept.bodyLineOffset === guide.bodyLineOffset && kept.digest === text;
      if (!same) changed = true;
      table.set(guide.file, same ? kept : { digest: text, bodyLineOffset: guide.bodyLineOffset, findings: checkGuide(guide) });
    }
    if (changed) memo.set(GUIDE_LINT_STAGE, key, table);
    return [...table.values()].flatMap((entry) => entry.findings);
  };
}

/** The last build's guides (serve --watch) and each one's findings (NO_FINDINGS for none). */
interface LiveGuideChecks {
  guides: readonly CheckedGuide[];
  findings: Finding[][];
}
const NO_FINDINGS: Finding[] = [];

/**
 * serve --watch: a guide the last build checked is the same object while its file is unchanged
 * (content/loadGuides.ts), so one at the same place keeps its findings without being read: on a
 * large site, each pass over the guides costs about a microsecond a guide in memory alone. A guide
 * elsewhere (one was added or removed before it) is found by its file, and kept while its text is
 * the same.
 */
function liveGuideChecks(memo: Memo, guides: readonly CheckedGuide[]): Finding[] {
  const last = memo.get<LiveGuideChecks>(GUIDE_LINT_STAGE, LIVE_KEY);
  let byFile: Map<string, number> | undefined;
  const findings = guides.map((guide, i) => {
    const there = last?.guides[i];
    if (there === guide) return last!.findings[i];
    // The guide at the same place (its file saved), else found by its file (one came or went before it).
    let j: number | undefined = there?.file === guide.file ? i : undefined;
    if (j === undefined) j = (byFile ??= new Map(last?.guides.map((g, k) => [g.file, k]))).get(guide.file);
    const kept = j === undefined ? undefined : last!.guides[j];
    if (kept && kept.body === guide.body && kept.bodyLineOffset === guide.bodyLineOffset) return last!.findings[j!];
    const found = checkGuide(guide);
    return found.length > 0 ? found : NO_FINDINGS;
  });
  memo.set(GUIDE_LINT_STAGE, LIVE_KEY, { guides: guides.slice(), findings } satisfies LiveGuideChecks);
  const all: Finding[] = [];
  for (const list of findings) if (list !== NO_FINDINGS) all.push(...list);
  return all;
}
/** A live memo's checks belong to this process's engine: no digest of it needed. */
const LIVE_KEY = 'live';
