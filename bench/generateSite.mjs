// Deterministic generator of a whole docsgen site of about N pages for benchmarks: half guides
// (nested folders with _category_.yml, varied prose about a property-data API composed from seeded
// sentence templates, code blocks, tables, admonitions, cross-links between guides with anchors and
// links into the API reference) and half API reference (a spec from bench/generateSpec.mjs with
// as many tags, operations and component schemas as the page budget asks for).
//
//   node bench/generateSite.mjs --pages <n> --out <dir> [--seed <n>]
//   node bench/generateSite.mjs --guides 5000 --operations 25000 --out <dir>   (the 35,000-page site)
//
// `--guides`/`--operations` give the composition instead of a page budget: that many guides, and
// a spec of that many operations in full tags of 25 (5 component schemas per tag, so 25,000
// operations come with about 5,000 schemas).
//
// or, from JavaScript:
//
//   import { generateSite } from './generateSite.mjs';
//   const { pages, files, bytes, sha256 } = generateSite({ pages: 3000, out: '/tmp/site' });
//
// `pages` in the result is the number of pages a build of the site writes: guides, the guides
// landing and tag pages, the home, search and 404 pages, /api, the API overview, /api/schemas, one
// page per tag, per operation and per component schema (/api/schemas/<name>). Every choice comes from a seeded
// PRNG; files are written in a fixed order and the same seed and page count give the same bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump } from 'js-yaml';
import { DEFAULT_SEED, MAX_TAGS, OPERATIONS_PER_TAG, generateSpec, makeRandom, resourceAt, schemaCount } from './generateSpec.mjs';

// Pages a build writes besides guides and the API reference: home, /search and /404.
const OTHER_PAGES = 3;
// /guides and /guides/tags.
const GUIDE_INDEX_PAGES = 2;
// /api, the overview and /api/schemas.
const API_INDEX_PAGES = 3;
/** Smallest page count the generator accepts: the shared component schemas alone are ~60 pages. */
export const MIN_PAGES = 150;

// ---------------------------------------------------------------------------------------------
// Vocabulary

/** Top-level guide folders and which resources (by base tag name) belong to them. */
const DOMAINS = [
  ['records-and-ownership', 'Records and ownership', ['Parcels', 'Deeds', 'Mortgages', 'Foreclosures', 'Ownership Records', 'Sales', 'Liens', 'Easements', 'Title Reports', 'Tax Bills', 'Assessments']],
  ['buildings-and-permits', 'Buildings and permits', ['Permits', 'Buildings', 'Units', 'Inspections', 'Code Violations', 'Floor Plans', 'Energy Ratings', 'Solar Assessments', 'Utilities']],
  ['market-data', 'Market data', ['Listings', 'Rental Listings', 'Valuations', 'Comparables', 'Market Reports', 'Open Houses', 'Agents', 'Brokerages']],
  ['places-and-neighbourhoods', 'Places and neighbourhoods', ['Zoning', 'Land Use', 'Boundaries', 'Demographics', 'Neighborhoods', 'Schools', 'Amenities', 'Transit', 'Crime', 'Homeowner Associations']],
  ['risk-and-environment', 'Risk and environment', ['Flood Zones', 'Hazard Reports']],
];

const GUIDE_TAGS = {
  records: ['records'],
  permits: ['permits'],
  market: ['market-data'],
  places: ['geospatial'],
  risk: ['risk'],
};
const DOMAIN_TAG = ['records', 'permits', 'market', 'places', 'risk'];

const PLACES = [
  ['Alameda County', 'Oakland', 'CA', '06001'],
  ['Cook County', 'Chicago', 'IL', '17031'],
  ['King County', 'Seattle', 'WA', '53033'],
  ['Maricopa County', 'Phoenix', 'AZ', '04013'],
  ['Travis County', 'Austin', 'TX', '48453'],
  ['Fulton County', 'Atlanta', 'GA', '13121'],
  ['Hennepin County', 'Minneapolis', 'MN', '27053'],
  ['Multnomah County', 'Portland', 'OR', '41051'],
  ['Denver County', 'Denver', 'CO', '08031'],
  ['Miami-Dade County', 'Miami', 'FL', '12086'],
  ['Wake County', 'Raleigh', 'NC', '37183'],
  ['Suffolk County', 'Boston', 'MA', '25025'],
];

