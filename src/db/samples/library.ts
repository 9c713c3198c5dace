/**
 * The "library" sample: books as JSON, their authors as XML, and a graph that says the same
 * things as triples (who wrote what, who influenced whom, where authors were born), with an
 * option set that facets, buckets and reads values over them. Every name and text is made up
 * from the word lists below (src/db/samples/README.md states where they come from).
 */
import type { QueryOptions } from '../options/types';
import { seededRandom } from './prng';
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

const LIB = 'http://tabula.example/library/';
const GRAPH = `${LIB}catalogue`;
const INFLUENCED_BY = `${LIB}vocab/influencedBy`;
const DOCUMENT = `${LIB}vocab/document`;

const AUTHOR_COUNT = 48;
const BOOK_COUNT = 240;

// Invented for this sample: common given names and surnames, combined at random.
const GIVEN = ['Ada', 'Miriam', 'Tomas', 'Ines', 'Oskar', 'Leonie', 'Felix', 'Rosa', 'Anton', 'Clara', 'Jonas', 'Vera', 'Elias', 'Nora', 'Hugo', 'Lena', 'Marek', 'Alma', 'Pavel', 'Iris', 'Samuel', 'Edith', 'Bruno', 'Greta', 'Kwame', 'Amara', 'Rafael', 'Yara', 'Casimir', 'Helena', 'Otto', 'Maren'];
const FAMILY = ['Whitfield', 'Okafor', 'Lindqvist', 'Moreau', 'Kowalski', 'Ferreira', 'Achterberg', 'Castellanos', 'Haldane', 'Novak', 'Brennan', 'Sato', 'Marlowe', 'Adeyemi', 'Rasmussen', 'Dubois', 'Vesely', 'Aldana', 'Ostrowski', 'Pereira', 'Thorne', 'Kamara', 'Ellery', 'Varga', 'Quist', 'Lachance', 'Mbeki', 'Hartmann', 'Solberg', 'Caruso'];

/** Real cities and the countries they are in (public geographic facts), with the language books are written in there. */
const PLACES = [
  { city: 'Lisbon', country: 'Portugal', language: 'Portuguese' },
  { city: 'Porto', country: 'Portugal', language: 'Portuguese' },
  { city: 'Dublin', country: 'Ireland', language: 'English' },
  { city: 'Edinburgh', country: 'United Kingdom', language: 'English' },
  { city: 'Manchester', country: 'United Kingdom', language: 'English' },
  { city: 'Kraków', country: 'Poland', language: 'Polish' },
  { city: 'Lagos', country: 'Nigeria', language: 'English' },
  { city: 'Montreal', country: 'Canada', language: 'French' },
  { city: 'Naples', country: 'Italy', language: 'Italian' },
  { city: 'Trieste', country: 'Italy', language: 'Italian' },
  { city: 'Valparaíso', country: 'Chile', language: 'Spanish' },
  { city: 'Oaxaca', country: 'Mexico', language: 'Spanish' },
  { city: 'Bergen', country: 'Norway', language: 'Norwegian' },
  { city: 'Lyon', country: 'France', language: 'French' },
  { city: 'Hamburg', country: 'Germany', language: 'German' },
  { city: 'Boston', country: 'United States', language: 'English' },
  { city: 'Melbourne', country: 'Australia', language: 'English' },
  { city: 'Cape Town', country: 'South Africa', language: 'English' },
];

const GENRES = ['literary fiction', 'mystery', 'science fiction', 'fantasy', 'historical fiction', 'poetry', 'biography', 'travel', 'natural history', 'philosophy'];
const FORMATS = ['hardcover', 'paperback', 'ebook', 'audiobook'] as const;
/** schema.org's BookFormatType members, one per format. */
const BOOK_FORMAT: Record<(typeof FORMATS)[number], string> = {
  hardcover: `${SCHEMA}Hardcover`,
  paperback: `${SCHEMA}Paperback`,
  ebook: `${SCHEMA}EBook`,
  audiobook: `${SCHEMA}AudiobookFormat`,
};

