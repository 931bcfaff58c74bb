// The API changelog of a versioned site: each pair of consecutive versions with a spec, newest
// first, compared by the rules of `docsgen diff` (changelog/diffSpecs.ts). The newer version of
// each pair gets the badges of what changed on its operation pages (ApiInput.changes), and the
// latest version's API section the page that lists them all (changelog/changelogPage.ts).
import type { ApiInput } from '../build';
import { engineDigest } from '../cache/engine';
import { digest, type Memo } from '../cache/memo';
import { changelogEntryHref, type ChangelogPair } from '../changelog/changelogPage';
import { diffSpecs, SpecsTooDeepToCompare } from '../changelog/diffSpecs';
import { DocsgenError, error } from '../diagnostics/diagnostic';
import { operationHrefs } from '../changelog/operationHrefs';
import type { ApiChange } from '../changelog/types';
import type { ResolvedConfig } from '../config/types';
import { pageHref } from './href';
import type { DocVersion } from './resolve';

const CHANGES_STAGE = 'version-changes';

/**
 * `versions`: every version, newest first, with its API (the one spec of a versioned site).
 * `latest`: the config of the version at the unversioned URLs, where the changelog page is.
 * Sets `changes` on each newer version's API; returns the pairs for the changelog page.
 */
export function changelogPairs(versions: { version: DocVersion; api?: ApiInput }[], latest: ResolvedConfig, memo?: Memo): ChangelogPair[] {
  const withSpec = versions.filter((v): v is { version: DocVersion; api: ApiInput } => v.api !== undefined);
  const pairs: ChangelogPair[] = [];
  for (let i = 0; i + 1 < withSpec.length; i++) {
    const newer = withSpec[i];
    const older = withSpec[i + 1];
    const changes = compare(older, newer, memo);
    const pair: ChangelogPair = { newer: side(newer), older: side(older), changes };
    newer.api.changes = { versionLabel: newer.version.label, changes, entryHref: (change) => changelogEntryHref(latest, pair, change) };
    pairs.push(pair);
  }
  return pairs;
}

function side({ version, api }: { version: DocVersion; api: ApiInput }): ChangelogPair['newer'] {
  return { name: version.name, label: version.label, operationHref: operationHrefs({ config: version.config, model: api.model, document: api.document }, (route) => pageHref(version.config, route)) };
}

/**
 * diffSpecs of two specs, compared again only when one of them changed: a pair of large specs
 * takes seconds, and the comparison is most of a small versioned site's versions stage. The
 * documents are made from the specs' texts by docsgen alone (no config), so the texts and the
 * engine are the whole key. A spec split into files (no specDigest) is compared every build.
 */
function compare(olderVersion: { version: DocVersion; api: ApiInput }, newerVersion: { version: DocVersion; api: ApiInput }, memo: Memo | undefined): ApiChange[] {
  const [older, newer] = [olderVersion.api, newerVersion.api];
  const key = memo && older.specDigest && newer.specDigest ? digest(engineDigest(), CHANGES_STAGE, older.specDigest, newer.specDigest) : undefined;
  const kept = key ? memo!.get<ApiChange[]>(CHANGES_STAGE, key) : undefined;
  if (kept) return kept;
  let changes: ApiChange[];
  try {
    changes = diffSpecs(older.document, newer.document);
  } catch (e) {
    if (!(e instanceof SpecsTooDeepToCompare)) throw e;
    throw new DocsgenError([error('changelog-too-deep', `The API changelog from ${olderVersion.version.label} to ${newerVersion.version.label} cannot be made: comparing ${older.source} with ${newer.source}, ${e.message}.`, { location: { file: newer.source } })], { cause: e });
  }
  if (key) memo!.set(CHANGES_STAGE, key, changes);
  return changes;
}
