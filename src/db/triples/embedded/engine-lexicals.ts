/**
 * The lexical forms the engine holds for typed literals. Oxigraph stores numbers, booleans,
 * dates, times and durations natively and writes them back canonically (`"007"^^xsd:integer`
 * is `"7"`, `"PT60S"^^xsd:duration` is `"PT1M"`, `"1"^^xsd:boolean` is `"true"`), so a
 * document's triple is only the same quad as one the graph store holds once its literal is in
 * that form (./quad-owners.ts). The engine is asked, not imitated: all of a write's values in
 * one load into a scratch store and one dump, read back by their subjects.
 */
import type * as Oxigraph from 'oxigraph';
import { toInternal } from '../relative-iris';
import { needsEngineLexical, ntIri, ntString, type CanonicalLexical, type EmbeddedTriple } from './extract';

/** A typed literal whose lexical form the engine may change. */
export interface TypedValue {
  value: string;
  /** The datatype IRI, absolute. */
  datatype: string;
}

const SUBJECT = 'urn:tabula:lexical:';
const LINE = /^<urn:tabula:lexical:(\d+)> <urn:tabula:lexical:v> "((?:[^"\\]|\\.)*)"/;
const ECHARS: Record<string, string> = { t: '\t', b: '\b', n: '\n', r: '\r', f: '\f', '"': '"', "'": "'", '\\': '\\' };

/** A quoted N-Triples string's characters (ECHAR and UCHAR escapes undone). */
function unescaped(s: string): string {
  return s.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g, (_, u4: string | undefined, u8: string | undefined, c: string | undefined) =>
    u4 !== undefined || u8 !== undefined ? String.fromCodePoint(parseInt((u4 ?? u8)!, 16)) : (ECHARS[c!] ?? c!),
  );
}

/** Each value's lexical form as the engine holds it, in order (a value it cannot take as typed stays as written). */
export function engineLexicals(ox: typeof Oxigraph, values: readonly TypedValue[]): string[] {
  const out = values.map((v) => v.value);
  let text = '';
  values.forEach((v, i) => (text += `<${SUBJECT}${i}> <${SUBJECT}v> ${ntString(v.value)}^^${ntIri(v.datatype)} .\n`));
  if (text === '') return out;
  const scratch = new ox.Store();
  try {
    scratch.load(text, { format: 'application/n-triples', lenient: true });
    for (const line of scratch.dump({ format: 'application/n-quads' }).split('\n')) {
      const m = LINE.exec(line);
      if (m) out[Number(m[1])] = unescaped(m[2]);
    }
  } finally {
    (scratch as { free?: () => void }).free?.();
  }
  return out;
}

/**
 * The lookup {@link embeddedTerms} takes, for these triples: every XSD value among their
 * objects asked of the engine at once (datatypes as the engine holds them, internal form).
 */
export function canonicalLexicals(ox: typeof Oxigraph, triples: readonly EmbeddedTriple[]): CanonicalLexical {
  const key = (value: string, datatype: string) => `${datatype}\u0000${value}`;
  const asked = new Map<string, TypedValue>();
  for (const t of triples) {
    const o = t.object;
    if (!('datatype' in o)) continue;
    const datatype = toInternal(o.datatype);
    if (needsEngineLexical(datatype)) asked.set(key(o.value, datatype), { value: o.value, datatype });
  }
  const values = [...asked.values()];
  const lexicals = engineLexicals(ox, values);
  const known = new Map(values.map((v, i) => [key(v.value, v.datatype), lexicals[i]]));
  return (value, datatype) => known.get(key(value, datatype)) ?? value;
}