// Words for titles and synopses, invented for this sample.
const ADJECTIVES = ['Silent', 'Borrowed', 'Northern', 'Glass', 'Last', 'Hidden', 'Salt', 'Iron', 'Patient', 'Winter', 'Lantern', 'Quiet', 'Distant', 'Amber', 'Paper', 'Hollow'];
const NOUNS = ['Harbour', 'Orchard', 'Archive', 'Lighthouse', 'Garden', 'Atlas', 'River', 'Clockmaker', 'Observatory', 'Ferry', 'Library', 'Meadow', 'Cartographer', 'Tide', 'Mountain', 'Letter', 'Island', 'Bridge'];
const ENDINGS = ['Small Hours', 'Lost Names', 'the North', 'Tides', 'Unfinished Maps', 'Quiet Streets', 'the Long Summer', 'Borrowed Light'];
const PEOPLE = ['a retired ferry pilot', 'two estranged sisters', 'a young cartographer', 'an archivist with a secret', 'a village schoolteacher', 'a travelling botanist', 'an exiled poet', 'a night-shift nurse', 'a lighthouse keeper', 'a bookbinder and her apprentice'];
const ACTIONS = ['searches for a missing letter', 'inherits a house full of maps', 'follows a river to its source', 'keeps a diary through a hard winter', 'rebuilds a burned library', 'tracks the migration of cranes', 'returns home after forty years', 'uncovers a forged will', 'charts an island that is not on any map', 'learns the names of the stars'];
const SETTINGS = ['a city of canals', 'a fishing town in decline', 'the high mountains', 'a crowded port', 'a house by the sea', 'a university in wartime', 'a vineyard on a hillside', 'the edge of the northern ice'];
const THEMES: Record<string, string> = {
  'literary fiction': 'A novel about memory, debt and forgiveness.',
  mystery: 'A patient mystery in which every clue is hidden in plain sight.',
  'science fiction': 'A story of the near future, its machines and its loneliness.',
  fantasy: 'A fantasy of old oaths, talking rivers and a map that redraws itself.',
  'historical fiction': 'A historical novel drawn from letters, ledgers and parish records.',
  poetry: 'Poems of weather, work and the sea.',
  biography: 'A life told through the people who knew it best.',
  travel: 'A travel book of slow journeys, bad roads and good company.',
  'natural history': 'A natural history of birds, tides and the seasons.',
  philosophy: 'Short essays on time, attention and what we owe each other.',
};

interface Author {
  id: string;
  name: string;
  born: number;
  died: number | undefined;
  place: (typeof PLACES)[number];
  genre: string;
  influences: Author[];
}

interface Book {
  id: string;
  title: string;
  author: Author;
  year: number;
  genres: string[];
  format: (typeof FORMATS)[number];
  price: number;
  pages: number;
  isbn: string;
  synopsis: string;
}


function people(random: ReturnType<typeof seededRandom>): Author[] {
  const names = new Set<string>();
  const authors: Author[] = [];
  while (authors.length < AUTHOR_COUNT) {
    const name = `${random.pick(GIVEN)} ${random.pick(FAMILY)}`;
    if (names.has(name)) continue;
    names.add(name);
    const born = random.int(1850, 1975);
    const died = born < 1940 ? born + random.int(55, 95) : undefined;
    authors.push({ id: '', name, born, died: died !== undefined && died <= 2024 ? died : undefined, place: random.pick(PLACES), genre: random.pick(GENRES), influences: [] });
  }
  // Ids in order of birth, so a reader of the data sees influence run forward in time.
  authors.sort((a, b) => a.born - b.born || a.name.localeCompare(b.name));
  authors.forEach((a, i) => {
    a.id = `a${pad(i + 1, 3)}`;
    const elders = authors.slice(0, i).filter((e) => e.born <= a.born - 10);
    a.influences = random.sample(elders, Math.min(elders.length, random.int(0, 2)));
  });
  return authors;
}

