// Deterministic generator of the OpenAPI 3.1 spec of a (fictional) property-data API for
// benchmarks: N operations across many tags, shared parameters, headers and responses, and
// component schemas with nesting and reuse. Every choice comes from a seeded PRNG (mulberry32),
// never Math.random, Date or object-identity order, so the same seed and options give the same
// bytes every run. bench/generateSite.mjs builds whole sites around it.
//
//   import { generateSpec } from './generateSpec.mjs';
//   const spec = generateSpec({ seed, perTag: [12, 9, …], rich: true });

export const DEFAULT_SEED = 0xd0c5;
export const DEFAULT_OPERATIONS = 1000;

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seeded helpers both generators draw from (bench/generateSite.mjs too). */
export function makeRandom(seed) {
  const next = mulberry32(seed);
  const r = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    /** `count` distinct items of `list`, in list order. */
    sample: (list, count) => {
      const idx = list.map((_, i) => i);
      for (let i = idx.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [idx[i], idx[j]] = [idx[j], idx[i]];
      }
      return idx.slice(0, Math.min(count, list.length)).sort((a, b) => a - b).map((i) => list[i]);
    },
    /** `count` distinct items of `list` in random order. */
    shuffle: (list, count = list.length) => {
      const out = list.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out.slice(0, Math.min(count, out.length));
    },
  };
  return r;
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

/** [tag name, singular snake_case, plural path segment, key fields, status set, one-line blurb] */
const RESOURCES = [
  ['Parcels', 'parcel', 'parcels', ['apn', 'fips_code', 'address', 'lot_size_sqft', 'land_use_code', 'owners', 'footprint', 'legal_description'], 'record', 'Land parcels as recorded by county assessors, keyed by assessor parcel number (APN).'],
  ['Permits', 'permit', 'permits', ['permit_type', 'address', 'parcel_ids', 'issued_at', 'expires_on', 'valuation_amount', 'inspector'], 'application', 'Building, electrical, plumbing and demolition permits from municipal permit offices.'],
  ['Listings', 'listing', 'listings', ['mls_number', 'address', 'list_price', 'bedrooms', 'bathrooms', 'living_area_sqft', 'days_on_market', 'photos'], 'listing', 'For-sale MLS listings with price history, photos and property characteristics.'],
  ['Zoning', 'zoning_district', 'zoning-districts', ['zoning_code', 'fips_code', 'footprint', 'land_use_code', 'description'], 'record', 'Zoning districts, their codes and the land uses they allow.'],
  ['Assessments', 'assessment', 'assessments', ['apn', 'assessed_value', 'market_value', 'tax_year', 'land_use_code'], 'record', 'Annual assessor valuations of land and improvements.'],
  ['Deeds', 'deed', 'deeds', ['apn', 'recording', 'recorded_at', 'buyer', 'seller', 'sale_price', 'legal_description'], 'record', 'Recorded deeds and the transfers of ownership they document.'],
  ['Mortgages', 'mortgage', 'mortgages', ['apn', 'recording', 'loan_amount', 'interest_rate', 'lender_name', 'recorded_at'], 'record', 'Mortgages and deeds of trust recorded against a parcel.'],
  ['Foreclosures', 'foreclosure', 'foreclosures', ['apn', 'recording', 'auction_date', 'opening_bid', 'parties'], 'application', 'Notices of default, lis pendens and trustee sales.'],
  ['Ownership Records', 'ownership_record', 'ownership-records', ['apn', 'owners', 'effective_date', 'mailing_address'], 'record', 'Current and historical owners of a parcel, including trusts and LLCs.'],
  ['Buildings', 'building', 'buildings', ['parcel_ids', 'footprint', 'year_built', 'stories', 'living_area_sqft', 'construction_type'], 'record', 'Structures on a parcel with their footprint and characteristics.'],
  ['Units', 'unit', 'units', ['unit_number', 'bedrooms', 'bathrooms', 'living_area_sqft', 'floor_area_breakdown'], 'record', 'Individual dwelling or commercial units inside a building.'],
  ['Rental Listings', 'rental_listing', 'rental-listings', ['address', 'monthly_rent', 'bedrooms', 'bathrooms', 'available_on', 'photos'], 'listing', 'Long-term rental listings with asking rent and availability.'],
  ['Sales', 'sale', 'sales', ['apn', 'sale_price', 'recorded_at', 'buyer', 'seller', 'arms_length'], 'record', 'Closed sale transactions derived from deeds and MLS data.'],
  ['Valuations', 'valuation', 'valuations', ['apn', 'market_value', 'valuation_method', 'confidence_score', 'value_range'], 'record', 'Automated valuation model (AVM) estimates with confidence ranges.'],
  ['Tax Bills', 'tax_bill', 'tax-bills', ['apn', 'tax_year', 'tax_amount', 'installments', 'delinquent'], 'record', 'Property tax bills, installments and delinquency status.'],
  ['Flood Zones', 'flood_zone', 'flood-zones', ['flood_zone_code', 'footprint', 'base_flood_elevation_ft', 'effective_date'], 'record', 'FEMA flood hazard zones and base flood elevations.'],
  ['Hazard Reports', 'hazard_report', 'hazard-reports', ['location', 'hazard_score', 'wildfire_risk', 'earthquake_risk', 'severity'], 'record', 'Natural hazard exposure scores for a location.'],
  ['Schools', 'school', 'schools', ['nces_id', 'address', 'school_rating', 'grades', 'enrollment', 'website'], 'record', 'Public, charter and private K-12 schools.'],
  ['Boundaries', 'boundary', 'boundaries', ['boundary_id', 'boundary_layer', 'footprint', 'population', 'fips_code'], 'record', 'Administrative, postal and neighbourhood boundaries.'],
  ['Demographics', 'demographic_profile', 'demographic-profiles', ['boundary_id', 'population', 'median_household_income', 'median_age', 'owner_occupied_share'], 'record', 'Census-derived population, income and housing figures for a boundary.'],
  ['Amenities', 'amenity', 'amenities', ['amenity_type', 'location', 'address', 'distance_meters', 'website'], 'record', 'Parks, groceries, pharmacies and other points of interest.'],
  ['Transit', 'transit_stop', 'transit-stops', ['location', 'route_ids', 'transit_mode', 'wheelchair_accessible'], 'record', 'Bus, rail and ferry stops with the routes that serve them.'],
  ['Crime', 'crime_report', 'crime-reports', ['boundary_id', 'crime_index', 'incident_counts', 'period'], 'record', 'Crime indices and incident counts by boundary and month.'],
  ['Utilities', 'utility_connection', 'utility-connections', ['apn', 'utility_type', 'provider_name', 'connected_on'], 'application', 'Water, sewer, electricity and broadband service connections.'],
  ['Inspections', 'inspection', 'inspections', ['permit_id', 'inspector', 'scheduled_at', 'result', 'findings'], 'application', 'Building inspections scheduled against permits, and their results.'],
  ['Code Violations', 'code_violation', 'code-violations', ['apn', 'violation_code', 'severity', 'inspector', 'cure_by'], 'application', 'Municipal code enforcement cases and their resolution.'],
  ['Homeowner Associations', 'hoa', 'hoas', ['hoa_name', 'hoa_fee', 'fee_frequency', 'parcel_ids', 'contact'], 'record', 'Homeowner associations, their fees and the parcels they govern.'],
  ['Easements', 'easement', 'easements', ['apn', 'easement_type', 'recording', 'footprint', 'parties'], 'record', 'Recorded easements and rights of way.'],
  ['Liens', 'lien', 'liens', ['apn', 'lien_type', 'lien_position', 'amount', 'recording'], 'record', 'Tax, mechanics and judgment liens recorded against a parcel.'],
  ['Title Reports', 'title_report', 'title-reports', ['apn', 'vesting', 'owners', 'exceptions', 'effective_date'], 'application', 'Preliminary title reports with vesting and exceptions.'],
  ['Land Use', 'land_use_plan', 'land-use-plans', ['land_use_code', 'footprint', 'max_density_units_per_acre', 'adopted_on'], 'application', 'General-plan land-use designations and their density limits.'],
  ['Comparables', 'comparable', 'comparables', ['subject_apn', 'sale_price', 'distance_meters', 'similarity_score', 'bedrooms'], 'record', 'Comparable sales selected for a subject property.'],
  ['Market Reports', 'market_report', 'market-reports', ['boundary_id', 'period', 'median_sale_price', 'months_of_supply', 'days_on_market'], 'record', 'Monthly market statistics for a boundary.'],
  ['Neighborhoods', 'neighborhood', 'neighborhoods', ['neighborhood_name', 'boundary_id', 'walk_score', 'footprint', 'description'], 'record', 'Named neighbourhoods with their character and walkability.'],
  ['Agents', 'agent', 'agents', ['license_number', 'contact', 'brokerage_id', 'active_listings'], 'record', 'Licensed real estate agents and their activity.'],
  ['Brokerages', 'brokerage', 'brokerages', ['license_number', 'contact', 'office_address', 'agent_count'], 'record', 'Real estate brokerages and their offices.'],
  ['Open Houses', 'open_house', 'open-houses', ['listing_id', 'open_house_window', 'host_agent_id', 'virtual'], 'listing', 'Scheduled open houses for active listings.'],
  ['Floor Plans', 'floor_plan', 'floor-plans', ['listing_id', 'floor_area_breakdown', 'living_area_sqft', 'stories'], 'record', 'Floor plans with room-by-room areas.'],
  ['Energy Ratings', 'energy_rating', 'energy-ratings', ['apn', 'energy_score', 'annual_kwh', 'certificate_number', 'rated_on'], 'record', 'Home energy scores and certificates.'],
  ['Solar Assessments', 'solar_assessment', 'solar-assessments', ['apn', 'roof_area_sqft', 'solar_potential_kwh', 'shading_factor', 'assessed_on'], 'application', 'Rooftop solar potential estimated from imagery and irradiance.'],
];

