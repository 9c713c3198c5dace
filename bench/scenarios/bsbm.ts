/**
 * A dataset shaped like the Berlin SPARQL Benchmark (BSBM, Bizer & Schultz 2009), made
 * by a small seeded generator so every scenario (through the API, or straight into
 * Oxigraph in the page) loads exactly the same N-Triples.
 *
 * Shape, per product (~330 triples, so 1M triples ≈ 3,000 products as in BSBM's own
 * 1M scale of 2,785 products): the product (types, label, comment, 9–16 features from
 * its type and the type's ancestors, textual and numeric properties, producer), 20
 * offers (price, validity dates, delivery days, vendor) and 10 reviews (reviewer,
 * date, title, text, up to four ratings). Producers, vendors, reviewers and features
 * are written the first time a product needs them; the product-type tree (1 + 6 + 30
 * + 120 types, `rdfs:subClassOf`) comes first. Products are typed with their leaf type
 * only, so hierarchy questions need a property path.
 *
 * Differences from the BSBM generator, on purpose: prices are `xsd:decimal` (BSBM's
 * `bsbm:USD` datatype needs casts to compare), and texts are drawn from a small word
 * list. There are no blank nodes and no duplicate triples, so `COUNT(*)` of a loaded
 * graph equals the number of lines.
 *
 * The stream is prefix-stable: `bsbmTriples(n)` is the first `n` lines of
 * `bsbmTriples(m)` for any m ≥ n (the last entity may be cut off at the n-th line).
 */
import { random } from './random';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const DC = 'http://purl.org/dc/elements/1.1/';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const REV = 'http://purl.org/stuff/rev#';
export const BSBM = 'http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/';
export const INST = 'http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/';
const COUNTRY = 'http://downlode.org/rdf/iso-3166/countries#';

export const PREFIXES = [
  `PREFIX rdf: <${RDF}>`,
  `PREFIX rdfs: <${RDFS}>`,
  `PREFIX xsd: <${XSD}>`,
  `PREFIX dc: <${DC}>`,
  `PREFIX foaf: <${FOAF}>`,
  `PREFIX rev: <${REV}>`,
  `PREFIX bsbm: <${BSBM}>`,
  `PREFIX country: <${COUNTRY}>`,
].join('\n');

const WORDS = (
  'alpha beta gamma delta epsilon zeta theta kappa lambda sigma omega vector matrix tensor signal ' +
  'carbon silver copper cobalt nickel quartz amber coral ivory onyx opal ruby jade pearl topaz ' +
  'rapid silent bright compact mobile digital modular robust portable precise durable elegant ' +
  'sensor module adapter charger monitor speaker camera printer scanner router drive panel'
).split(' ');
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'JP', 'CN', 'RU', 'ES', 'AT', 'KR'];

const OFFERS_PER_PRODUCT = 20;
const REVIEWS_PER_PRODUCT = 10;
const PRODUCTS_PER_PRODUCER = 46;
const VENDOR_COUNT_STEP = 93; // one more vendor for every 93 products
const REVIEWS_PER_REVIEWER = 19.5;


/** What the queries need to know about a generated product. */
export interface ProductFacts {
  iri: string;
  label: string;
  /** Leaf type, its level-2 parent and its level-1 ancestor. */
  type: string;
  level2: string;
  level1: string;
  features: string[];
  /** Features of its types it does not have. */
  otherFeatures: string[];
  producer: string;
}

export interface BsbmData {
  /** Exactly `count` N-Triples lines, without their newline. */
  lines: string[];
  /** The products whose first triple was written, in order. */
  products: ProductFacts[];
}

interface ProductType {
  iri: string;
  level: number;
  parent?: ProductType;
  features: string[];
}