function catalogue(random: ReturnType<typeof seededRandom>, authors: Author[]): Book[] {
  const titles = new Set<string>();
  const books: Book[] = [];
  while (books.length < BOOK_COUNT) {
    const author = authors[books.length % authors.length] as Author;
    const noun = random.pick(NOUNS);
    const title = random.pick([
      () => `The ${random.pick(ADJECTIVES)} ${noun}`,
      () => `${noun} of ${random.pick(ENDINGS)}`,
      () => `The ${noun}'s ${random.pick(NOUNS)}`,
      () => `${random.pick(ADJECTIVES)} ${noun}s`,
      () => `A ${random.pick(ADJECTIVES)} ${noun} for ${author.place.city}`,
    ])();
    if (titles.has(title)) continue;
    titles.add(title);
    const last = Math.min(author.died ?? 2024, 2024);
    const year = random.int(Math.min(author.born + 22, last), last);
    const second = random.chance(0.35) ? random.pick(GENRES.filter((g) => g !== author.genre)) : undefined;
    const genres = second ? [author.genre, second] : [author.genre];
    const format = random.pick(FORMATS);
    const synopsis = `${capital(random.pick(PEOPLE))} ${random.pick(ACTIONS)} in ${random.pick(SETTINGS)}. ${THEMES[author.genre]}`;
    books.push({
      id: `b${pad(books.length + 1, 4)}`,
      title,
      author,
      year,
      genres,
      format,
      price: random.int(499, 3999) / 100,
      pages: format === 'audiobook' ? 0 : random.int(96, 720),
      isbn: `978-${random.int(0, 1)}-${pad(random.int(0, 99999), 5)}-${pad(random.int(0, 999), 3)}-${random.int(0, 9)}`,
      synopsis,
    });
  }
  return books;
}

const bookUri = (b: Book) => `/books/${b.id}.json`;
const authorUri = (a: Author) => `/authors/${a.id}.xml`;
const authorIri = (a: Author) => `${LIB}author/${a.id}`;
const bookIri = (b: Book) => `${LIB}book/${b.id}`;
const placeIri = (city: string) => `${LIB}place/${slug(city)}`;
const countryIri = (country: string) => `${LIB}country/${slug(country)}`;

function bookDocument(b: Book): SampleDocument {
  const content = {
    id: b.id,
    title: b.title,
    author: b.author.name,
    authorId: b.author.id,
    year: b.year,
    genres: b.genres,
    format: b.format,
    language: b.author.place.language,
    price: b.price,
    pages: b.pages,
    isbn: b.isbn,
    synopsis: b.synopsis,
  };
  return {
    uri: bookUri(b),
    format: 'json',
    content: JSON.stringify(content),
    collections: ['books', ...b.genres.map((g) => `genre/${slug(g)}`), `format/${b.format}`],
  };
}