/**
 * Beyond the 40 resources, further tags are the same resources from another data feed
 * ("Partner Parcels" under /v1/partner/parcels), so large sites keep realistic names.
 * [tag prefix, snake prefix, blurb prefix]
 */
const VARIANTS = [
  ['Partner', 'partner', 'From partner data feeds, refreshed weekly:'],
  ['Archived', 'archived', 'Retired records kept for audits and back-testing:'],
  ['Regional', 'regional', 'Aggregated by regional planning agency:'],
  ['Staged', 'staged', 'Pre-release data staged for the next release:'],
  // Further feeds for the 35,000-page site (1,000 tags of 25 operations); appended, so smaller
  // sites keep their bytes.
  ['County', 'county', 'As published by the county recorder, unmodified:'],
  ['Municipal', 'municipal', 'From city and town offices:'],
  ['Historic', 'historic', 'Digitised from paper records before 1990:'],
  ['Commercial', 'commercial', 'Commercial properties only:'],
  ['Residential', 'residential', 'Residential properties only:'],
  ['Federal', 'federal', 'From federal agencies:'],
  ['Tribal', 'tribal', 'From tribal land offices:'],
  ['Rural', 'rural', 'Rural counties, refreshed monthly:'],
  ['Coastal', 'coastal', 'Coastal jurisdictions, with shoreline attributes:'],
  ['Metro', 'metro', 'Aggregated by metropolitan area:'],
  ['Legacy', 'legacy', 'Version 2 records, kept for old integrations:'],
  ['Verified', 'verified', 'Checked by hand against the source documents:'],
  ['Provisional', 'provisional', 'Provisional figures, restated when the source confirms them:'],
  ['Forecast', 'forecast', 'Modelled forecasts for the next twelve months:'],
  ['Quarterly', 'quarterly', 'Quarterly snapshots:'],
  ['Annual', 'annual', 'Annual snapshots:'],
  ['Insured', 'insured', 'From insurance carriers:'],
  ['Lender', 'lender', 'From mortgage lenders and servicers:'],
  ['Survey', 'survey', 'From licensed land surveyors:'],
  ['Satellite', 'satellite', 'Derived from satellite imagery:'],
  ['Community', 'community', 'Contributed by community organisations:'],
];

/** The resource behind tag number `i` (0-based): the 40 base resources, then their variants. */
export function resourceAt(i) {
  const base = RESOURCES[i % RESOURCES.length];
  const v = Math.floor(i / RESOURCES.length);
  if (v === 0) return base;
  const [prefix, snake, blurbPrefix] = VARIANTS[v - 1];
  const [tag, singular, plural, keyFields, statusSet, blurb] = base;
  return [`${prefix} ${tag}`, `${snake}_${singular}`, `${snake}/${plural}`, keyFields, statusSet, `${blurbPrefix} ${blurb[0].toLowerCase()}${blurb.slice(1)}`];
}

export const MAX_TAGS = RESOURCES.length * (VARIANTS.length + 1);

const STATUS_SETS = {
  record: ['current', 'superseded', 'archived'],
  application: ['draft', 'submitted', 'under_review', 'approved', 'rejected', 'expired'],
  listing: ['coming_soon', 'active', 'pending', 'sold', 'withdrawn', 'expired'],
};

const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
const money = (description) => ({ description, allOf: [ref('Money')] });
const enumOf = (values, description) => ({ type: 'string', enum: values, description });