const FIELD_WORDS = {
  apn: 'parcel number', fips_code: 'county code', address: 'address', lot_size_sqft: 'lot size', land_use_code: 'land use', owners: 'owners', footprint: 'footprint',
  legal_description: 'legal description', permit_type: 'permit type', parcel_ids: 'parcel ids', issued_at: 'issue date', expires_on: 'expiry date', valuation_amount: 'valuation',
  inspector: 'inspector', mls_number: 'MLS number', list_price: 'list price', bedrooms: 'bedrooms', bathrooms: 'bathrooms', living_area_sqft: 'living area',
  days_on_market: 'days on market', photos: 'photos', zoning_code: 'zoning code', description: 'description', assessed_value: 'assessed value', market_value: 'market value',
  tax_year: 'tax year', recording: 'recording', recorded_at: 'recording date', buyer: 'buyer', seller: 'seller', sale_price: 'sale price', loan_amount: 'loan amount',
  interest_rate: 'interest rate', lender_name: 'lender', auction_date: 'auction date', opening_bid: 'opening bid', parties: 'parties', effective_date: 'effective date',
  mailing_address: 'mailing address', year_built: 'year built', stories: 'stories', construction_type: 'construction type', unit_number: 'unit number',
  floor_area_breakdown: 'room areas', monthly_rent: 'monthly rent', available_on: 'availability date', arms_length: 'arms-length flag', valuation_method: 'valuation method',
  confidence_score: 'confidence score', value_range: 'value range', tax_amount: 'tax amount', installments: 'installments', delinquent: 'delinquency',
  flood_zone_code: 'flood zone', base_flood_elevation_ft: 'base flood elevation', location: 'location', hazard_score: 'hazard score', wildfire_risk: 'wildfire risk',
  earthquake_risk: 'earthquake risk', severity: 'severity', nces_id: 'NCES id', school_rating: 'school rating', grades: 'grades', enrollment: 'enrollment', website: 'website',
  boundary_id: 'boundary id', boundary_layer: 'boundary layer', population: 'population', median_household_income: 'household income', median_age: 'median age',
  owner_occupied_share: 'owner-occupied share', amenity_type: 'amenity type', distance_meters: 'distance', route_ids: 'routes', transit_mode: 'transit mode',
  wheelchair_accessible: 'accessibility', crime_index: 'crime index', incident_counts: 'incident counts', period: 'period', utility_type: 'utility type',
  provider_name: 'provider', connected_on: 'connection date', permit_id: 'permit id', scheduled_at: 'schedule', result: 'inspection result', findings: 'findings',
  violation_code: 'violation code', cure_by: 'cure date', hoa_name: 'association name', hoa_fee: 'association fee', fee_frequency: 'fee frequency', contact: 'contact',
  easement_type: 'easement type', lien_type: 'lien type', lien_position: 'lien position', amount: 'amount', vesting: 'vesting', exceptions: 'exceptions',
  max_density_units_per_acre: 'density limit', adopted_on: 'adoption date', subject_apn: 'subject parcel', similarity_score: 'similarity score',
  median_sale_price: 'median sale price', months_of_supply: 'months of supply', neighborhood_name: 'neighbourhood name', walk_score: 'walk score',
  license_number: 'licence number', brokerage_id: 'brokerage', active_listings: 'active listings', office_address: 'office address', agent_count: 'agent count',
  listing_id: 'listing id', open_house_window: 'open-house window', host_agent_id: 'host agent', virtual: 'virtual flag', energy_score: 'energy score',
  annual_kwh: 'annual consumption', certificate_number: 'certificate number', rated_on: 'rating date', roof_area_sqft: 'roof area', solar_potential_kwh: 'solar potential',
  shading_factor: 'shading factor', assessed_on: 'assessment date',
};

