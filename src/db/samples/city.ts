/**
 * The "city" sample: Port Alder, an invented harbour city. Air-quality readings as JSON, the
 * council's reports as XML in two namespaces, and a graph of the same city (districts and
 * who borders whom, stations, every reading as a SOSA observation, every report) beside a
 * SKOS topic tree in English and French that both the reports and the readings point into.
 * Names and texts come from the lists below (src/db/samples/README.md states where from).
 */
import type { QueryOptions } from '../options/types';
import { seededRandom, type Random } from './prng';
import {
  capital,
  elementIndex,
  pad,
  type Quad,
  quadCollector,
  RDF_TYPE,
  RDFS_LABEL,
  SCHEMA,
  READABLE,
  ROOT_COLLATION,
  savedQuery,
  sceneEntries,
  type SampleDocument,
  slug,
  xmlText,
} from './scene-entries';
import type { SampleScene } from './types';

const CITY = 'http://tabula.example/city/';
const MODEL_GRAPH = `${CITY}model`;
const TOPICS_GRAPH = `${CITY}topics`;
export const REPORT_NS = 'http://tabula.example/city/report';
export const DC_NS = 'http://purl.org/dc/elements/1.1/';
const DCTERMS = 'http://purl.org/dc/terms/';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const SOSA = 'http://www.w3.org/ns/sosa/';
const VOCAB = `${CITY}vocab/`;

// Invented for this sample, with the districts each borders.
const DISTRICTS: Array<{ name: string; population: number; borders: string[]; industry: number }> = [
  { name: 'Harbourside', population: 18400, borders: ['Old Town', 'Saltmarsh', 'Westport'], industry: 1.5 },
  { name: 'Old Town', population: 12900, borders: ['Castle Hill', 'Riverbend', 'Northgate'], industry: 1.2 },
  { name: 'Castle Hill', population: 9700, borders: ['Northgate', 'Greenacre'], industry: 0.8 },
  { name: 'Northgate', population: 21300, borders: ['Millbrook'], industry: 1.1 },
  { name: 'Millbrook', population: 15200, borders: ['Eastfield', 'Greenacre'], industry: 1.3 },
  { name: 'Eastfield', population: 17800, borders: ['Riverbend'], industry: 1.0 },
  { name: 'Riverbend', population: 11600, borders: ['Saltmarsh'], industry: 0.9 },
  { name: 'Saltmarsh', population: 6400, borders: ['Westport'], industry: 0.7 },
  { name: 'Westport', population: 14100, borders: [], industry: 1.4 },
  { name: 'Greenacre', population: 8800, borders: [], industry: 0.6 },
];
const SITE_TYPES = ['roadside', 'urban background', 'industrial'] as const;
const STATION_PLACES = ['Quay', 'Market', 'Bridge', 'School', 'Depot', 'Square', 'Park', 'Station'];

/**
 * The pollutants measured, each with the World Health Organization's 2021 air quality
 * guideline for it in µg/m³ (24-hour means; 8-hour for ozone), and a typical level here.
 */
export const POLLUTANTS = [
  { code: 'NO2', topic: 'nitrogen-dioxide', guideline: 25, typical: 22 },
  { code: 'PM2.5', topic: 'fine-particulates', guideline: 15, typical: 11 },
  { code: 'PM10', topic: 'coarse-particulates', guideline: 45, typical: 26 },
  { code: 'O3', topic: 'ozone', guideline: 100, typical: 70 },
] as const;
const DAYS = ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06'];