/** Field name → schema. Shared by every resource; key fields plus a random sample of the rest. */
const FIELDS = {
  apn: { type: 'string', pattern: '^[0-9A-Z-]{6,20}$', description: 'Assessor parcel number as formatted by the county.', examples: ['123-456-789'] },
  subject_apn: { type: 'string', description: 'APN of the subject property.', examples: ['045-221-118'] },
  fips_code: { type: 'string', pattern: '^[0-9]{5}$', description: 'Five-digit county FIPS code.', examples: ['06075'] },
  address: ref('PostalAddress'),
  mailing_address: { description: 'Where the tax bill is mailed; often differs from the situs address.', allOf: [ref('PostalAddress')] },
  office_address: ref('PostalAddress'),
  location: ref('GeoPoint'),
  footprint: ref('GeoJsonPolygon'),
  lot_size_sqft: { type: 'number', minimum: 0, description: 'Lot area in square feet.' },
  living_area_sqft: { type: 'integer', minimum: 0, description: 'Finished living area in square feet.' },
  year_built: { type: 'integer', minimum: 1700, maximum: 2030 },
  bedrooms: { type: 'integer', minimum: 0, maximum: 50 },
  bathrooms: { type: 'number', minimum: 0, multipleOf: 0.5 },
  stories: { type: 'integer', minimum: 1 },
  land_use_code: enumOf(['residential_single_family', 'residential_multi_family', 'commercial', 'industrial', 'agricultural', 'vacant', 'mixed_use'], 'Standardised land-use category.'),
  zoning_code: { type: 'string', description: 'Local zoning code, e.g. `R-1` or `C-2`.', examples: ['R-1'] },
  assessed_value: money('Assessed value used for taxation.'),
  market_value: money('Estimated market value.'),
  tax_amount: money('Total tax due for the year.'),
  list_price: money('Current asking price.'),
  sale_price: money('Recorded or reported sale price.'),
  median_sale_price: money('Median closed sale price in the period.'),
  loan_amount: money('Original principal of the loan.'),
  opening_bid: money('Opening bid at the trustee sale.'),
  amount: money('Amount secured by the lien.'),
  monthly_rent: money('Asking rent per month.'),
  valuation_amount: money('Declared construction valuation.'),
  median_household_income: money('Median household income (ACS 5-year).'),
  hoa_fee: money('Regular association fee.'),
  interest_rate: { type: 'number', minimum: 0, maximum: 30, description: 'Annual interest rate in percent.' },
  lender_name: { type: 'string' },
  recorded_at: { type: 'string', format: 'date', description: 'Date the county recorder recorded the document.' },
  effective_date: { type: 'string', format: 'date' },
  expires_on: { type: ['string', 'null'], format: 'date', description: 'Expiry date, or `null` when the record does not expire.' },
  issued_at: { type: 'string', format: 'date-time' },
  scheduled_at: { type: 'string', format: 'date-time' },
  auction_date: { type: ['string', 'null'], format: 'date' },
  available_on: { type: 'string', format: 'date' },
  connected_on: { type: 'string', format: 'date' },
  cure_by: { type: 'string', format: 'date' },
  adopted_on: { type: 'string', format: 'date' },
  rated_on: { type: 'string', format: 'date' },
  assessed_on: { type: 'string', format: 'date' },
  tax_year: { type: 'integer', minimum: 1990, maximum: 2100 },
  owners: { type: 'array', description: 'Owners of record, largest share first.', items: ref('Owner') },
  parties: { type: 'array', items: ref('Contact') },
  buyer: ref('Owner'),
  seller: ref('Owner'),
  contact: ref('Contact'),
  inspector: ref('UserRef'),
  recording: ref('Recording'),
  latest_event: { description: 'The most recent event on this record.', allOf: [ref('PropertyEvent')] },
  flood_zone_code: enumOf(['A', 'AE', 'AH', 'AO', 'V', 'VE', 'X', 'D'], 'FEMA flood zone designation.'),
  base_flood_elevation_ft: { type: ['number', 'null'] },
  hazard_score: { type: 'integer', minimum: 0, maximum: 100, description: 'Combined hazard score; higher is riskier.' },
  wildfire_risk: enumOf(['very_low', 'low', 'moderate', 'high', 'very_high']),
  earthquake_risk: enumOf(['very_low', 'low', 'moderate', 'high', 'very_high']),
  walk_score: { type: 'integer', minimum: 0, maximum: 100 },
  school_rating: { type: 'integer', minimum: 1, maximum: 10 },
  population: { type: 'integer', minimum: 0 },
  median_age: { type: 'number' },
  owner_occupied_share: { type: 'number', minimum: 0, maximum: 1 },
  crime_index: { type: 'number', description: 'Crime index where 100 is the national average.' },
  incident_counts: { type: 'object', description: 'Incidents by category.', additionalProperties: { type: 'integer' } },
  distance_meters: { type: 'number', minimum: 0 },
  permit_type: enumOf(['building', 'electrical', 'plumbing', 'mechanical', 'demolition', 'solar', 'roofing']),
  valuation_method: enumOf(['avm', 'appraisal', 'broker_price_opinion']),
  confidence_score: { type: 'number', minimum: 0, maximum: 1 },
  value_range: { type: 'object', properties: { low: ref('Money'), high: ref('Money') } },
  days_on_market: { type: 'integer', minimum: 0 },
  months_of_supply: { type: 'number' },
  mls_number: { type: 'string', examples: ['ML81934422'] },
  license_number: { type: 'string' },
  certificate_number: { type: 'string' },
  nces_id: { type: 'string', pattern: '^[0-9]{12}$' },
  website: { type: 'string', format: 'uri' },
  fee_frequency: enumOf(['monthly', 'quarterly', 'annually']),
  parcel_ids: { type: 'array', items: { type: 'string' }, description: 'APNs of the parcels concerned.' },
  boundary_id: { type: 'string', pattern: '^[a-z_]+:[0-9A-Za-z]+$', examples: ['city:0667000'] },
  boundary_layer: enumOf(['state', 'county', 'city', 'postal_city', 'zip', 'neighborhood', 'school_district', 'school_attendance_zone']),
  neighborhood_name: { type: 'string' },
  hoa_name: { type: 'string' },
  description: { type: 'string', description: 'Free-text description. May contain markdown.' },
  photos: { type: 'array', items: ref('Photo') },
  energy_score: { type: 'integer', minimum: 1, maximum: 10 },
  annual_kwh: { type: 'number' },
  roof_area_sqft: { type: 'number' },
  solar_potential_kwh: { type: 'number' },
  shading_factor: { type: 'number', minimum: 0, maximum: 1 },
  violation_code: { type: 'string' },
  severity: enumOf(['low', 'medium', 'high', 'critical']),
  lien_type: enumOf(['tax', 'mechanics', 'judgment', 'hoa', 'federal']),
  lien_position: { type: 'integer', minimum: 1 },
  legal_description: { type: 'string' },
  amenity_type: enumOf(['park', 'grocery', 'pharmacy', 'gym', 'cafe', 'library', 'hospital']),
  route_ids: { type: 'array', items: { type: 'string' } },
  transit_mode: enumOf(['bus', 'light_rail', 'subway', 'commuter_rail', 'ferry']),
  wheelchair_accessible: { type: 'boolean' },
  open_house_window: ref('DateTimeRange'),
  period: ref('DateRange'),
  floor_area_breakdown: { type: 'array', items: ref('RoomArea') },
  unit_number: { type: 'string' },
  construction_type: enumOf(['wood_frame', 'masonry', 'concrete', 'steel', 'manufactured']),
  arms_length: { type: 'boolean', description: 'Whether the sale was between unrelated parties.' },
  installments: { type: 'array', items: { type: 'object', required: ['due_on', 'amount'], properties: { due_on: { type: 'string', format: 'date' }, amount: ref('Money'), paid: { type: 'boolean' } } } },
  delinquent: { type: 'boolean' },
  grades: { type: 'array', items: enumOf(['PK', 'KG', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']) },
  enrollment: { type: 'integer' },
  utility_type: enumOf(['water', 'sewer', 'electricity', 'gas', 'broadband']),
  provider_name: { type: 'string' },
  permit_id: { type: 'string' },
  result: enumOf(['passed', 'failed', 'partial', 'cancelled']),
  findings: { type: 'array', items: { type: 'string' } },
  easement_type: enumOf(['utility', 'access', 'drainage', 'conservation', 'view']),
  vesting: { type: 'string' },
  exceptions: { type: 'array', items: { type: 'string' } },
  max_density_units_per_acre: { type: 'number' },
  similarity_score: { type: 'number', minimum: 0, maximum: 1 },
  brokerage_id: { type: 'string' },
  active_listings: { type: 'integer' },
  agent_count: { type: 'integer' },
  listing_id: { type: 'string' },
  host_agent_id: { type: 'string' },
  virtual: { type: 'boolean' },
};
const FIELD_NAMES = Object.keys(FIELDS);

const VERB_PHRASES = ['Use this endpoint to', 'Call this to', 'This endpoint lets you', 'Integrations typically'];
const NOTES = [
  'Results reflect the latest nightly data release unless you pin one with the `x-data-version` header.',
  'Responses are cached for 60 seconds at the edge; send `Cache-Control: no-cache` to bypass it.',
  'Sandbox keys return synthetic records with the same shape as production.',
  'Fields the county does not publish are omitted rather than returned as `null`.',
  'Every write is recorded in the audit log of the record and can be read back from its history.',
  'Large result sets are paginated with an opaque `cursor`; do not parse it.',
];

// ---------------------------------------------------------------------------------------------
// Names

const pascal = (snake) => snake.split(/[_\/-]/).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const camel = (snake) => pascal(snake).replace(/^./, (c) => c.toLowerCase());
const words = (snake) => snake.replace(/_/g, ' ');
const pluralWords = (r) => r.plural.replace(/[-/]/g, ' ');

// ---------------------------------------------------------------------------------------------
// Shared components

function sharedSchemas() {
  return {
    GeoPoint: { type: 'object', description: 'A WGS 84 coordinate.', required: ['lat', 'lon'], properties: { lat: { type: 'number', minimum: -90, maximum: 90, examples: [37.7793] }, lon: { type: 'number', minimum: -180, maximum: 180, examples: [-122.4193] } } },
    BoundingBox: { type: 'object', required: ['southwest', 'northeast'], properties: { southwest: ref('GeoPoint'), northeast: ref('GeoPoint') } },
    GeoJsonPolygon: {
      type: 'object',
      description: 'A GeoJSON Polygon (RFC 7946), exterior ring first.',
      required: ['type', 'coordinates'],
      properties: { type: { type: 'string', enum: ['Polygon'] }, coordinates: { type: 'array', items: { type: 'array', minItems: 4, items: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } } } } },
    },
    PostalAddress: {
      type: 'object',
      required: ['line1', 'city', 'state', 'postal_code'],
      properties: {
        line1: { type: 'string', examples: ['1 Dr Carlton B Goodlett Pl'] },
        line2: { type: ['string', 'null'] },
        city: { type: 'string', examples: ['San Francisco'] },
        state: { type: 'string', pattern: '^[A-Z]{2}$', examples: ['CA'] },
        postal_code: { type: 'string', pattern: '^[0-9]{5}(-[0-9]{4})?$', examples: ['94102'] },
        county_fips: { type: 'string', pattern: '^[0-9]{5}$' },
        location: { description: 'Rooftop geocode of the address.', allOf: [ref('GeoPoint')] },
      },
    },
    Money: { type: 'object', required: ['amount', 'currency'], properties: { amount: { type: 'number', examples: [1250000] }, currency: { type: 'string', enum: ['USD'], default: 'USD' } } },
    DateRange: { type: 'object', required: ['from', 'to'], properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } } },
    DateTimeRange: { type: 'object', required: ['starts_at', 'ends_at'], properties: { starts_at: { type: 'string', format: 'date-time' }, ends_at: { type: 'string', format: 'date-time' } } },
    Contact: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' }, phone: { type: 'string', pattern: '^\\+?[0-9 ()-]{7,20}$' }, mailing_address: ref('PostalAddress') } },
    Owner: {
      type: 'object',
      required: ['owner_id', 'kind', 'name'],
      properties: {
        owner_id: { type: 'string', examples: ['own_8KqT2'] },
        kind: { type: 'string', enum: ['individual', 'trust', 'llc', 'corporation', 'government', 'estate'] },
        name: { type: 'string' },
        share_percent: { type: 'number', minimum: 0, maximum: 100 },
        contact: ref('Contact'),
      },
    },
    UserRef: { type: 'object', required: ['user_id'], properties: { user_id: { type: 'string' }, display_name: { type: 'string' }, role: { type: 'string', enum: ['analyst', 'admin', 'integration', 'inspector'] } } },
    AuditInfo: { type: 'object', required: ['created_at', 'updated_at'], properties: { created_at: { type: 'string', format: 'date-time' }, updated_at: { type: 'string', format: 'date-time' }, created_by: ref('UserRef'), updated_by: ref('UserRef') } },
    Recording: { type: 'object', description: 'Where the county recorder filed the document.', properties: { book: { type: 'string' }, page: { type: 'string' }, instrument_number: { type: 'string' }, recorder_fips: { type: 'string', pattern: '^[0-9]{5}$' } } },
    Photo: { type: 'object', required: ['url'], properties: { url: { type: 'string', format: 'uri' }, caption: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' } } },
    RoomArea: { type: 'object', required: ['room', 'area_sqft'], properties: { room: { type: 'string', enum: ['bedroom', 'bathroom', 'kitchen', 'living', 'dining', 'garage', 'other'] }, area_sqft: { type: 'number' }, level: { type: 'integer' } } },
    ResourceBase: {
      type: 'object',
      description: 'Fields every record carries.',
      required: ['id', 'object', 'audit'],
      properties: { id: { type: 'string' }, object: { type: 'string', description: 'The record type, e.g. `parcel`.' }, data_version: { type: 'string', pattern: '^[0-9]{4}\\.[0-9]{2}\\.[0-9]+$', examples: ['2025.11.2'] }, audit: ref('AuditInfo'), labels: { type: 'array', items: { type: 'string' } } },
    },
    Document: {
      type: 'object',
      required: ['document_id', 'kind', 'url'],
      properties: {
        document_id: { type: 'string' },
        title: { type: 'string' },
        kind: { type: 'string', enum: ['deed', 'permit_application', 'inspection_report', 'plat_map', 'photo', 'other'] },
        media_type: { type: 'string', examples: ['application/pdf'] },
        size_bytes: { type: 'integer', minimum: 0 },
        url: { type: 'string', format: 'uri', description: 'Signed download URL, valid for 15 minutes.' },
        audit: ref('AuditInfo'),
      },
    },
    DocumentInput: { type: 'object', required: ['kind', 'source_url'], properties: { title: { type: 'string' }, kind: { type: 'string', enum: ['deed', 'permit_application', 'inspection_report', 'plat_map', 'photo', 'other'] }, source_url: { type: 'string', format: 'uri' } } },
    DocumentEnvelope: { type: 'object', required: ['data', 'meta'], properties: { data: ref('Document'), meta: ref('ResponseMeta') } },
    DocumentList: { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: ref('Document') }, meta: ref('PageMeta') } },
    Note: { type: 'object', required: ['note_id', 'body'], properties: { note_id: { type: 'string' }, body: { type: 'string' }, visibility: { type: 'string', enum: ['private', 'team', 'public'] }, author: ref('UserRef'), created_at: { type: 'string', format: 'date-time' } } },
    NoteInput: { type: 'object', required: ['body'], properties: { body: { type: 'string', maxLength: 5000 }, visibility: { type: 'string', enum: ['private', 'team', 'public'], default: 'team' } } },
    NoteEnvelope: { type: 'object', required: ['data', 'meta'], properties: { data: ref('Note'), meta: ref('ResponseMeta') } },
    NoteList: { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: ref('Note') }, meta: ref('PageMeta') } },
    EventBase: { type: 'object', required: ['event_type', 'occurred_at'], properties: { event_id: { type: 'string' }, occurred_at: { type: 'string', format: 'date-time' }, source: { type: 'string', enum: ['county_recorder', 'assessor', 'mls', 'permit_office', 'user'] } } },
    SaleEvent: { allOf: [ref('EventBase'), { type: 'object', properties: { event_type: { type: 'string', enum: ['sale'] }, sale_price: ref('Money'), buyer: ref('Owner'), seller: ref('Owner') } }] },
    PermitEvent: { allOf: [ref('EventBase'), { type: 'object', properties: { event_type: { type: 'string', enum: ['permit'] }, permit_type: FIELDS.permit_type, valuation: ref('Money') } }] },
    ListingEvent: { allOf: [ref('EventBase'), { type: 'object', properties: { event_type: { type: 'string', enum: ['listing'] }, list_price: ref('Money'), mls_number: { type: 'string' }, change: { type: 'string', enum: ['new', 'price_change', 'back_on_market', 'off_market'] } } }] },
    AssessmentEvent: { allOf: [ref('EventBase'), { type: 'object', properties: { event_type: { type: 'string', enum: ['assessment'] }, assessed_value: ref('Money'), tax_year: { type: 'integer' } } }] },
    ZoningChangeEvent: { allOf: [ref('EventBase'), { type: 'object', properties: { event_type: { type: 'string', enum: ['zoning_change'] }, from_code: { type: 'string' }, to_code: { type: 'string' } } }] },
    PropertyEvent: {
      description: 'One event in the life of a property; `event_type` says which.',
      oneOf: [ref('SaleEvent'), ref('PermitEvent'), ref('ListingEvent'), ref('AssessmentEvent'), ref('ZoningChangeEvent')],
      discriminator: {
        propertyName: 'event_type',
        mapping: { sale: '#/components/schemas/SaleEvent', permit: '#/components/schemas/PermitEvent', listing: '#/components/schemas/ListingEvent', assessment: '#/components/schemas/AssessmentEvent', zoning_change: '#/components/schemas/ZoningChangeEvent' },
      },
    },
    EventList: { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: ref('PropertyEvent') }, meta: ref('PageMeta') } },
    FieldChange: { type: 'object', required: ['field'], properties: { field: { type: 'string' }, from: {}, to: {} } },
    HistoryEntry: { type: 'object', required: ['version', 'changed_at'], properties: { version: { type: 'integer' }, changed_at: { type: 'string', format: 'date-time' }, changed_by: ref('UserRef'), changes: { type: 'array', items: ref('FieldChange') } } },
    HistoryList: { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: ref('HistoryEntry') }, meta: ref('PageMeta') } },
    SearchFilter: {
      type: 'object',
      description: 'Every given condition must hold.',
      properties: {
        text: { type: 'string', description: 'Full-text match on names and addresses.' },
        bbox: ref('BoundingBox'),
        within: ref('GeoJsonPolygon'),
        county_fips: { type: 'array', items: { type: 'string', pattern: '^[0-9]{5}$' }, maxItems: 50 },
        updated_since: { type: 'string', format: 'date-time' },
      },
    },
    SearchRequest: { type: 'object', required: ['filter'], properties: { filter: ref('SearchFilter'), limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 }, cursor: { type: 'string' } } },
    BatchGetRequest: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string' } } } },
    ExportRequest: { type: 'object', required: ['format'], properties: { format: { type: 'string', enum: ['csv', 'geojson', 'parquet'] }, filter: ref('SearchFilter'), fields: { type: 'array', items: { type: 'string' } } } },
    ExportJob: {
      type: 'object',
      required: ['export_id', 'status'],
      properties: {
        export_id: { type: 'string' },
        status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] },
        format: { type: 'string', enum: ['csv', 'geojson', 'parquet'] },
        row_count: { type: ['integer', 'null'] },
        download_url: { type: ['string', 'null'], format: 'uri' },
        requested_at: { type: 'string', format: 'date-time' },
      },
    },
    ExportEnvelope: { type: 'object', required: ['data', 'meta'], properties: { data: ref('ExportJob'), meta: ref('ResponseMeta') } },
    Subscription: { type: 'object', required: ['subscription_id', 'callback_url'], properties: { subscription_id: { type: 'string' }, callback_url: { type: 'string', format: 'uri' }, events: { type: 'array', items: { type: 'string', enum: ['created', 'updated', 'deleted', 'document_added'] } }, active: { type: 'boolean' } } },
    SubscriptionInput: { type: 'object', required: ['callback_url'], properties: { callback_url: { type: 'string', format: 'uri' }, events: { type: 'array', items: { type: 'string', enum: ['created', 'updated', 'deleted', 'document_added'] } } } },
    SubscriptionEnvelope: { type: 'object', required: ['data', 'meta'], properties: { data: ref('Subscription'), meta: ref('ResponseMeta') } },
    SummaryStats: {
      type: 'object',
      required: ['count'],
      properties: { count: { type: 'integer' }, by_status: { type: 'object', additionalProperties: { type: 'integer' } }, median_value: ref('Money'), updated_at: { type: 'string', format: 'date-time' } },
    },
    SummaryEnvelope: { type: 'object', required: ['data', 'meta'], properties: { data: ref('SummaryStats'), meta: ref('ResponseMeta') } },
    DeleteResult: { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'object', properties: { id: { type: 'string' }, deleted: { type: 'boolean', enum: [true] } } }, meta: ref('ResponseMeta') } },
    ResponseMeta: { type: 'object', required: ['request_id'], properties: { request_id: { type: 'string', examples: ['req_7Hc2Lq9T'] }, data_version: { type: 'string', examples: ['2025.11.2'] }, generated_at: { type: 'string', format: 'date-time' } } },
    PageMeta: { allOf: [ref('ResponseMeta'), { type: 'object', properties: { limit: { type: 'integer' }, next_cursor: { type: ['string', 'null'] }, total_count: { type: 'integer' } } }] },
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: ['invalid_parameter', 'invalid_body', 'missing_api_key', 'invalid_api_key', 'not_found', 'rate_limited'] },
        message: { type: 'string', description: 'For developers; the wording may change.' },
        parameter: { type: 'string', description: 'The offending parameter, for `invalid_parameter`.' },
      },
    },
    ErrorResponse: { type: 'object', required: ['error', 'meta'], properties: { error: ref('Error'), meta: ref('ResponseMeta') } },
  };
}