/** Sentence banks by purpose. Slots: {one} {many} {One} {Many} {field} {fieldCode} {field2Code} {county} {city} {state} {fips} {n} {m} {pct} {days} {op} */
const SENTENCES = {
  intro: [
    'The {many} endpoints return one record per {one}, with the same identifiers the county uses, so you can join them to data you already hold.',
    'Most integrations read {many} in one of two ways: a nightly sync of a whole county, or an on-demand lookup when a user opens a property page.',
    'A {one} record combines what the source publishes with fields we derive, such as geocodes and standardised codes, and says which is which.',
    'Coverage of {many} differs by county: {county} publishes updates daily, while smaller counties send a file once a month.',
    'This guide walks through a realistic integration step by step, starting from a single request and ending with a loop you can run in production.',
    'If you have not called the API before, start with a sandbox key: it returns synthetic {many} with exactly the production shape.',
    'Everything below works with the same API key you use for the rest of the API; no extra scope is needed to read {many}.',
    'The examples use {city}, {state}, because its {many} are complete and change often enough to make syncing interesting.',
    'We keep the {many} schema stable within a major version: fields are added, never renamed or removed, so clients should ignore fields they do not know.',
    'Each {one} carries a `data_version` telling you which monthly release it comes from, which matters when you compare two responses.',
  ],
  filter: [
    'Filter on `{fieldCode}` to narrow the result before it leaves our servers; it is much cheaper than downloading everything and filtering locally.',
    'Filters combine with AND: a {one} must match every condition you send to be returned.',
    'Text filters are case-insensitive and match whole words, so `oak` does not match `Oakland` but does match `Oak Street`.',
    'Range filters accept either bound on its own; send only `min_` to get everything above a threshold.',
    'When a filter names a field the county does not publish, the request still succeeds and the matching {many} are simply fewer.',
    'Combine `{fieldCode}` with `updated_since` to fetch only the {many} that changed since your last run.',
    'A filter on `{field2Code}` is often enough on its own; adding more conditions rarely speeds up the query.',
    'Enum filters take several values separated by commas, and any of them may match.',
    'About {pct} % of {many} in {county} have `{fieldCode}` set; plan for the rest to omit it.',
  ],
  paginate: [
    'Collections return at most `limit` items per page, {n} by default, and a `meta.next_cursor` when there is more.',
    'Pass `meta.next_cursor` back as `cursor` and keep every other parameter unchanged; changing a filter mid-way restarts the listing.',
    'A cursor stays valid for {days} days, long enough to resume a sync that was interrupted overnight.',
    'Do not parse or construct cursors: their format changes between releases without notice.',
    'The last page has `next_cursor: null`, which is the only reliable signal that you have seen everything.',
    'A full county of {many} is typically {m} pages at the maximum page size, so a sync finishes in a few minutes.',
    'Pages are ordered by `-updated_at` unless you ask otherwise, so records changed during a long listing may appear twice; deduplicate on `id`.',
  ],
  sync: [
    'Subscriptions call your endpoint within a minute of a change, with the id of the {one} and the kind of change.',
    'Treat a webhook as a hint to fetch the {one} again rather than as the data itself; the payload is deliberately small.',
    'Respond to a webhook with any 2xx status within ten seconds; slower answers are retried with exponential back-off for up to {days} days.',
    'Verify the `x-signature` header of each delivery with your signing secret before you act on it.',
    'A nightly reconciliation against `updated_since` catches the rare delivery that your endpoint missed.',
    'Deliveries for one {one} arrive in order, but deliveries for different {many} may interleave.',
  ],
  errors: [
    'A `400` names the offending parameter in `error.parameter`, which is the quickest way to find a typo in a filter.',
    'A `401` means the `x-api-key` header is missing, or the key belongs to the other environment.',
    'A `404` on a {one} id usually means the record was merged into another one; its history tells you which.',
    'Retry a `429` after the number of seconds in `Retry-After`, not sooner, or the window starts again.',
    'Server errors are rare and safe to retry for reads; for writes, resend with the same `Idempotency-Key`.',
    'Log `meta.request_id` with every failure: support can find the request from it in seconds.',
    'The `error.message` text is written for developers and may change, so branch on `error.code` instead.',
  ],
  cache: [
    'Responses carry an `ETag`; send it back in `If-None-Match` and an unchanged {one} costs a `304` with no body.',
    '{Many} change at most once a day for most counties, so a cache of a few hours is safe for display purposes.',
    'Do not cache across `data_version` boundaries if you compare values over time: a new release can restate old figures.',
    'Edge caches keep responses for 60 seconds; send `Cache-Control: no-cache` when you need the latest write you just made.',
    'Cache the search results by their full query string, including the cursor, and the detail pages by `id`.',
  ],
  geo: [
    'Geometries are GeoJSON in WGS 84, longitude first, exactly as RFC 7946 requires.',
    'Footprints of {many} are simplified to about one metre, which keeps responses small without visible change on a map.',
    'A bounding-box search returns every {one} whose footprint intersects the box, not only those fully inside it.',
    'For drawing many {many} at once, the vector tiles are faster than fetching GeoJSON feature by feature.',
    'Coordinates carry six decimal places, roughly ten centimetres, which is more precision than the sources have.',
  ],
  quality: [
    'Values derived by us are flagged in `derived_fields`, so you can show them differently from what the county published.',
    'When two sources disagree about `{fieldCode}`, the more recent recording wins and the other value stays in the history.',
    'Around {pct} % of {many} were corrected in the last release, mostly typos in addresses and swapped unit numbers.',
    'Report a wrong value with the `request_id` of the response that contained it; corrections ship in the next weekly patch.',
    'The monthly release notes list every field whose definition changed, with the counties affected.',
    'Missing values are omitted rather than sent as `null`, except where `null` carries meaning, such as an open-ended date.',
  ],
  history: [
    'Every change to a {one} creates a history entry with the fields that changed, their old and new values, and who made the change.',
    'History goes back to the first release that contained the {one}, which for {county} is about {n} months.',
    'Events are a friendlier view of the same history: a sale, a new permit or a price change, each with its own fields.',
    'Use the history when a number looks wrong: it usually shows a restatement by the source rather than an error.',
  ],
  docs: [
    'Documents are stored by us and served through signed URLs that expire after fifteen minutes; fetch a new URL rather than storing one.',
    'Attaching a document copies it from `source_url`, so the URL must be reachable from the public internet for a minute.',
    'Scanned recordings are PDFs of up to a few megabytes; photos are JPEGs resized to at most 2,048 pixels.',
    'Detaching a document removes it from the {one} but keeps it in the audit log for seven years.',
  ],
};

const CODE_LANGS = ['javascript', 'python'];

// ---------------------------------------------------------------------------------------------
// Helpers

const pascal = (snake) => snake.split(/[_/-]/).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const words = (snake) => snake.replace(/_/g, ' ');
const capital = (s) => s[0].toUpperCase() + s.slice(1);
/** lodash-style kebab case of a camelCase operation id (the only shape the spec generator uses). */
const kebabOfCamel = (id) => id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
/** The slug github-slugger gives a heading made of letters, digits and spaces. */
const headingSlug = (text) => text.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
const slugify = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function resourceInfo(i) {
  const [tag, singular, plural, keyFields, , blurb] = resourceAt(i);
  const one = words(singular.replace(/^(partner|archived|regional|staged)_/, '$1 '));
  const many = plural.replace(/[-/]/g, ' ');
  const baseTag = resourceAt(i % 40)[0];
  const domainIndex = DOMAINS.findIndex((d) => d[2].includes(baseTag));
  return { index: i, tag, singular, plural, keyFields, blurb, one, many, schema: pascal(singular), Plural: pascal(plural), domainIndex };
}

// ---------------------------------------------------------------------------------------------
// Planning: which guides exist, where, and which headings each has (links need the headings of
// their targets before any guide is written).