function authorDocument(a: Author, books: Book[]): SampleDocument {
  const own = books.filter((b) => b.author === a);
  const first = Math.min(...own.map((b) => b.year));
  const lived = a.died ? `(${a.born}–${a.died})` : `(born ${a.born})`;
  const biography =
    `${a.name} ${lived} was born in ${a.place.city}, ${a.place.country}, and wrote mostly ${a.genre}. ` +
    `The first book, ${own.find((b) => b.year === first)?.title}, appeared in ${first}; ${own.length} titles followed in all.` +
    (a.influences.length ? ` Readers hear in the work the voice of ${a.influences.map((i) => i.name).join(' and ')}.` : '');
  const influences = a.influences.map((i) => `    <influence ref="${i.id}">${xmlText(i.name)}</influence>`).join('\n');
  const content = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<author id="${a.id}">`,
    `  <name>${xmlText(a.name)}</name>`,
    `  <born>${a.born}</born>`,
    ...(a.died ? [`  <died>${a.died}</died>`] : []),
    `  <birthplace country="${xmlText(a.place.country)}">${xmlText(a.place.city)}</birthplace>`,
    `  <genre>${xmlText(a.genre)}</genre>`,
    `  <biography>${xmlText(biography)}</biography>`,
    `  <influences>${influences ? `\n${influences}\n  ` : ''}</influences>`,
    '</author>',
    '',
  ].join('\n');
  return { uri: authorUri(a), format: 'xml', content, collections: ['authors', `genre/${slug(a.genre)}`] };
}

function triples(authors: Author[], books: Book[]): Quad[] {
  const { quads, add, text, typed } = quadCollector(GRAPH);
  for (const a of authors) {
    add(authorIri(a), RDF_TYPE, { iri: `${SCHEMA}Person` });
    add(authorIri(a), RDFS_LABEL, text(a.name));
    add(authorIri(a), `${SCHEMA}birthDate`, typed(a.born, 'gYear'));
    if (a.died) add(authorIri(a), `${SCHEMA}deathDate`, typed(a.died, 'gYear'));
    add(authorIri(a), `${SCHEMA}birthPlace`, { iri: placeIri(a.place.city) });
    add(authorIri(a), DOCUMENT, text(authorUri(a)));
    for (const i of a.influences) add(authorIri(a), INFLUENCED_BY, { iri: authorIri(i) });
  }
  for (const b of books) {
    add(bookIri(b), RDF_TYPE, { iri: `${SCHEMA}Book` });
    add(bookIri(b), RDFS_LABEL, text(b.title, 'en'));
    add(bookIri(b), `${SCHEMA}author`, { iri: authorIri(b.author) });
    add(bookIri(b), `${SCHEMA}copyrightYear`, typed(b.year, 'integer'));
    for (const g of b.genres) add(bookIri(b), `${SCHEMA}genre`, text(g));
    add(bookIri(b), `${SCHEMA}bookFormat`, { iri: BOOK_FORMAT[b.format] });
    add(bookIri(b), `${SCHEMA}inLanguage`, text(b.author.place.language));
    add(bookIri(b), `${SCHEMA}isbn`, text(b.isbn));
    add(bookIri(b), DOCUMENT, text(bookUri(b)));
  }
  // Places are shared knowledge, not the catalogue's: they live in the default graph.
  for (const p of PLACES) {
    add(placeIri(p.city), RDF_TYPE, { iri: `${SCHEMA}City` }, null);
    add(placeIri(p.city), RDFS_LABEL, text(p.city), null);
    add(placeIri(p.city), `${SCHEMA}containedInPlace`, { iri: countryIri(p.country) }, null);
  }
  for (const country of new Set(PLACES.map((p) => p.country))) {
    add(countryIri(country), RDF_TYPE, { iri: `${SCHEMA}Country` }, null);
    add(countryIri(country), RDFS_LABEL, text(country), null);
  }
  return quads;
}

const PREFIXES = `PREFIX schema: <${SCHEMA}>\nPREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\nPREFIX lib: <${LIB}vocab/>`;

export const LIBRARY_QUERIES = [
  savedQuery('library-books-by-country', 'Books by the country their author was born in', `${PREFIXES}
SELECT ?country (COUNT(?book) AS ?books)
WHERE {
  ?book schema:author ?author .
  ?author schema:birthPlace/schema:containedInPlace/rdfs:label ?country .
}
GROUP BY ?country
ORDER BY DESC(?books) ?country`),
  savedQuery('library-influences', 'Who influenced whom', `${PREFIXES}
SELECT ?writer ?influence
WHERE {
  ?a lib:influencedBy ?b .
  ?a rdfs:label ?writer .
  ?b rdfs:label ?influence .
}
ORDER BY ?writer ?influence`),
  savedQuery('library-influence-chains', 'Influence at any distance: every elder an author descends from', `${PREFIXES}
SELECT ?writer (COUNT(DISTINCT ?elder) AS ?elders)
WHERE {
  ?a lib:influencedBy+ ?e .
  ?a rdfs:label ?writer .
  ?e rdfs:label ?elder .
}
GROUP BY ?writer
ORDER BY DESC(?elders) ?writer`),
  savedQuery('library-genres', 'Genres by number of books, with the first and last year', `${PREFIXES}
SELECT ?genre (COUNT(?book) AS ?books) (MIN(?year) AS ?first) (MAX(?year) AS ?last)
WHERE {
  ?book schema:genre ?genre ;
        schema:copyrightYear ?year .
}
GROUP BY ?genre
ORDER BY DESC(?books)`),
  savedQuery('library-audiobooks', 'Audiobooks and where to read about them', `${PREFIXES}
SELECT ?title ?author ?document
WHERE {
  ?book schema:bookFormat schema:AudiobookFormat ;
        rdfs:label ?title ;
        schema:author/rdfs:label ?author ;
        lib:document ?document .
}
ORDER BY ?title`),
];

const string = (prop: string) => ({ type: 'xs:string', collation: ROOT_COLLATION, 'json-property': prop });
const decades = (from: number, to: number) =>
  Array.from({ length: (to - from) / 10 }, (_, i) => ({ name: `${from + i * 10}s`, label: `${from + i * 10}s`, ge: String(from + i * 10), lt: String(from + i * 10 + 10) }));

export const LIBRARY_OPTIONS: QueryOptions = {
  constraint: [
    { name: 'genre', range: { ...string('genres'), 'facet-option': ['frequency-order', 'descending'] } },
    { name: 'author', range: { ...string('author'), 'facet-option': ['limit=10', 'frequency-order', 'descending'] } },
    { name: 'year', range: { type: 'xs:int', 'json-property': 'year', bucket: decades(1870, 2030) } },
    {
      name: 'price',
      range: {
        type: 'xs:decimal',
        'json-property': 'price',
        bucket: [
          { name: 'under-10', label: 'Under 10', lt: '10' },
          { name: '10-20', label: '10 to 20', ge: '10', lt: '20' },
          { name: '20-30', label: '20 to 30', ge: '20', lt: '30' },
          { name: '30-plus', label: '30 and over', ge: '30' },
        ],
      },
    },
    { name: 'format', collection: { prefix: 'format/', facet: true } },
    { name: 'language', value: { 'json-property': 'language' } },
    { name: 'synopsis', word: { 'json-property': 'synopsis' } },
    { name: 'born', range: { type: 'xs:int', element: { ns: '', name: 'born' }, facet: false } },
    { name: 'country', range: { type: 'xs:string', collation: ROOT_COLLATION, element: { ns: '', name: 'birthplace' }, attribute: { ns: '', name: 'country' } } },
  ],
  values: [
    { name: 'genre', range: string('genres') },
    { name: 'year', range: { type: 'xs:int', 'json-property': 'year' } },
    { name: 'price', range: { type: 'xs:decimal', 'json-property': 'price' }, aggregate: [{ apply: 'min' }, { apply: 'avg' }, { apply: 'max' }] },
    { name: 'author', range: string('author'), 'values-option': ['frequency-order'] },
    { name: 'format', collection: { prefix: 'format/' } },
  ],
  tuples: [
    { name: 'author-year', indexes: [{ range: string('author') }, { range: { type: 'xs:int', 'json-property': 'year' } }] },
    { name: 'genre-price', indexes: [{ range: string('genres') }, { range: { type: 'xs:decimal', 'json-property': 'price' } }] },
  ],
  'page-length': 10,
  'return-facets': true,
};

/** Everything the library scene holds, for its entries and for tests that compute expected answers. */
export function libraryData() {
  const random = seededRandom(0x11b7a7);
  const authors = people(random);
  const books = catalogue(random, authors);
  return { authors, books };
}

export const library: SampleScene = {
  name: 'library',
  title: 'A small library',
  description:
    'Books as JSON and their authors as XML, in collections by genre and format; a graph of who wrote what, who influenced whom and where authors were born; facets on genre, author, decade, price and format, and saved SPARQL queries.',
  entries() {
    const { authors, books } = libraryData();
    return sceneEntries({
      documents: [...books.map(bookDocument), ...authors.map((a) => authorDocument(a, books)), ...LIBRARY_QUERIES],
      quads: triples(authors, books),
      graphs: [{ iri: GRAPH, permissions: READABLE }],
      options: { library: { options: LIBRARY_OPTIONS } },
      database: {
        'range-element-index': [
          elementIndex('string', 'genres'),
          elementIndex('string', 'author'),
          elementIndex('int', 'year'),
          elementIndex('decimal', 'price'),
          elementIndex('int', 'born'),
        ],
        'range-element-attribute-index': [
          { ...elementIndex('string', 'country'), 'parent-namespace-uri': '', 'parent-localname': 'birthplace' },
        ],
        'collection-lexicon': true,
      },
    });
  },
};