/** Extra shared schemas of the richer generated sites: a recursive lineage tree and a deeper, reused nesting chain. */
function richSchemas() {
  return {
    LineageNode: {
      type: 'object',
      description: 'One parcel in a split or merge history; `parents` are the parcels it was created from.',
      required: ['apn', 'relation'],
      properties: {
        apn: { type: 'string', examples: ['045-221-118'] },
        relation: { type: 'string', enum: ['split', 'merge', 'renumber', 'original'] },
        effective_date: { type: 'string', format: 'date' },
        recording: ref('Recording'),
        parents: { type: 'array', items: ref('LineageNode') },
      },
    },
    Jurisdiction: {
      type: 'object',
      description: 'The governments with authority over a location, from state down to special districts.',
      required: ['state', 'county'],
      properties: {
        state: ref('GovernmentUnit'),
        county: ref('GovernmentUnit'),
        municipality: { description: 'Absent in unincorporated areas.', allOf: [ref('GovernmentUnit')] },
        special_districts: { type: 'array', items: ref('GovernmentUnit') },
      },
    },
    GovernmentUnit: {
      type: 'object',
      required: ['name', 'fips_code'],
      properties: {
        name: { type: 'string', examples: ['City and County of San Francisco'] },
        fips_code: { type: 'string', pattern: '^[0-9]{2,7}$' },
        office: ref('Contact'),
        boundary: ref('GeoJsonPolygon'),
      },
    },
  };
}

