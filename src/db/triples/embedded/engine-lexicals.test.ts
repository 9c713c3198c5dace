import * as ox from 'oxigraph';
import { expect, test } from 'vitest';
import { engineLexicals, type TypedValue } from './engine-lexicals';

const X = 'http://www.w3.org/2001/XMLSchema#';

/** The oracle: one value stored on its own and read back term by term (the slow way, ~20 µs each). */
function storedAlone(v: TypedValue): string {
  const store = new ox.Store();
  const [s, p] = [ox.namedNode('http://example.org/s'), ox.namedNode('http://example.org/p')];
  store.add(ox.quad(s, p, ox.literal(v.value, ox.namedNode(v.datatype))));
  return store.match(s, p)[0].object.value;
}

const values: TypedValue[] = [
  ...['TRUE', '1', '0', 'true'].map((value) => ({ value, datatype: `${X}boolean` })),
  ...['007', '+5', '-0', '1.0', '99999999999999999999999'].map((value) => ({ value, datatype: `${X}integer` })),
  ...['int', 'long', 'short', 'byte', 'nonNegativeInteger', 'unsignedInt', 'positiveInteger'].map((t) => ({ value: '007', datatype: `${X}${t}` })),
  ...['+1.50', '1.', '.5', '-0.0'].map((value) => ({ value, datatype: `${X}decimal` })),
  ...['1e3', '1.5E-3', 'NaN', '007.50', '1e400', 'INF'].map((value) => ({ value, datatype: `${X}double` })),
  { value: '0.1', datatype: `${X}float` },
  ...['2024-01-01T10:00:00.000+02:00', '2024-01-01T10:00:00+00:00', '2024-01-01T24:00:00'].map((value) => ({ value, datatype: `${X}dateTime` })),
  { value: '2024-01-01+00:00', datatype: `${X}date` },
  { value: '10:00:00.50', datatype: `${X}time` },
  ...['P1Y12M', 'PT60S', 'P0D'].map((value) => ({ value, datatype: `${X}duration` })),
  { value: 'P1DT0H', datatype: `${X}dayTimeDuration` },
  { value: '02024', datatype: `${X}gYear` },
  // Values the type cannot take stay as written, escapes and all.
  { value: 'not "a" number\\\n\r\t😀', datatype: `${X}integer` },
  { value: ' a ', datatype: `${X}token` },
];

test('each value comes back in the form the engine holds when it is stored alone', () => {
  expect(engineLexicals(ox, values)).toEqual(values.map(storedAlone));
});

test('the same value twice, and nothing to ask', () => {
  expect(engineLexicals(ox, [{ value: '007', datatype: `${X}integer` }, { value: '007', datatype: `${X}integer` }])).toEqual(['7', '7']);
  expect(engineLexicals(ox, [])).toEqual([]);
});

test('a datatype IRI the syntax cannot carry is not asked: the value stays as written', () => {
  expect(engineLexicals(ox, [{ value: '007', datatype: 'http://example.org/a type' }, { value: '007', datatype: `${X}integer` }])).toEqual(['007', '7']);
});