/** The topic tree, in English and French (labels written for this sample): [slug, English, French, broader]. */
const TOPICS: Array<[string, string, string, string | undefined]> = [
  ['environment', 'Environment', 'Environnement', undefined],
  ['air-quality', 'Air quality', "Qualité de l'air", 'environment'],
  ['nitrogen-dioxide', 'Nitrogen dioxide', "Dioxyde d'azote", 'air-quality'],
  ['particulates', 'Particulate matter', 'Particules', 'air-quality'],
  ['fine-particulates', 'Fine particulates (PM2.5)', 'Particules fines (PM2,5)', 'particulates'],
  ['coarse-particulates', 'Coarse particulates (PM10)', 'Particules grossières (PM10)', 'particulates'],
  ['ozone', 'Ozone', 'Ozone', 'air-quality'],
  ['noise', 'Noise', 'Bruit', 'environment'],
  ['green-space', 'Green space', 'Espaces verts', 'environment'],
  ['street-trees', 'Street trees', "Arbres d'alignement", 'green-space'],
  ['parks', 'Parks', 'Parcs', 'green-space'],
  ['transport', 'Transport', 'Transports', undefined],
  ['cycling', 'Cycling', 'Vélo', 'transport'],
  ['buses', 'Buses', 'Autobus', 'transport'],
  ['ferries', 'Ferries', 'Traversiers', 'transport'],
  ['low-emission-zone', 'Low emission zone', 'Zone à faibles émissions', 'transport'],
  ['parking', 'Parking', 'Stationnement', 'transport'],
  ['housing', 'Housing', 'Logement', undefined],
  ['social-housing', 'Social housing', 'Logement social', 'housing'],
  ['insulation', 'Insulation', 'Isolation', 'housing'],
  ['health', 'Health', 'Santé', undefined],
  ['asthma', 'Asthma', 'Asthme', 'health'],
  ['heat-waves', 'Heat waves', 'Canicules', 'health'],
  ['harbour', 'Harbour', 'Port', undefined],
  ['shore-power', 'Shore power', 'Alimentation à quai', 'harbour'],
  ['shipping', 'Shipping', 'Transport maritime', 'harbour'],
];
const REPORT_TOPICS = TOPICS.filter(([s]) => !TOPICS.some(([, , , broader]) => broader === s)).map(([s]) => s);
const COMMITTEES = ['Transport Committee', 'Environment Committee', 'Planning Committee', 'Health Board', 'Harbour Authority'];
const KINDS = ['progress report', 'consultation response', 'proposal', 'annual review', 'budget note'];
const STATUSES = ['draft', 'adopted', 'adopted', 'withdrawn'];
const OPENINGS = ['Residents asked the council about', 'This note sets out', 'Following last year’s survey, the committee reviews', 'Officers report on', 'The committee agreed to examine'];
/** What reports under each top topic discuss. */
const POINTS: Record<string, string[]> = {
  environment: ['how traffic on the ring road affects the morning readings', 'the cost of planting along the main streets', 'new monitoring near the busiest junctions', 'complaints about noise from night deliveries'],
  transport: ['a pilot that closes two streets to through traffic on school days', 'a timetable for electric buses on the harbour routes', 'a safer cycle route along the river', 'fewer parking places near the market'],
  housing: ['grants for households that replace old boilers', 'insulating the older terraces before winter', 'two hundred new homes on the old depot site'],
  health: ['shaded seating for hot afternoons', 'school nurses’ records of asthma attacks', 'cooling rooms in libraries during heat waves'],
  harbour: ['complaints about engines idling at the quay', 'shore power for the island ferries', 'moving freight traffic out of the old harbour'],
};
const rootOf = (topic: string): string => {
  const broader = TOPICS.find(([t]) => t === topic)?.[3];
  return broader ? rootOf(broader) : topic;
};
const CLOSINGS = ['A decision is due next quarter.', 'Comments are welcome until the end of the month.', 'The budget is set out in the annex.', 'Progress will be reported again in six months.'];

const REPORT_COUNT = 80;

export interface Station { code: string; name: string; district: (typeof DISTRICTS)[number]; siteType: (typeof SITE_TYPES)[number] }
export interface Reading { station: Station; pollutant: (typeof POLLUTANTS)[number]; date: string; value: number }
export interface Report { id: string; title: string; date: string; committee: string; district: string; topic: string; status: string; summary: string; body: string[] }

const topicLabel = (s: string) => TOPICS.find(([t]) => t === s)?.[1] ?? s;