/** Terms written on every line, spelled once. */
const T = {
  bsbm_Offer: `<${BSBM}Offer>`,
  bsbm_Producer: `<${BSBM}Producer>`,
  bsbm_Product: `<${BSBM}Product>`,
  bsbm_ProductFeature: `<${BSBM}ProductFeature>`,
  bsbm_ProductType: `<${BSBM}ProductType>`,
  bsbm_Review: `<${BSBM}Review>`,
  bsbm_Vendor: `<${BSBM}Vendor>`,
  bsbm_country: `<${BSBM}country>`,
  bsbm_deliveryDays: `<${BSBM}deliveryDays>`,
  bsbm_offerWebpage: `<${BSBM}offerWebpage>`,
  bsbm_price: `<${BSBM}price>`,
  bsbm_producer: `<${BSBM}producer>`,
  bsbm_product: `<${BSBM}product>`,
  bsbm_productFeature: `<${BSBM}productFeature>`,
  bsbm_reviewDate: `<${BSBM}reviewDate>`,
  bsbm_reviewFor: `<${BSBM}reviewFor>`,
  bsbm_validFrom: `<${BSBM}validFrom>`,
  bsbm_validTo: `<${BSBM}validTo>`,
  bsbm_vendor: `<${BSBM}vendor>`,
  dc_date: `<${DC}date>`,
  dc_publisher: `<${DC}publisher>`,
  dc_title: `<${DC}title>`,
  foaf_Person: `<${FOAF}Person>`,
  foaf_homepage: `<${FOAF}homepage>`,
  foaf_mbox_sha1sum: `<${FOAF}mbox_sha1sum>`,
  foaf_name: `<${FOAF}name>`,
  rdf_type: `<${RDF}type>`,
  rdfs_comment: `<${RDFS}comment>`,
  rdfs_label: `<${RDFS}label>`,
  rdfs_subClassOf: `<${RDFS}subClassOf>`,
  rev_reviewer: `<${REV}reviewer>`,
  rev_text: `<${REV}text>`,
};

const iri = (s: string) => `<${s}>`;
const str = (s: string) => `"${s}"`;
const typed = (s: string, type: string) => `"${s}"^^<${XSD}${type}>`;

class Full extends Error {}