export const RICH_FIELDS = {
  lineage: { description: 'How this parcel came to be, back to the original subdivision.', allOf: [ref('LineageNode')] },
  jurisdiction: ref('Jurisdiction'),
};

/** How many component schemas a spec from generateSpec() has with `tags` tags (5 per tag plus the shared ones). */
export function schemaCount(tags, { rich = false } = {}) {
  return Object.keys(sharedSchemas()).length + (rich ? Object.keys(richSchemas()).length : 0) + 5 * tags;
}

function sharedParameters() {
  return {
    Limit: { name: 'limit', in: 'query', description: 'Page size.', schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
    Cursor: { name: 'cursor', in: 'query', description: 'Opaque cursor from `meta.next_cursor` of the previous page.', schema: { type: 'string' } },
    Fields: { name: 'fields', in: 'query', description: 'Comma-separated fields to return; all fields when absent.', style: 'form', explode: false, schema: { type: 'array', items: { type: 'string' } } },
    DataVersion: { name: 'x-data-version', in: 'header', description: 'Pin the data release (`YYYY.MM.N`).', schema: { type: 'string', pattern: '^[0-9]{4}\\.[0-9]{2}\\.[0-9]+$' }, example: '2025.11.2' },
    IdempotencyKey: { name: 'Idempotency-Key', in: 'header', description: 'A unique key per logical write; a retried request with the same key is applied once.', schema: { type: 'string', maxLength: 64 } },
    IfMatch: { name: 'If-Match', in: 'header', description: 'ETag of the version you read; the write fails with 412 if the record changed since.', schema: { type: 'string' } },
    DocumentId: { name: 'document_id', in: 'path', required: true, schema: { type: 'string' } },
    NoteId: { name: 'note_id', in: 'path', required: true, schema: { type: 'string' } },
    ExportId: { name: 'export_id', in: 'path', required: true, schema: { type: 'string' } },
  };
}

function sharedHeaders() {
  return {
    'X-RateLimit-Limit': { description: 'Requests allowed per window.', schema: { type: 'integer' } },
    'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
    'X-RateLimit-Reset': { description: 'Unix epoch seconds when the window resets.', schema: { type: 'integer' } },
    'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
    ETag: { description: 'Version tag of the returned record.', schema: { type: 'string' } },
  };
}

function sharedResponses() {
  const errorBody = (code, message, parameter) => ({ error: { code, message, ...(parameter ? { parameter } : {}) }, meta: { request_id: 'req_7Hc2Lq9T', data_version: '2025.11.2' } });
  const json = (example) => ({ 'application/json': { schema: ref('ErrorResponse'), ...(example ? { example } : {}) } });
  const rate = { 'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' }, 'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' }, 'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' } };
  return {
    BadRequest: { description: 'A parameter or the body is missing, malformed or out of range.', headers: rate, content: json(errorBody('invalid_parameter', 'limit must be between 1 and 500.', 'limit')) },
    Unauthorized: { description: 'The `x-api-key` header is missing or the key is not valid for this environment.', content: json(errorBody('missing_api_key', 'Send your API key in the x-api-key header.')) },
    NotFound: { description: 'No record has this id (or it was deleted).', headers: rate, content: json() },
    RateLimited: {
      description: 'The per-second or monthly limit was exceeded.',
      headers: { ...rate, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
      content: { 'application/json': { schema: ref('ErrorResponse'), examples: { perSecond: { summary: 'Per-second limit', value: errorBody('rate_limited', 'Rate limit of 20 requests per second exceeded.') } } } },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Examples: a small deterministic sampler over the generated schemas.

/** Strings for the patterns above that have no `examples` of their own. */
const PATTERN_SAMPLES = { '^[0-9]{12}$': '062271003512', '^[0-9]{5}$': '06075', '^\\+?[0-9 ()-]{7,20}$': '+1 415 554 4000', '^[0-9]{2,7}$': '0667000' };

/**
 * Every example is valid against its schema (docsgen's quality gate checks them): required
 * properties are sampled at any depth, optional ones down to a depth, patterns get a matching string.
 */
function sampler(schemas, rnd) {
  const sample = (schema, depth, required = false) => {
    if (!schema || depth > (required ? 16 : 6)) return undefined;
    if (schema.$ref) return sample(schemas[schema.$ref.split('/').pop()], depth + 1, required);
    if (schema.examples) return schema.examples[0];
    if (schema.enum) return schema.enum[0];
    if (schema.allOf) {
      // Past the depth (an optional property), nothing rather than an object without its required fields.
      const parts = schema.allOf.map((s) => sample(s, depth + 1, required)).filter((v) => v && typeof v === 'object');
      return parts.length > 0 ? Object.assign({}, ...parts) : undefined;
    }
    if (schema.oneOf) return sample(schema.oneOf[0], depth + 1, required);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'object': {
        const out = {};
        const needed = new Set(schema.required ?? []);
        for (const [k, v] of Object.entries(schema.properties ?? {})) {
          const value = sample(v, depth + 1, needed.has(k));
          if (value !== undefined) out[k] = value;
        }
        return out;
      }
      case 'array': {
        const item = sample(schema.items, depth + 1, required && (schema.minItems ?? 0) > 0);
        return item === undefined ? [] : [item];
      }
      case 'integer':
        return rnd.int(schema.minimum ?? 1, Math.min(schema.maximum ?? 2000, (schema.minimum ?? 1) + 2000));
      case 'number': {
        const value = rnd.next() * (schema.maximum ?? 1000);
        return schema.multipleOf ? Math.round(value / schema.multipleOf) * schema.multipleOf : Math.round(value * 100) / 100;
      }
      case 'boolean':
        return rnd.chance(0.5);
      case 'string':
        if (schema.format === 'date') return `2025-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
        if (schema.format === 'date-time') return `2025-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}T${String(rnd.int(0, 23)).padStart(2, '0')}:00:00Z`;
        if (schema.format === 'uri') return 'https://files.propdata.example/d/4f9c2e';
        if (schema.format === 'email') return 'records@county.example';
        return PATTERN_SAMPLES[schema.pattern] ?? 'string';
      default:
        return undefined;
    }
  };
  return (schema) => sample(schema, 0);
}

// ---------------------------------------------------------------------------------------------
// Operations: 25 templates per resource.

function operationTemplates(R) {
  const S = R.schema;
  const idParam = { $ref: `#/components/parameters/${S}Id` };
  const base = `/v1/${R.plural}`;
  const item = `${base}/{${R.singular}_id}`;
  const env = (name) => ref(name);
  const one = words(R.singular);
  const many = pluralWords(R);
  // [operationId, method, path, summary, kind, response schema, request body schema, extra]
  return [
    [`list${R.Plural}`, 'get', base, `List ${many}`, 'list', `${S}List`],
    [`create${S}`, 'post', base, `Create a ${one}`, 'write', `${S}Envelope`, `${S}Input`],
    [`get${S}`, 'get', item, `Get a ${one}`, 'item', `${S}Envelope`],
    [`replace${S}`, 'put', item, `Replace a ${one}`, 'itemWrite', `${S}Envelope`, `${S}Input`],
    [`update${S}`, 'patch', item, `Update a ${one}`, 'itemWrite', `${S}Envelope`, `${S}Patch`],
    [`delete${S}`, 'delete', item, `Delete a ${one}`, 'itemWrite', 'DeleteResult'],
    [`search${R.Plural}`, 'post', `${base}/search`, `Search ${many}`, 'search', `${S}List`, 'SearchRequest'],
    [`batchGet${R.Plural}`, 'post', `${base}/batch`, `Get ${many} in bulk`, 'search', `${S}List`, 'BatchGetRequest'],
    [`summarize${R.Plural}`, 'get', `${base}/summary`, `Summarize ${many}`, 'collection', 'SummaryEnvelope'],
    [`export${R.Plural}`, 'post', `${base}/exports`, `Export ${many}`, 'write', 'ExportEnvelope', 'ExportRequest'],
    [`get${S}Export`, 'get', `${base}/exports/{export_id}`, `Get a ${one} export`, 'sub', 'ExportEnvelope', undefined, { $ref: '#/components/parameters/ExportId' }],
    [`get${S}History`, 'get', `${item}/history`, `Get the history of a ${one}`, 'itemList', 'HistoryList'],
    [`list${S}Events`, 'get', `${item}/events`, `List events of a ${one}`, 'itemList', 'EventList'],
    [`list${S}Documents`, 'get', `${item}/documents`, `List documents of a ${one}`, 'itemList', 'DocumentList'],
    [`attach${S}Document`, 'post', `${item}/documents`, `Attach a document to a ${one}`, 'itemWrite', 'DocumentEnvelope', 'DocumentInput'],
    [`get${S}Document`, 'get', `${item}/documents/{document_id}`, `Get a document of a ${one}`, 'sub', 'DocumentEnvelope', undefined, { $ref: '#/components/parameters/DocumentId' }],
    [`detach${S}Document`, 'delete', `${item}/documents/{document_id}`, `Detach a document from a ${one}`, 'subWrite', 'DeleteResult', undefined, { $ref: '#/components/parameters/DocumentId' }],
    [`list${S}Notes`, 'get', `${item}/notes`, `List notes on a ${one}`, 'itemList', 'NoteList'],
    [`add${S}Note`, 'post', `${item}/notes`, `Add a note to a ${one}`, 'itemWrite', 'NoteEnvelope', 'NoteInput'],
    [`edit${S}Note`, 'put', `${item}/notes/{note_id}`, `Edit a note on a ${one}`, 'subWrite', 'NoteEnvelope', 'NoteInput', { $ref: '#/components/parameters/NoteId' }],
    [`remove${S}Note`, 'delete', `${item}/notes/{note_id}`, `Remove a note from a ${one}`, 'subWrite', 'DeleteResult', undefined, { $ref: '#/components/parameters/NoteId' }],
    [`list${S}Related`, 'get', `${item}/related`, `List records related to a ${one}`, 'itemList', `${S}List`],
    [`get${S}Geometry`, 'get', `${item}/geometry`, `Get the geometry of a ${one}`, 'item', `${S}Envelope`],
    [`subscribe${S}Changes`, 'post', `${item}/subscriptions`, `Subscribe to changes of a ${one}`, 'itemWrite', 'SubscriptionEnvelope', 'SubscriptionInput'],
    [`list${S}Audit`, 'get', `${item}/audit-log`, `Read the audit log of a ${one}`, 'itemList', 'HistoryList'],
  ].map(([operationId, method, path, summary, kind, response, body, extraParam]) => ({ operationId, method, path, summary, kind, response: env(response), body: body && ref(body), idParam, extraParam }));
}

export const OPERATIONS_PER_TAG = 25;

/**
 * Builds the OpenAPI 3.1 document as a plain object (key order fixed by construction).
 * `operations` are spread over ceil(operations / 25) tags (at most 40), 25 per tag except the last.
 * `perTag` instead gives the number of operations of each tag (1 to 25 each, up to MAX_TAGS tags);
 * `rich` adds a recursive schema and a deeper nesting chain to some resources.
 */
export function generateSpec({ seed = DEFAULT_SEED, operations = DEFAULT_OPERATIONS, perTag, rich = false } = {}) {
  if (perTag) {
    if (!Array.isArray(perTag) || perTag.length < 1 || perTag.length > MAX_TAGS || !perTag.every((n) => Number.isInteger(n) && n >= 1 && n <= OPERATIONS_PER_TAG)) {
      throw new RangeError(`perTag must list 1 to ${MAX_TAGS} operation counts, each an integer from 1 to ${OPERATIONS_PER_TAG}`);
    }
    operations = perTag.reduce((a, b) => a + b, 0);
  } else if (!Number.isInteger(operations) || operations < 1 || operations > RESOURCES.length * OPERATIONS_PER_TAG) {
    throw new RangeError(`operations must be an integer from 1 to ${RESOURCES.length * OPERATIONS_PER_TAG}, got ${operations}`);
  }
  const rnd = makeRandom(seed);
  const tagCount = perTag ? perTag.length : Math.ceil(operations / OPERATIONS_PER_TAG);
  const resources = Array.from({ length: tagCount }, (_, i) => resourceAt(i)).map(([tag, singular, plural, keyFields, statusSet, blurb]) => ({ tag, singular, plural, keyFields, statusSet, blurb, schema: pascal(singular), Plural: pascal(plural) }));

  const schemas = rich ? { ...sharedSchemas(), ...richSchemas() } : sharedSchemas();
  const parameters = sharedParameters();
  const tags = [];
  const paths = {};
  const example = sampler(schemas, rnd);
  let remaining = operations;

  resources.forEach((R, tagIndex) => {
    const S = R.schema;
    // Resource fields: its key fields plus 4–10 others from the shared vocabulary.
    const extra = rnd.sample(FIELD_NAMES.filter((f) => !R.keyFields.includes(f)), rnd.int(4, 10));
    const fieldNames = [...R.keyFields, ...extra];
    const props = {};
    props.status = { type: 'string', enum: STATUS_SETS[R.statusSet], description: `Lifecycle state of the ${words(R.singular)}.` };
    for (const f of fieldNames) props[f] = FIELDS[f];
    if (rnd.chance(0.5)) props.latest_event = FIELDS.latest_event;
    // Every third resource of a rich spec carries the recursive lineage, every fourth the deep jurisdiction chain.
    if (rich && tagIndex % 3 === 0) props.lineage = RICH_FIELDS.lineage;
    if (rich && tagIndex % 4 === 1) props.jurisdiction = RICH_FIELDS.jurisdiction;
    schemas[S] = {
      description: `${R.blurb}`,
      allOf: [ref('ResourceBase'), { type: 'object', required: ['status', R.keyFields[0]], properties: props }],
    };
    const writable = fieldNames.filter((f) => !['owners', 'photos', 'footprint', 'latest_event'].includes(f)).slice(0, 8);
    const inputProps = {};
    for (const f of writable) inputProps[f] = FIELDS[f];
    schemas[`${S}Input`] = { type: 'object', description: `The writable fields of a ${words(R.singular)}.`, required: writable.slice(0, 2), properties: inputProps };
    schemas[`${S}Patch`] = { type: 'object', description: 'Only the given fields change; `null` clears an optional field.', minProperties: 1, properties: inputProps };
    schemas[`${S}List`] = { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: ref(S) }, meta: ref('PageMeta') } };
    schemas[`${S}Envelope`] = { type: 'object', required: ['data', 'meta'], properties: { data: ref(S), meta: ref('ResponseMeta') } };
    parameters[`${S}Id`] = { name: `${R.singular}_id`, in: 'path', required: true, description: `Id of the ${words(R.singular)}.`, schema: { type: 'string', pattern: '^[a-z]{2,4}_[0-9A-Za-z]{6,}$' }, example: `${R.singular.slice(0, 3)}_8KqT2mX` };

    tags.push({ name: R.tag, description: `${R.blurb}\n\n${rnd.pick(NOTES)} See the [introduction](/guides/intro) for authentication and pagination.` });

    const templates = operationTemplates(R).slice(0, perTag ? perTag[tagIndex] : Math.min(OPERATIONS_PER_TAG, remaining));
    remaining -= templates.length;
    for (const t of templates) {
      const op = { operationId: t.operationId, summary: t.summary, description: '', tags: [R.tag] };
      const desc = [`${rnd.pick(VERB_PHRASES)} ${t.summary.toLowerCase()}. ${R.blurb}`];
      if (rnd.chance(0.4)) desc.push(rnd.pick(NOTES));
      if (rnd.chance(0.2)) desc.push(`- Ids look like \`${parameters[`${S}Id`].example}\`.\n- Money amounts are in US dollars.\n- Times are UTC (RFC 3339).`);
      if (rnd.chance(0.15)) desc.push('See the [introduction](/guides/intro) for the rate limits that apply.');
      op.description = desc.join('\n\n');
      if (rnd.chance(0.02)) op.deprecated = true;

      const params = [];
      if (t.extraParam) params.push(t.extraParam);
      if (t.kind === 'list' || t.kind === 'itemList') {
        params.push({ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Cursor' });
        if (t.kind === 'list') {
          params.push({ name: 'status', in: 'query', description: 'Only records in these states.', style: 'form', explode: false, schema: { type: 'array', items: { type: 'string', enum: STATUS_SETS[R.statusSet] } } });
          for (const f of rnd.sample(fieldNames, rnd.int(1, 3))) {
            const s = FIELDS[f];
            if (s.type === 'integer' || s.type === 'number') params.push({ name: `min_${f}`, in: 'query', schema: { type: s.type, minimum: s.minimum ?? 0 } }, { name: `max_${f}`, in: 'query', schema: { type: s.type } });
            else if (s.type === 'string' && !s.format) params.push({ name: f, in: 'query', description: s.description, schema: s.enum ? { type: 'string', enum: s.enum } : { type: 'string' } });
            else if (s.format === 'date') params.push({ name: `${f}_from`, in: 'query', schema: { type: 'string', format: 'date' } });
          }
          params.push({ name: 'sort', in: 'query', schema: { type: 'string', enum: ['updated_at', '-updated_at', 'created_at', '-created_at'], default: '-updated_at' } });
          params.push({ name: 'updated_since', in: 'query', required: false, schema: { type: 'string', format: 'date-time' }, example: '2025-11-01T00:00:00Z' });
        }
      }
      if (t.kind === 'item' || t.kind === 'list') params.push({ $ref: '#/components/parameters/Fields' });
      if (t.method === 'get') params.push({ $ref: '#/components/parameters/DataVersion' });
      if (t.method === 'post') params.push({ $ref: '#/components/parameters/IdempotencyKey' });
      if (t.method === 'put' || t.method === 'patch') params.push({ $ref: '#/components/parameters/IfMatch' });
      if (params.length) op.parameters = params;

      if (t.body) {
        const media = { schema: t.body };
        if (rnd.chance(0.35)) media.example = example(t.body);
        op.requestBody = { required: true, content: { 'application/json': media } };
      }
      const ok = { schema: t.response };
      const roll = rnd.next();
      if (roll < 0.25) ok.example = example(t.response);
      else if (roll < 0.35) ok.examples = { typical: { summary: `A typical ${words(R.singular)}`, value: example(t.response) } };
      const responses = { 200: { description: 'Success.', headers: { 'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' }, 'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' } }, content: { 'application/json': ok } } };
      if (t.kind === 'item') responses[200].headers.ETag = { $ref: '#/components/headers/ETag' };
      responses[400] = { $ref: '#/components/responses/BadRequest' };
      responses[401] = { $ref: '#/components/responses/Unauthorized' };
      if (t.path.includes('{')) responses[404] = { $ref: '#/components/responses/NotFound' };
      responses[429] = { $ref: '#/components/responses/RateLimited' };
      op.responses = responses;

      // Path-level parameters: the record id is declared once per path item and shared.
      const pathItem = (paths[t.path] ??= t.path.includes(`{${R.singular}_id}`) ? { parameters: [t.idParam] } : {});
      pathItem[t.method] = op;
    }
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'PropData API Reference',
      version: '3.2.0',
      summary: 'Parcels, permits, listings, zoning and everything else about a property, in one API.',
      description: [
        'The PropData API is a **generated** benchmark specification for docsgen. It models a property-data',
        `service with ${operations.toLocaleString('en-US')} operations across ${tags.length} resource groups.`,
        '',
        'Every request carries an API key in the `x-api-key` header. Collections are paginated with',
        '`limit` and `cursor`; writes accept an `Idempotency-Key` header.',
        '',
        '## Errors',
        '',
        '| Status | `error.code` | Meaning |',
        '| --- | --- | --- |',
        '| 400 | `invalid_parameter` | A parameter is missing or malformed. |',
        '| 401 | `missing_api_key` | The `x-api-key` header was not sent. |',
        '| 404 | `not_found` | No record has this id. |',
        '| 429 | `rate_limited` | Too many requests; see `Retry-After`. |',
        '',
        'Start with the [introduction](/guides/intro).',
      ].join('\n'),
      contact: { name: 'PropData Developer Support', email: 'dev@propdata.example', url: 'https://propdata.example/support' },
      license: { name: 'Creative Commons Attribution 4.0 International', identifier: 'CC-BY-4.0' },
    },
    servers: [
      { url: 'https://api.propdata.example', description: 'Production.' },
      { url: 'https://sandbox.propdata.example', description: 'Sandbox with synthetic data.' },
    ],
    security: [{ ApiKeyAuth: [] }],
    tags,
    paths,
    components: {
      securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Your `pd_live_…` or `pd_test_…` key.' } },
      parameters,
      headers: sharedHeaders(),
      responses: sharedResponses(),
      schemas,
    },
  };
}