/** Guide kinds: title from a resource (and a field), the sections the guide has, its tags. */
const KINDS = [
  { key: 'start', title: (r) => `Getting started with ${r.many}`, label: () => 'Getting started', sections: ['request', 'response', 'fields', 'next'], tags: ['api-basics'] },
  { key: 'filter', perField: true, title: (r, f) => `Filtering ${r.many} by ${FIELD_WORDS[f] ?? words(f)}`, sections: ['filtering', 'request', 'edge', 'performance'], tags: ['api-basics'] },
  { key: 'paginate', title: (r) => `Paginating through ${r.many}`, sections: ['pagination', 'loop', 'resume', 'errors'], tags: ['pagination'] },
  { key: 'webhooks', title: (r) => `Keeping ${r.many} in sync with webhooks`, sections: ['subscribe', 'verify', 'reconcile', 'errors'], tags: ['webhooks'] },
  { key: 'export', title: (r) => `Exporting ${r.many} in bulk`, sections: ['export', 'poll', 'formats', 'performance'], tags: ['exports'] },
  { key: 'dictionary', title: (r) => `The ${r.one} data dictionary`, label: () => 'Data dictionary', sections: ['fields', 'quality', 'history'], tags: ['data-quality'] },
  { key: 'errors', title: (r) => `Handling errors when reading ${r.many}`, sections: ['errors', 'retries', 'support'], tags: ['errors'] },
  { key: 'cache', title: (r) => `Caching ${r.one} responses`, sections: ['etags', 'freshness', 'performance'], tags: ['performance'] },
  { key: 'field', perField: true, title: (r, f) => `Understanding ${FIELD_WORDS[f] ?? words(f)} on ${r.many}`, sections: ['meaning', 'fields', 'quality', 'edge'], tags: ['data-quality'] },
  { key: 'geo', title: (r) => `Mapping ${r.many} with GeoJSON`, sections: ['geometry', 'bbox', 'performance'], tags: ['geospatial'] },
  { key: 'history', title: (r) => `Tracking the history of a ${r.one}`, sections: ['history', 'events', 'quality'], tags: ['data-quality'] },
  { key: 'documents', title: (r) => `Attaching documents to a ${r.one}`, sections: ['attach', 'download', 'errors'], tags: ['api-basics'] },
  { key: 'compare', perField: true, title: (r, f) => `Comparing ${FIELD_WORDS[f] ?? words(f)} across ${r.many}`, sections: ['meaning', 'filtering', 'loop', 'quality'], tags: ['data-quality'] },
  { key: 'troubleshoot', title: (r) => `Troubleshooting ${r.one} lookups`, sections: ['checklist', 'errors', 'support'], tags: ['errors'] },
  { key: 'migrate', title: (r) => `Migrating ${r.one} integrations to version 3`, sections: ['changes', 'request', 'checklist'], tags: ['api-basics'] },
];

/** Section key → heading text (unique within a guide because a kind lists each key once). */
const HEADINGS = {
  request: 'Making the request', response: 'Reading the response', fields: 'Field reference', next: 'Where to go next', filtering: 'Choosing filters', edge: 'Edge cases',
  performance: 'Performance notes', pagination: 'How pages work', loop: 'A complete loop', resume: 'Resuming an interrupted run', errors: 'Errors you may see',
  subscribe: 'Creating a subscription', verify: 'Verifying deliveries', reconcile: 'Nightly reconciliation', export: 'Starting an export', poll: 'Waiting for the file',
  formats: 'Output formats', quality: 'Data quality', history: 'Change history', retries: 'Retrying safely', support: 'Getting help', etags: 'Conditional requests',
  freshness: 'How fresh the data is', meaning: 'What the value means', geometry: 'Geometry basics', bbox: 'Searching by area', events: 'Events', attach: 'Uploading a document',
  download: 'Downloading documents', checklist: 'Checklist', changes: 'What changed',
};

function planGuides(count, rnd) {
  const guides = [];
  const folders = [];
  // intro.md is always the first guide: the spec's descriptions link to /guides/intro.
  guides.push({ file: 'intro.md', route: '/guides/intro', title: 'Introduction', folder: undefined, kind: undefined, headings: ['Authentication', 'Pagination', 'Rate limits'].map((h) => ({ text: h, slug: headingSlug(h) })), tags: ['api-basics'] });
  let left = count - 1;
  let i = 0;
  while (left > 0) {
    const r = resourceInfo(i % MAX_TAGS);
    if (i >= MAX_TAGS) throw new RangeError(`too many guides for the generator's ${MAX_TAGS} resource folders`);
    const [domainDir, domainLabel] = DOMAINS[r.domainIndex];
    const candidates = [];
    const fields = r.keyFields.slice(0, 6);
    for (const kind of KINDS) {
      if (kind.perField) for (const f of fields) candidates.push({ kind, field: f });
      else candidates.push({ kind });
    }
    // Getting started first, then a shuffled selection of the other guide kinds.
    const size = Math.min(left, rnd.int(18, 32), candidates.length);
    const chosen = [candidates[0], ...rnd.shuffle(candidates.slice(1), size - 1)];
    const folder = { dir: `${domainDir}/${r.plural.replace('/', '-')}`, domainDir, domainLabel, label: r.tag, resource: r, position: i + 1 };
    folders.push(folder);
    const names = new Set();
    chosen.forEach(({ kind, field }, k) => {
      const title = kind.title(r, field);
      let name = slugify(title);
      while (names.has(name)) name += '-more';
      names.add(name);
      const headings = kind.sections.map((s) => ({ key: s, text: HEADINGS[s], slug: headingSlug(HEADINGS[s]) }));
      const tags = [...kind.tags, ...GUIDE_TAGS[DOMAIN_TAG[r.domainIndex]]];
      guides.push({ file: `${folder.dir}/${name}.md`, route: `/guides/${folder.dir}/${name}`, title, label: kind.label?.(r), folder, kind, field, position: k + 1, headings, tags, resource: r });
    });
    left -= chosen.length;
    i++;
  }
  return { guides, folders };
}