export function bsbmTriples(count: number, seed = 20090401): BsbmData {
  const next = random(seed);
  const lines: string[] = [];
  const products: ProductFacts[] = [];
  const emit = (s: string, p: string, o: string) => {
    lines.push(`${s} ${p} ${o} .`);
    if (lines.length === count) throw new Full();
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const date = (fromDay: number, spanDays: number) => new Date(Date.UTC(2008, 0, 1) + (fromDay + int(0, spanDays)) * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const dateTime = (d: Date) => `${d.toISOString().slice(0, 10)}T${String(int(0, 23)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}`;
  /** Every BSBM entity says who published it, and when. Both arguments are bare IRIs. */
  const published = (subject: string, publisher: string) => {
    emit(iri(subject), T.dc_publisher, iri(publisher));
    emit(iri(subject), T.dc_date, typed(day(date(0, 700)), 'date'));
  };

  const written = new Set<string>();
  const once = (key: string, write: () => void) => {
    if (written.has(key)) return;
    written.add(key);
    write();
  };

  let featureCount = 0;
  const types: ProductType[] = [];
  const feature = (f: string) =>
    once(f, () => {
      emit(iri(f), T.rdf_type, T.bsbm_ProductFeature);
      emit(iri(f), T.rdfs_label, str(words(2)));
      emit(iri(f), T.rdfs_comment, str(words(12)));
      published(f, `${INST}StandardizationInstitution1`);
    });
  const producer = (n: number) => {
    const p = `${INST}dataFromProducer${n}/Producer${n}`;
    once(p, () => {
      emit(iri(p), T.rdf_type, T.bsbm_Producer);
      emit(iri(p), T.rdfs_label, str(`Producer ${n} ${words(1)}`));
      emit(iri(p), T.rdfs_comment, str(words(15)));
      emit(iri(p), T.foaf_homepage, iri(`http://www.Producer${n}.com/`));
      emit(iri(p), T.bsbm_country, iri(`${COUNTRY}${pick(COUNTRIES)}`));
      published(p, p);
    });
    return p;
  };
  const vendor = (n: number) => {
    const v = `${INST}dataFromVendor${n}/Vendor${n}`;
    once(v, () => {
      emit(iri(v), T.rdf_type, T.bsbm_Vendor);
      emit(iri(v), T.rdfs_label, str(`Vendor ${n} ${words(1)}`));
      emit(iri(v), T.rdfs_comment, str(words(15)));
      emit(iri(v), T.foaf_homepage, iri(`http://www.Vendor${n}.com/`));
      emit(iri(v), T.bsbm_country, iri(`${COUNTRY}${pick(COUNTRIES)}`));
      published(v, v);
    });
    return v;
  };
  const site = (n: number) => `${INST}dataFromRatingSite${n}/RatingSite${n}`;
  let reviewers = 0;
  const reviewer = (reviewCount: number) => {
    // A new reviewer while there are fewer than one per 19.5 reviews, else a known one.
    const n = reviewers === 0 || reviewers < reviewCount / REVIEWS_PER_REVIEWER ? ++reviewers : int(1, reviewers);
    const s = 1 + (n % 8);
    const r = `${INST}dataFromRatingSite${s}/Reviewer${n}`;
    once(r, () => {
      emit(iri(r), T.rdf_type, T.foaf_Person);
      emit(iri(r), T.foaf_name, str(`${words(1)} ${words(1)} ${n}`));
      emit(iri(r), T.foaf_mbox_sha1sum, str(Array.from({ length: 40 }, () => '0123456789abcdef'[int(0, 15)]).join('')));
      emit(iri(r), T.bsbm_country, iri(`${COUNTRY}${pick(COUNTRIES)}`));
      published(r, site(s));
    });
    return r;
  };

  try {
    // The type tree: 1 root, 6 × 5 × 4 below it; each non-root type brings features.
    const typeOf = (level: number, parent?: ProductType): ProductType => {
      const t: ProductType = { iri: `${INST}ProductType${types.length + 1}`, level, parent, features: [] };
      types.push(t);
      const own = level === 0 ? 0 : level === 3 ? 12 : 10;
      for (let i = 0; i < own; i++) t.features.push(`${INST}ProductFeature${++featureCount}`);
      emit(iri(t.iri), T.rdf_type, T.bsbm_ProductType);
      emit(iri(t.iri), T.rdfs_label, str(`${words(2)} type ${types.length}`));
      emit(iri(t.iri), T.rdfs_comment, str(words(10)));
      if (parent) emit(iri(t.iri), T.rdfs_subClassOf, iri(parent.iri));
      published(t.iri, `${INST}StandardizationInstitution1`);
      return t;
    };
    const root = typeOf(0);
    const leaves: ProductType[] = [];
    for (let a = 0; a < 6; a++) {
      const t1 = typeOf(1, root);
      for (let b = 0; b < 5; b++) {
        const t2 = typeOf(2, t1);
        for (let c = 0; c < 4; c++) leaves.push(typeOf(3, t2));
      }
    }

    let offers = 0;
    let reviews = 0;
    for (let n = 1; ; n++) {
      const producerNo = 1 + Math.floor((n - 1) / PRODUCTS_PER_PRODUCER);
      const prod = producer(producerNo);
      const leaf = pick(leaves);
      const pool = [...leaf.features, ...leaf.parent!.features, ...leaf.parent!.parent!.features];
      // Without replacement: a product never states the same feature twice.
      const chosen = new Set<string>();
      const wanted = int(9, 16);
      while (chosen.size < wanted) chosen.add(pick(pool));
      const features = [...chosen];
      features.forEach(feature);

      const product = `${INST}dataFromProducer${producerNo}/Product${n}`;
      const label = `${words(2)} ${n}`;
      products.push({
        iri: product,
        label,
        type: leaf.iri,
        level2: leaf.parent!.iri,
        level1: leaf.parent!.parent!.iri,
        features,
        otherFeatures: pool.filter((f) => !chosen.has(f)),
        producer: prod,
      });
      const s = iri(product);
      emit(s, T.rdf_type, T.bsbm_Product);
      emit(s, T.rdf_type, iri(leaf.iri));
      emit(s, T.rdfs_label, str(label));
      emit(s, T.rdfs_comment, str(words(int(20, 40))));
      emit(s, T.bsbm_producer, iri(prod));
      for (const f of features) emit(s, T.bsbm_productFeature, iri(f));
      for (let i = 1; i <= 5; i++) {
        if (i <= 3 || next() < 0.5) emit(s, iri(`${BSBM}productPropertyTextual${i}`), str(words(int(3, 8))));
      }
      for (let i = 1; i <= 5; i++) {
        if (i <= 3 || next() < 0.5) emit(s, iri(`${BSBM}productPropertyNumeric${i}`), typed(String(int(1, 2000)), 'integer'));
      }
      published(product, prod);

      const vendors = 1 + Math.floor(n / VENDOR_COUNT_STEP);
      for (let i = 0; i < OFFERS_PER_PRODUCT; i++) {
        const vendorNo = int(1, vendors);
        const v = vendor(vendorNo);
        const offer = iri(`${INST}dataFromVendor${vendorNo}/Offer${++offers}`);
        const from = date(0, 500);
        emit(offer, T.rdf_type, T.bsbm_Offer);
        emit(offer, T.bsbm_product, s);
        emit(offer, T.bsbm_vendor, iri(v));
        emit(offer, T.bsbm_price, typed((int(500, 1_000_000) / 100).toFixed(2), 'decimal'));
        emit(offer, T.bsbm_validFrom, typed(dateTime(from), 'dateTime'));
        emit(offer, T.bsbm_validTo, typed(dateTime(new Date(from.getTime() + int(30, 400) * 86_400_000)), 'dateTime'));
        emit(offer, T.bsbm_deliveryDays, typed(String(int(1, 7)), 'integer'));
        emit(offer, T.bsbm_offerWebpage, iri(`http://www.Vendor${vendorNo}.com/offers/Offer${offers}/`));
        published(offer.slice(1, -1), v);
      }

      for (let i = 0; i < REVIEWS_PER_PRODUCT; i++) {
        const who = reviewer(++reviews);
        const siteNo = 1 + (reviews % 8);
        const review = iri(`${INST}dataFromRatingSite${siteNo}/Review${reviews}`);
        emit(review, T.rdf_type, T.bsbm_Review);
        emit(review, T.bsbm_reviewFor, s);
        emit(review, T.rev_reviewer, iri(who));
        emit(review, T.bsbm_reviewDate, typed(dateTime(date(100, 600)), 'dateTime'));
        emit(review, T.dc_title, str(words(int(3, 7))));
        emit(review, T.rev_text, `"${words(int(30, 60))}"@en`);
        for (let r = 1; r <= 4; r++) {
          if (next() < 0.7) emit(review, iri(`${BSBM}rating${r}`), typed(String(int(1, 10)), 'integer'));
        }
        published(review.slice(1, -1), site(siteNo));
      }
    }
  } catch (e) {
    if (!(e instanceof Full)) throw e;
  }
  return { lines, products };
}

/** Joins lines into N-Triples documents of `perChunk` triples each (the last may be shorter). */
export function nTriplesChunks(lines: readonly string[], perChunk: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < lines.length; i += perChunk) chunks.push(`${lines.slice(i, i + perChunk).join('\n')}\n`);
  return chunks;
}

export interface BsbmQuery {
  name: string;
  /** What the query exercises. */
  kind: string;
  text: string;
}

/**
 * The query mix, over facts of products early in the stream (present in every dataset
 * of 100k triples or more). LIMIT queries order totally, so the endpoint and the
 * baseline must return the same solutions in the same order.
 */
export function bsbmQueries(products: readonly ProductFacts[]): BsbmQuery[] {
  if (products.length < 12) throw new Error(`the query mix needs at least 12 products, the dataset has ${products.length}`);
  const p = products[5];
  const other = products[11];
  const word = p.label.split(' ')[0];
  const q = (name: string, kind: string, body: string): BsbmQuery => ({ name, kind, text: `${PREFIXES}\n${body}` });
  return [
    q('point', 'point lookup: every triple of one product', `SELECT ?p ?o WHERE { <${p.iri}> ?p ?o }`),
    q(
      'star',
      'star join: the products of one type with five properties',
      `SELECT ?product ?label ?producer ?n1 ?n2 ?t1 WHERE {
  ?product a <${p.type}> ; rdfs:label ?label ; bsbm:producer ?producer ;
    bsbm:productPropertyNumeric1 ?n1 ; bsbm:productPropertyNumeric2 ?n2 ; bsbm:productPropertyTextual1 ?t1 .
}`,
    ),
    q(
      'optional',
      'OPTIONAL: reviews of a product with reviewer and optional ratings (BSBM Q8)',
      `SELECT ?review ?title ?date ?name ?r1 ?r2 WHERE {
  ?review bsbm:reviewFor <${p.iri}> ; dc:title ?title ; bsbm:reviewDate ?date ; rev:reviewer ?reviewer .
  ?reviewer foaf:name ?name .
  OPTIONAL { ?review bsbm:rating1 ?r1 }
  OPTIONAL { ?review bsbm:rating2 ?r2 }
} ORDER BY DESC(?date) ?review LIMIT 20`,
    ),
    q(
      'filter',
      'FILTER: offers of a product delivered within 3 days, still valid (BSBM Q10)',
      `SELECT ?offer ?price ?days WHERE {
  ?offer bsbm:product <${p.iri}> ; bsbm:vendor ?vendor ; bsbm:price ?price ; bsbm:deliveryDays ?days ; bsbm:validTo ?to .
  FILTER(?days <= 3 && ?to > "2008-06-20T00:00:00"^^xsd:dateTime)
} ORDER BY ?price ?offer`,
    ),
    q(
      'aggregate',
      'aggregate: reviews of one producer’s products by reviewer country (COUNT, AVG, GROUP BY)',
      `SELECT ?country (COUNT(?review) AS ?reviews) (AVG(?r1) AS ?rating) WHERE {
  ?product bsbm:producer <${p.producer}> .
  ?review bsbm:reviewFor ?product ; rev:reviewer ?reviewer ; bsbm:rating1 ?r1 .
  ?reviewer bsbm:country ?country .
} GROUP BY ?country ORDER BY DESC(?reviews) ?country`,
    ),
    q(
      'order-limit',
      'ORDER BY … LIMIT: the ten most recent reviews of all',
      `SELECT ?review ?product ?date WHERE {
  ?review bsbm:reviewFor ?product ; bsbm:reviewDate ?date .
} ORDER BY DESC(?date) ?review LIMIT 10`,
    ),
    q(
      'path',
      'property path: products under a top-level type (a/rdfs:subClassOf*)',
      `SELECT (COUNT(DISTINCT ?product) AS ?products) WHERE { ?product a/rdfs:subClassOf* <${p.level1}> }`,
    ),
    q(
      'union',
      'UNION: products with either of two features',
      `SELECT DISTINCT ?product ?label WHERE {
  { ?product bsbm:productFeature <${p.features[0]}> } UNION { ?product bsbm:productFeature <${other.features[0]}> }
  ?product rdfs:label ?label .
} ORDER BY ?label ?product LIMIT 20`,
    ),
    q(
      'regex',
      'text FILTER: product labels matching a word (regex, BSBM Q6)',
      `SELECT ?product ?label WHERE {
  ?product a bsbm:Product ; rdfs:label ?label .
  FILTER regex(?label, "${word}", "i")
} ORDER BY ?label ?product LIMIT 10`,
    ),
    q(
      'negation',
      'FILTER NOT EXISTS: products of a type with one feature and without another (BSBM Q3)',
      `SELECT ?product ?label ?n1 WHERE {
  ?product a/rdfs:subClassOf <${p.level2}> ; rdfs:label ?label ; bsbm:productFeature <${p.features[0]}> ; bsbm:productPropertyNumeric1 ?n1 .
  FILTER(?n1 > 100)
  FILTER NOT EXISTS { ?product bsbm:productFeature <${p.otherFeatures[0]}> }
} ORDER BY ?label ?product LIMIT 10`,
    ),
  ];
}