function stations(random: Random): Station[] {
  return DISTRICTS.flatMap((district, i) =>
    random.sample(STATION_PLACES, 2).map((place, j) => ({
      code: `ST-${pad(i * 2 + j + 1, 2)}`,
      name: `${district.name} ${place}`,
      district,
      siteType: random.pick(SITE_TYPES),
    })),
  );
}

function readings(random: Random, all: Station[]): Reading[] {
  const site = { roadside: 1.3, 'urban background': 0.9, industrial: 1.2 };
  return DAYS.flatMap((date, day) =>
    all.flatMap((station) =>
      POLLUTANTS.map((pollutant) => {
        // Ozone runs against the others: highest where traffic is lowest, and on the sunny last days.
        const load = pollutant.code === 'O3' ? 2 - station.district.industry : station.district.industry * site[station.siteType];
        const weather = pollutant.code === 'O3' ? 0.9 + day * 0.08 : 1.15 - day * 0.08;
        const value = Math.round(pollutant.typical * load * weather * (0.75 + random.next() * 0.5) * 10) / 10;
        return { station, pollutant, date, value };
      }),
    ),
  );
}

function reports(random: Random): Report[] {
  return Array.from({ length: REPORT_COUNT }, (_, i) => {
    const topic = random.pick(REPORT_TOPICS);
    const district = random.pick(DISTRICTS).name;
    const kind = random.pick(KINDS);
    const month = random.int(0, 17);
    const date = `${2024 + Math.floor(month / 12)}-${pad((month % 12) + 1, 2)}-${pad(random.int(1, 28), 2)}`;
    const points = POINTS[rootOf(topic)] as string[];
    const point = random.pick(points);
    return {
      id: `r-${pad(i + 1, 3)}`,
      title: `${topicLabel(topic)} in ${district}: ${kind}`,
      date,
      committee: random.pick(COMMITTEES),
      district,
      topic,
      status: random.pick(STATUSES),
      summary: `${random.pick(OPENINGS)} ${point} in ${district}, under the heading of ${topicLabel(topic).toLowerCase()}.`,
      body: [
        `${capital(kind)} on ${topicLabel(topic).toLowerCase()} for ${district}. ${capital(random.pick(points))} was raised at the last meeting.`,
        random.pick(CLOSINGS),
      ],
    };
  });
}

const readingUri = (r: Reading) => `/measurements/${r.date}/${r.station.code.toLowerCase()}-${slug(r.pollutant.code)}.json`;
const reportUri = (r: Report) => `/reports/${r.date.slice(0, 4)}/${r.id}.xml`;
const districtIri = (name: string) => `${CITY}district/${slug(name)}`;
const stationIri = (s: Station) => `${CITY}station/${s.code.toLowerCase()}`;
const topicIri = (s: string) => `${CITY}topic/${s}`;

function readingDocument(r: Reading): SampleDocument {
  const content = {
    station: r.station.code,
    stationName: r.station.name,
    district: r.station.district.name,
    siteType: r.station.siteType,
    pollutant: r.pollutant.code,
    value: r.value,
    unit: 'µg/m³',
    date: r.date,
    guideline: r.pollutant.guideline,
    exceedsGuideline: r.value > r.pollutant.guideline,
  };
  return {
    uri: readingUri(r),
    format: 'json',
    content: JSON.stringify(content),
    collections: ['measurements', `district/${slug(r.station.district.name)}`, `pollutant/${slug(r.pollutant.code)}`],
  };
}