// ---------------------------------------------------------------------------------------------
// Writing guides

function fill(template, v) {
  return template.replace(/\{(\w+)\}/g, (_, k) => {
    if (!(k in v)) throw new Error(`generateSite: no value for {${k}} in "${template}"`);
    return v[k];
  });
}

/** `count` sentences from the banks, preferring those not yet used in this guide (`used`). */
function paragraph(rnd, v, banks, count, used = new Set()) {
  const all = banks.flatMap((b) => SENTENCES[b]);
  const fresh = all.filter((s) => !used.has(s));
  const chosen = rnd.shuffle(fresh.length >= count ? fresh : all, count);
  for (const s of chosen) used.add(s);
  return chosen.map((s) => fill(s, v)).join(' ');
}

function relativeLink(from, to) {
  const rel = path.posix.relative(path.posix.dirname(from.file), to.file);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

class GuideWriter {
  constructor(rnd, guides, api) {
    this.rnd = rnd;
    this.guides = guides;
    this.api = api;
  }

  /** A link to another guide, to one of its headings about half of the time. */
  guideLink(from, near) {
    const { rnd } = this;
    const pool = near && rnd.chance(0.6) ? near : this.guides;
    let to = rnd.pick(pool);
    if (to === from) to = this.guides[0];
    const anchor = to.headings.length && rnd.chance(0.5) ? rnd.pick(to.headings) : undefined;
    const text = anchor ? `${anchor.text.toLowerCase()} in “${to.title}”` : `“${to.title}”`;
    return `[${text}](${relativeLink(from, to)}${anchor ? `#${anchor.slug}` : ''})`;
  }

  /** A link into the API reference: the operation page of this guide's resource when the spec has it. */
  apiLink(guide, which = 'list', anchor) {
    const ops = this.api.operations.get(guide.resource?.index);
    const op = ops?.[which] ?? ops?.list;
    if (!op) return 'the [API reference](/api)';
    return `the reference page of [\`${op.method.toUpperCase()} ${op.path}\`](/api/${op.slug}${anchor ? `#${anchor}` : ''})`;
  }

  values(guide) {
    const { rnd } = this;
    const r = guide.resource;
    const [county, city, state, fips] = rnd.pick(PLACES);
    const fields = r.keyFields;
    const field = guide.field ?? rnd.pick(fields);
    return {
      one: r.one, many: r.many, One: capital(r.one), Many: capital(r.many), field: FIELD_WORDS[field] ?? words(field), fieldCode: field,
      field2Code: rnd.pick(fields), county, city, state, fips, n: String(rnd.pick([25, 50, 100])), m: String(rnd.int(40, 900)), pct: String(rnd.int(3, 97)),
      days: String(rnd.pick([3, 7, 14])), op: r.plural,
    };
  }

  section(guide, heading, v, near) {
    const { rnd } = this;
    const r = guide.resource;
    const base = `https://api.propdata.example/v1/${r.plural}`;
    const out = [`## ${heading.text}`, ''];
    const para = (banks, n = rnd.int(3, 5)) => out.push(paragraph(rnd, v, banks, n, this.used), '');
    const link = () => this.guideLink(guide, near);
    switch (heading.key) {
      case 'request':
        para(['intro', 'filter'], 3);
        out.push('```bash', `curl -s "${base}?limit=${v.n}&${v.fieldCode}=..." \\`, '  -H "x-api-key: $PROPDATA_KEY" \\', '  -H "x-data-version: 2025.11.2"', '```', '');
        out.push(`Every parameter, including \`limit\`, is documented on ${this.apiLink(guide, 'list', 'query-limit')}.`, '');
        break;
      case 'response':
        para(['intro', 'quality'], 3);
        out.push('```json', JSON.stringify({ data: [{ id: `${r.singular.slice(0, 3)}_8KqT2mX`, object: r.singular, status: 'current', [v.fieldCode]: '…' }], meta: { request_id: 'req_7Hc2Lq9T', next_cursor: 'c_2Xk9', data_version: '2025.11.2' } }, null, 2), '```', '');
        out.push(`Every field of \`data\` is described on ${this.apiLink(guide, 'get', 'responses')}.`, '');
        break;
      case 'fields': {
        para(['quality'], 2);
        out.push('| Field | Meaning | Notes |', '| --- | --- | --- |');
        for (const f of r.keyFields) out.push(`| \`${f}\` | ${capital(FIELD_WORDS[f] ?? words(f))} of the ${r.one}. | ${rnd.pick(['Always present.', 'Omitted when the county does not publish it.', 'Standardised by us.', 'As recorded.', 'Updated monthly.'])} |`);
        out.push('', `The lifecycle states a ${r.one} goes through are listed under \`status\` on ${this.apiLink(guide, 'get', 'response-200-data-status')}.`, '');
        break;
      }
      case 'pagination':
      case 'resume':
        para(['paginate'], 4);
        if (rnd.chance(0.5)) out.push(':::tip', `Store the last cursor after every page. See ${link()} for a worked example.`, ':::', '');
        break;
      case 'loop': {
        para(['paginate', 'filter'], 3);
        const lang = rnd.pick(CODE_LANGS);
        if (lang === 'javascript') {
          out.push('```javascript', `async function* all${r.Plural}(params) {`, '  let cursor;', '  do {', `    const url = new URL('${base}');`, '    for (const [k, v] of Object.entries({ ...params, limit: 500, cursor })) if (v !== undefined) url.searchParams.set(k, v);', "    const res = await fetch(url, { headers: { 'x-api-key': process.env.PROPDATA_KEY } });", '    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);', '    const page = await res.json();', '    yield* page.data;', '    cursor = page.meta.next_cursor ?? undefined;', '  } while (cursor);', '}', '```', '');
        } else {
          out.push('```python', 'import os', 'import requests', '', `def all_${r.plural.replace(/[-/]/g, '_')}(**params):`, '    cursor = None', '    while True:', `        res = requests.get("${base}", params={**params, "limit": 500, "cursor": cursor},`, '                           headers={"x-api-key": os.environ["PROPDATA_KEY"]}, timeout=30)', '        res.raise_for_status()', '        page = res.json()', '        yield from page["data"]', '        cursor = page["meta"]["next_cursor"]', '        if cursor is None:', '            return', '```', '');
        }
        break;
      }
      case 'errors':
      case 'retries':
        para(['errors'], 4);
        if (heading.key === 'errors') {
          out.push('| Status | `error.code` | What to do |', '| --- | --- | --- |', '| 400 | `invalid_parameter` | Fix the parameter named in `error.parameter`. |', '| 401 | `invalid_api_key` | Check the key and the environment. |', '| 404 | `not_found` | Look the id up in the history. |', '| 429 | `rate_limited` | Wait for `Retry-After` seconds. |', '');
        }
        break;
      case 'subscribe':
        para(['sync'], 4);
        out.push('```bash', `curl -X POST "${base}/{id}/subscriptions" \\`, '  -H "x-api-key: $PROPDATA_KEY" -H "content-type: application/json" \\', `  -d '{"callback_url": "https://example.com/hooks/${r.plural.replace('/', '-')}", "events": ["updated"]}'`, '```', '');
        break;
      case 'verify':
      case 'reconcile':
        para(['sync'], rnd.int(3, 4));
        if (rnd.chance(0.4)) out.push(':::warning', 'Never trust a delivery whose signature does not verify, even in the sandbox.', ':::', '');
        break;
      case 'export':
      case 'poll':
      case 'formats':
        para(['paginate', 'docs'], 3);
        if (heading.key === 'formats') out.push('| Format | Best for |', '| --- | --- |', '| `csv` | Spreadsheets and quick checks |', '| `geojson` | GIS tools |', '| `parquet` | Data warehouses |', '');
        break;
      case 'quality':
      case 'meaning':
        para(['quality'], rnd.int(3, 5));
        break;
      case 'history':
      case 'events':
        para(['history'], 3);
        out.push(`The response is described on ${this.apiLink(guide, 'history')}.`, '');
        break;
      case 'etags':
      case 'freshness':
      case 'performance':
        para(['cache'], rnd.int(3, 4));
        break;
      case 'geometry':
      case 'bbox':
        para(['geo'], 3);
        if (heading.key === 'bbox') out.push('```json', JSON.stringify({ filter: { bbox: { southwest: { lat: 37.70, lon: -122.52 }, northeast: { lat: 37.83, lon: -122.35 } } }, limit: 100 }, null, 2), '```', '');
        break;
      case 'attach':
      case 'download':
        para(['docs'], 3);
        break;
      case 'filtering':
      case 'edge':
        para(['filter'], rnd.int(3, 5));
        if (rnd.chance(0.5)) out.push(`- Filters on \`${v.fieldCode}\` ignore records that omit it.`, `- An empty filter returns every ${r.one} of your plan's counties.`, `- See ${link()}.`, '');
        break;
      case 'checklist':
        out.push(`1. The key is a production key and the request goes to \`api.propdata.example\`.`, `2. The ${r.one} id has the right prefix.`, `3. The \`x-data-version\` header, if sent, names a release that exists.`, `4. You have read ${link()}.`, '');
        break;
      case 'changes':
        para(['intro', 'quality'], 3);
        out.push('| Version 2 | Version 3 |', '| --- | --- |', '| `page` and `per_page` | `cursor` and `limit` |', '| `apiKey` query parameter | `x-api-key` header |', '| Dates as `MM/DD/YYYY` | RFC 3339 dates |', '');
        break;
      case 'support':
        para(['errors'], 2);
        break;
      case 'next':
        out.push(`- ${link()}`, `- ${link()}`, `- ${capital(this.apiLink(guide, 'get'))}`, '');
        break;
      default:
        throw new Error(`generateSite: no writer for section ${heading.key}`);
    }
    // A subsection now and then, so the table of contents has a second level.
    if (rnd.chance(0.25)) out.push(`### ${heading.text} in ${v.city}`, '', paragraph(rnd, v, ['intro', 'quality'], 2, this.used), '');
    return out;
  }

  write(guide, near) {
    const { rnd } = this;
    this.used = new Set();
    const v = this.values(guide);
    const fm = ['---', `title: ${JSON.stringify(guide.title)}`];
    if (guide.label) fm.push(`sidebar_label: ${JSON.stringify(guide.label)}`);
    fm.push(`sidebar_position: ${guide.position}`);
    fm.push(`description: ${JSON.stringify(fill(rnd.pick(['How to work with {many} in the PropData API, with examples from {city}.', 'A practical guide to {many}: requests, fields and the pitfalls we see most.', 'Everything you need to read {many} reliably, from the first request to production.']), v))}`);
    fm.push(`tags: [${guide.tags.join(', ')}]`);
    fm.push('---', '');
    const body = [paragraph(rnd, v, ['intro'], rnd.int(3, 4), this.used), '', `${capital(paragraph(rnd, v, [guide.kind.sections.includes('pagination') ? 'paginate' : 'quality'], 2, this.used))} If you are new to the API, read ${this.guideLink(guide, near)} first.`, ''];
    if (rnd.chance(0.3)) body.push(`:::note`, `${guide.resource.blurb} Sandbox data for ${guide.resource.many} is regenerated every Monday.`, ':::', '');
    for (const heading of guide.headings) body.push(...this.section(guide, heading, v, near));
    return [...fm, ...body].join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
  }
}

const INTRO = `---
title: Introduction
sidebar_position: 1
description: What the PropData API is, how to authenticate, paginate and stay within the rate limits.
tags: [api-basics]
---

The PropData API serves parcels, permits, listings and everything else about a property from one place. These guides explain each resource with working examples; the [API reference](/api) lists every operation.

## Authentication

Send your key in the \`x-api-key\` header. Keys starting with \`pd_test_\` reach the sandbox, keys starting with \`pd_live_\` production.

\`\`\`bash
curl -H "x-api-key: $PROPDATA_KEY" "https://api.propdata.example/v1/parcels?limit=10"
\`\`\`

## Pagination

Collections return \`meta.next_cursor\`; pass it back as \`cursor\` until it is \`null\`.

## Rate limits

:::note
Production keys allow 20 requests per second; a \`429\` carries \`Retry-After\`.
:::
`;

function configText(firstGuideRoute) {
  return `import { defineConfig } from 'docsgen';

// Generated by bench/generateSite.mjs for benchmarks. Same shape as the repository's config.
export default defineConfig({
  title: 'API',
  tagline: 'Generated benchmark site',
  titleDelimiter: '|',
  url: 'https://docs.propdata.example',
  baseUrl: '/',
  trailingSlash: undefined,
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English' } },
  },
  navbar: {
    title: 'API',
    logo: { alt: 'PropData API logo' },
    items: [
      { label: 'Guides', to: '${firstGuideRoute}', activeBasePath: '/guides', position: 'left' },
      { label: 'API', to: '/api', activeBasePath: '/api', position: 'left' },
      { type: 'search', position: 'right' },
      { type: 'colorMode', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
    ],
  },
  footer: {
    copyright: 'Generated benchmark site. Built with docsgen.',
    links: [
      { label: 'Introduction', to: '/guides/intro' },
      { label: 'API reference', to: '/api' },
    ],
  },
  announcementBar: {
    id: 'bench-generated',
    content: 'This site was generated by <code>bench/generateSite.mjs</code>. <a href="/guides/intro">Read the introduction</a>.',
    isCloseable: true,
  },
  colorMode: {
    defaultMode: 'light',
    respectPrefersColorScheme: true,
  },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  openapi: {
    spec: 'openapi.yaml',
    downloadUrl: 'https://api.propdata.example/docs/yaml',
    timeoutMs: 10_000,
  },
  search: {
    language: ['en'],
    stopWords: true,
    maxResults: 8,
    contextLength: 50,
    searchBar: true,
    searchPage: true,
    highlightTermsOnTargetPage: true,
    keyboardShortcut: true,
    hashed: true,
    routes: ['/guides', '/api'],
  },
});
`;
}

// ---------------------------------------------------------------------------------------------
// The page budget

/**
 * Operations per tag so that /api + overview + tags + operations + component schemas ≈ `target`.
 * About 20 operations per tag (seeded between 12 and 25) keeps tag pages and sidebar categories
 * realistic; every tag adds 5 component schemas.
 */
export function planApi(target, rnd) {
  const shared = schemaCount(0, { rich: true });
  const budget = target - API_INDEX_PAGES - shared;
  if (budget < 7) throw new RangeError(`the API half needs at least ${API_INDEX_PAGES + shared + 7} pages, got ${target}`);
  // Each tag costs 1 (its page) + 5 (schemas) + its operations.
  let tags = Math.max(1, Math.round(budget / 26));
  while (budget - 6 * tags > OPERATIONS_PER_TAG * tags) tags++;
  if (tags > MAX_TAGS) throw new RangeError(`at most ${MAX_TAGS} tags; ask for fewer pages`);
  const operations = budget - 6 * tags;
  // Seeded, uneven split that still sums to `operations` and keeps each tag within 1..25.
  const perTag = Array.from({ length: tags }, () => 1);
  let left = operations - tags;
  const weights = perTag.map(() => 0.5 + rnd.next());
  const sum = weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < tags; i++) {
    const share = Math.min(OPERATIONS_PER_TAG - 1, Math.floor((left * weights[i]) / sum));
    perTag[i] += share;
  }
  left = operations - perTag.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % tags) {
    if (perTag[i] < OPERATIONS_PER_TAG) {
      perTag[i]++;
      left--;
    }
  }
  return { perTag, pages: API_INDEX_PAGES + tags + operations + schemaCount(tags, { rich: true }) };
}