function reportDocument(r: Report): SampleDocument {
  const content = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<r:report xmlns:r="${REPORT_NS}" xmlns:dc="${DC_NS}" id="${r.id}" status="${r.status}">`,
    `  <dc:title>${xmlText(r.title)}</dc:title>`,
    `  <dc:date>${r.date}</dc:date>`,
    `  <dc:creator>${xmlText(r.committee)}</dc:creator>`,
    `  <r:district>${xmlText(r.district)}</r:district>`,
    `  <r:topic>${r.topic}</r:topic>`,
    `  <r:summary>${xmlText(r.summary)}</r:summary>`,
    '  <r:body>',
    ...r.body.map((p) => `    <r:p>${xmlText(p)}</r:p>`),
    '  </r:body>',
    '</r:report>',
    '',
  ].join('\n');
  return { uri: reportUri(r), format: 'xml', content, collections: ['reports', `committee/${slug(r.committee)}`] };
}

function triples(all: Station[], measured: Reading[], written: Report[]): Quad[] {
  const { quads, add, text, typed } = quadCollector(MODEL_GRAPH);
  // The city itself, in the default graph: what any graph may refer to.
  add(CITY, RDF_TYPE, { iri: `${SCHEMA}City` }, null);
  add(CITY, RDFS_LABEL, text('Port Alder'), null);
  add(CITY, `${SCHEMA}description`, text('An invented harbour city, the setting of the city sample.'), null);

  add(`${CITY}topics`, RDF_TYPE, { iri: `${SKOS}ConceptScheme` }, TOPICS_GRAPH);
  add(`${CITY}topics`, `${SKOS}prefLabel`, text('Council topics', 'en'), TOPICS_GRAPH);
  for (const [s, en, fr, broader] of TOPICS) {
    add(topicIri(s), RDF_TYPE, { iri: `${SKOS}Concept` }, TOPICS_GRAPH);
    add(topicIri(s), `${SKOS}prefLabel`, text(en, 'en'), TOPICS_GRAPH);
    add(topicIri(s), `${SKOS}prefLabel`, text(fr, 'fr'), TOPICS_GRAPH);
    add(topicIri(s), `${SKOS}inScheme`, { iri: `${CITY}topics` }, TOPICS_GRAPH);
    if (broader) add(topicIri(s), `${SKOS}broader`, { iri: topicIri(broader) }, TOPICS_GRAPH);
    else add(topicIri(s), `${SKOS}topConceptOf`, { iri: `${CITY}topics` }, TOPICS_GRAPH);
  }
  for (const p of POLLUTANTS) {
    add(topicIri(p.topic), `${SKOS}notation`, text(p.code), TOPICS_GRAPH);
    add(topicIri(p.topic), `${VOCAB}guideline`, typed(p.guideline, 'decimal'), TOPICS_GRAPH);
  }

  for (const d of DISTRICTS) {
    add(districtIri(d.name), RDF_TYPE, { iri: `${VOCAB}District` });
    add(districtIri(d.name), RDFS_LABEL, text(d.name));
    add(districtIri(d.name), `${SCHEMA}containedInPlace`, { iri: CITY });
    add(districtIri(d.name), `${VOCAB}population`, typed(d.population, 'integer'));
    // Bordering goes both ways; both are stated so a query need not know that.
    for (const b of d.borders) {
      add(districtIri(d.name), `${VOCAB}adjacentTo`, { iri: districtIri(b) });
      add(districtIri(b), `${VOCAB}adjacentTo`, { iri: districtIri(d.name) });
    }
  }
  for (const s of all) {
    add(stationIri(s), RDF_TYPE, { iri: `${SOSA}Sensor` });
    add(stationIri(s), RDFS_LABEL, text(s.name));
    add(stationIri(s), `${VOCAB}code`, text(s.code));
    add(stationIri(s), `${VOCAB}district`, { iri: districtIri(s.district.name) });
    add(stationIri(s), `${VOCAB}siteType`, text(s.siteType));
  }
  for (const r of measured) {
    const o = `${CITY}observation/${r.date}/${r.station.code.toLowerCase()}-${slug(r.pollutant.code)}`;
    add(o, RDF_TYPE, { iri: `${SOSA}Observation` });
    add(o, `${SOSA}madeBySensor`, { iri: stationIri(r.station) });
    add(o, `${SOSA}observedProperty`, { iri: topicIri(r.pollutant.topic) });
    add(o, `${SOSA}hasSimpleResult`, typed(r.value, 'decimal'));
    add(o, `${SOSA}resultTime`, typed(`${r.date}T23:59:59Z`, 'dateTime'));
    add(o, `${VOCAB}document`, text(readingUri(r)));
  }
  for (const r of written) {
    const iri = `${CITY}report/${r.id}`;
    add(iri, RDF_TYPE, { iri: `${SCHEMA}Report` });
    add(iri, `${DCTERMS}title`, text(r.title, 'en'));
    add(iri, `${DCTERMS}date`, typed(r.date, 'date'));
    add(iri, `${DCTERMS}creator`, text(r.committee));
    add(iri, `${DCTERMS}subject`, { iri: topicIri(r.topic) });
    add(iri, `${DCTERMS}spatial`, { iri: districtIri(r.district) });
    add(iri, `${VOCAB}status`, text(r.status));
    add(iri, `${VOCAB}document`, text(reportUri(r)));
  }
  return quads;
}

const PREFIXES = [
  `PREFIX city: <${VOCAB}>`,
  `PREFIX topic: <${CITY}topic/>`,
  `PREFIX skos: <${SKOS}>`,
  `PREFIX sosa: <${SOSA}>`,
  `PREFIX dct: <${DCTERMS}>`,
  'PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>',
].join('\n');

export const CITY_QUERIES = [
  savedQuery('city-average-by-district', 'Average reading of each pollutant in each district', `${PREFIXES}
SELECT ?district ?pollutant (ROUND(AVG(?value) * 10) / 10 AS ?average) (COUNT(?o) AS ?readings)
WHERE {
  ?o sosa:madeBySensor/city:district/rdfs:label ?district ;
     sosa:observedProperty/skos:notation ?pollutant ;
     sosa:hasSimpleResult ?value .
}
GROUP BY ?district ?pollutant
ORDER BY ?district ?pollutant`),
  savedQuery('city-air-quality-reports', 'Reports on air quality, at any depth of the topic tree', `${PREFIXES}
SELECT ?title ?date ?topic
WHERE {
  ?report dct:subject ?t ;
          dct:title ?title ;
          dct:date ?date .
  ?t skos:broader* topic:air-quality ;
     skos:prefLabel ?topic .
  FILTER (lang(?topic) = "en")
}
ORDER BY DESC(?date)`),
  savedQuery('city-exceedances', 'Readings over the WHO guideline, and the districts next door', `${PREFIXES}
SELECT ?district ?pollutant ?value ?guideline (GROUP_CONCAT(DISTINCT ?nextDoor; separator=", ") AS ?neighbours)
WHERE {
  ?o sosa:hasSimpleResult ?value ;
     sosa:observedProperty ?p ;
     sosa:madeBySensor/city:district ?d .
  ?p city:guideline ?guideline ;
     skos:notation ?pollutant .
  FILTER (?value > ?guideline)
  ?d rdfs:label ?district .
  OPTIONAL { ?d city:adjacentTo/rdfs:label ?nextDoor }
}
GROUP BY ?district ?pollutant ?value ?guideline
ORDER BY DESC(?value)`),
  savedQuery('city-topic-tree', 'The topic tree in English and French', `${PREFIXES}
SELECT ?topic ?english ?french ?broader
WHERE {
  ?topic a skos:Concept ;
         skos:prefLabel ?english , ?french .
  FILTER (lang(?english) = "en" && lang(?french) = "fr")
  OPTIONAL { ?topic skos:broader/skos:prefLabel ?broader FILTER (lang(?broader) = "en") }
}
ORDER BY ?broader ?english`),
  savedQuery('city-district-reports', 'Each district with its reports, as a graph', `${PREFIXES}
CONSTRUCT { ?district rdfs:label ?name ; city:report ?report . ?report dct:title ?title }
WHERE {
  ?report dct:spatial ?district ;
          dct:title ?title .
  ?district rdfs:label ?name .
}`),
];

const jsonString = (prop: string) => ({ type: 'xs:string', collation: ROOT_COLLATION, 'json-property': prop });
const xmlString = (name: string, ns = REPORT_NS) => ({ type: 'xs:string', collation: ROOT_COLLATION, element: { ns, name } });

export const CITY_OPTIONS: QueryOptions = {
  constraint: [
    { name: 'pollutant', range: jsonString('pollutant') },
    { name: 'district', range: jsonString('district') },
    {
      name: 'value',
      range: {
        type: 'xs:decimal',
        'json-property': 'value',
        bucket: [
          { name: 'low', label: 'Under 20', lt: '20' },
          { name: 'moderate', label: '20 to 40', ge: '20', lt: '40' },
          { name: 'high', label: '40 to 80', ge: '40', lt: '80' },
          { name: 'very-high', label: '80 and over', ge: '80' },
        ],
      },
    },
    { name: 'day', range: { type: 'xs:date', 'json-property': 'date' } },
    { name: 'exceeds', value: { 'json-property': 'exceedsGuideline', type: 'boolean' } },
    { name: 'topic', range: xmlString('topic') },
    { name: 'area', range: xmlString('district') },
    { name: 'status', range: { type: 'xs:string', collation: ROOT_COLLATION, element: { ns: REPORT_NS, name: 'report' }, attribute: { ns: '', name: 'status' } } },
    { name: 'published', range: { type: 'xs:date', element: { ns: DC_NS, name: 'date' }, bucket: [
      { name: '2024-h1', label: 'First half of 2024', ge: '2024-01-01', lt: '2024-07-01' },
      { name: '2024-h2', label: 'Second half of 2024', ge: '2024-07-01', lt: '2025-01-01' },
      { name: '2025-h1', label: 'First half of 2025', ge: '2025-01-01', lt: '2025-07-01' },
    ] } },
    { name: 'committee', collection: { prefix: 'committee/', facet: true } },
    { name: 'summary', word: { element: { ns: REPORT_NS, name: 'summary' } } },
  ],
  values: [
    { name: 'pollutant', range: jsonString('pollutant') },
    { name: 'value', range: { type: 'xs:decimal', 'json-property': 'value' }, aggregate: [{ apply: 'min' }, { apply: 'avg' }, { apply: 'max' }] },
    { name: 'district', range: jsonString('district') },
    { name: 'topic', range: xmlString('topic'), 'values-option': ['frequency-order'] },
  ],
  tuples: [
    { name: 'district-pollutant', indexes: [{ range: jsonString('district') }, { range: jsonString('pollutant') }] },
    { name: 'topic-status', indexes: [{ range: xmlString('topic') }, { range: { type: 'xs:string', collation: ROOT_COLLATION, element: { ns: REPORT_NS, name: 'report' }, attribute: { ns: '', name: 'status' } } }] },
  ],
  'page-length': 10,
  'return-facets': true,
};

/** Everything the city scene holds, for its entries and for tests that compute expected answers. */
export function cityData() {
  const random = seededRandom(0xc17a);
  const all = stations(random);
  return { stations: all, readings: readings(random, all), reports: reports(random) };
}

export const city: SampleScene = {
  name: 'city',
  title: 'Port Alder, a harbour city',
  description:
    'Air-quality readings as JSON and council reports as namespaced XML; a graph of districts, stations and every reading as an observation, with a topic tree in English and French; facets on pollutant, district, level, topic, status and date, and saved SPARQL queries.',
  entries() {
    const data = cityData();
    return sceneEntries({
      documents: [...data.readings.map(readingDocument), ...data.reports.map(reportDocument), ...CITY_QUERIES],
      quads: triples(data.stations, data.readings, data.reports),
      graphs: [
        { iri: MODEL_GRAPH, permissions: READABLE },
        { iri: TOPICS_GRAPH, permissions: READABLE },
      ],
      options: { city: { options: CITY_OPTIONS } },
      database: {
        'range-element-index': [
          elementIndex('string', 'pollutant'),
          elementIndex('string', 'district'),
          elementIndex('decimal', 'value'),
          elementIndex('date', 'date'),
          elementIndex('string', 'topic', REPORT_NS),
          elementIndex('string', 'district', REPORT_NS),
          elementIndex('date', 'date', DC_NS),
        ],
        'range-element-attribute-index': [{ ...elementIndex('string', 'status'), 'parent-namespace-uri': REPORT_NS, 'parent-localname': 'report' }],
        'collection-lexicon': true,
      },
    });
  },
};