/**
 * The API half of a site given by its composition (the 35,000-page benchmark site: 25,000
 * operations), not by a page budget: full tags of OPERATIONS_PER_TAG operations, the last one
 * holding the rest, so the spec has the most operations per tag page and 5 schemas per tag.
 */
export function fullTags(operations) {
  const perTag = Array.from({ length: Math.ceil(operations / OPERATIONS_PER_TAG) }, (_, i) => Math.min(OPERATIONS_PER_TAG, operations - i * OPERATIONS_PER_TAG));
  if (perTag.length > MAX_TAGS) throw new RangeError(`at most ${MAX_TAGS * OPERATIONS_PER_TAG} operations`);
  return { perTag, pages: API_INDEX_PAGES + perTag.length + operations + schemaCount(perTag.length, { rich: true }) };
}

function checkComposition(guides, operations) {
  if (!Number.isInteger(guides) || guides < 2) throw new RangeError(`guides must be an integer of at least 2, got ${guides}`);
  if (!Number.isInteger(operations) || operations < 1) throw new RangeError(`operations must be a positive integer, got ${operations}`);
}

/** The operation of each template kind (by resource index), for links from guides. */
function operationsByResource(spec) {
  const byTag = new Map(spec.tags.map((t, i) => [t.name, i]));
  const out = new Map();
  for (const [p, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const i = byTag.get(op.tags[0]);
      const kind = /^list[A-Z]/.test(op.operationId) && !p.includes('{') ? 'list' : /^get[A-Z]\w*History$/.test(op.operationId) ? 'history' : /^get[A-Z]/.test(op.operationId) && p.endsWith('_id}') ? 'get' : undefined;
      if (!kind) continue;
      const entry = out.get(i) ?? {};
      entry[kind] ??= { method, path: p, slug: kebabOfCamel(op.operationId) };
      out.set(i, entry);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The site

/**
 * Writes a complete site of about `pages` pages into `out` (created if needed; files of the same
 * names are overwritten, nothing else is removed). Returns the number of pages a build writes,
 * the number of files and bytes written, and the sha256 of all of them (path and content).
 */
export function generateSite({ pages, out, seed = DEFAULT_SEED, guides: guideCount, operations: operationCount }) {
  const explicit = guideCount !== undefined || operationCount !== undefined;
  if (explicit) checkComposition(guideCount, operationCount);
  else if (!Number.isInteger(pages) || pages < MIN_PAGES) throw new RangeError(`pages must be an integer of at least ${MIN_PAGES}, got ${pages}`);
  if (typeof out !== 'string' || !out) throw new TypeError('out must be a folder path');
  const rnd = makeRandom(seed);

  // Guides: half the pages, less /guides, /guides/tags and one page per guide tag used.
  const guideTarget = Math.round(pages / 2);
  const tagNames = new Set([...Object.values(GUIDE_TAGS).flat(), ...KINDS.flatMap((k) => k.tags)]);
  const { guides, folders } = planGuides(explicit ? guideCount : Math.max(2, guideTarget - GUIDE_INDEX_PAGES - tagNames.size), rnd);
  const usedTags = new Set(guides.flatMap((g) => g.tags));
  const guidePages = guides.length + GUIDE_INDEX_PAGES + usedTags.size;

  const api = explicit ? fullTags(operationCount) : planApi(pages - OTHER_PAGES - guidePages, rnd);
  const spec = generateSpec({ seed, perTag: api.perTag, rich: true });
  const specYaml = dump(spec, { noRefs: true, lineWidth: -1 });

  const files = new Map();
  files.set('docsgen.config.ts', configText('/guides/intro'));
  files.set('openapi.yaml', specYaml);
  files.set('content/guides/intro.md', INTRO);
  const domainsSeen = new Set();
  for (const folder of folders) {
    if (!domainsSeen.has(folder.domainDir)) {
      domainsSeen.add(folder.domainDir);
      const position = DOMAINS.findIndex((d) => d[0] === folder.domainDir) + 2;
      files.set(`content/guides/${folder.domainDir}/_category_.yml`, `label: ${folder.domainLabel}\nposition: ${position}\n`);
    }
    files.set(`content/guides/${folder.dir}/_category_.yml`, `label: ${folder.label}\nposition: ${folder.position}\n`);
  }
  const writer = new GuideWriter(rnd, guides, { operations: operationsByResource(spec) });
  const byFolder = new Map();
  for (const g of guides) if (g.folder) byFolder.set(g.folder, [...(byFolder.get(g.folder) ?? []), g]);
  for (const g of guides) if (g.folder) files.set(`content/guides/${g.file}`, writer.write(g, byFolder.get(g.folder)));

  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for (const [rel, text] of files) {
    const file = path.join(out, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    hash.update(`${rel}\0${text}\0`);
    bytes += Buffer.byteLength(text);
  }
  return {
    pages: guidePages + api.pages + OTHER_PAGES,
    files: files.size,
    bytes,
    sha256: hash.digest('hex'),
    guides: guides.length,
    tags: api.perTag.length,
    operations: api.perTag.reduce((a, b) => a + b, 0),
    schemas: Object.keys(spec.components.schemas).length,
    configFile: path.join(out, 'docsgen.config.ts'),
    specFile: path.join(out, 'openapi.yaml'),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const pages = Number(opt('--pages'));
  const out = opt('--out');
  const seedArg = opt('--seed');
  const composition = opt('--guides') === undefined ? {} : { guides: Number(opt('--guides')), operations: Number(opt('--operations')) };
  if (!out || (!Number.isInteger(pages) && composition.guides === undefined)) {
    console.error('usage: node bench/generateSite.mjs (--pages <n> | --guides <n> --operations <n>) --out <dir> [--seed <n>]');
    process.exit(2);
  }
  const info = generateSite({ pages, out: path.resolve(out), seed: seedArg === undefined ? undefined : Number(seedArg), ...composition });
  console.log(JSON.stringify(info, null, 2));
}
