import type { RdfTerm } from '../../../../client/graphs';
import { nodeHref } from '../lib/browser-state';
import { compactIri } from '../lib/prefixes';
import { XSD_STRING } from '../../../lib/xsd';

/** One RDF term in a table: IRIs link to their things view, literals show language or datatype subtly. */
export function TermView({ term }: { term: RdfTerm }) {
  if (term.type === 'uri') {
    return (
      <a className="term term--iri" href={nodeHref(term.value)} title={term.value}>
        {compactIri(term.value) ?? term.value}
      </a>
    );
  }
  if (term.type === 'bnode') {
    return (
      <span className="term term--bnode" title="Blank node: it has no IRI to open">
        _:{term.value}
      </span>
    );
  }
  // xsd:string is every plain literal's datatype in RDF 1.1; naming it would only add noise.
  const datatype = term.datatype === XSD_STRING ? undefined : term.datatype;
  const meta = term.lang ? `@${term.lang}` : datatype ? `^^${compactIri(datatype) ?? datatype}` : undefined;
  return (
    <span className="term term--literal" title={term.lang ? `language ${term.lang}` : (term.datatype ?? XSD_STRING)}>
      <span className="term__value">{term.value}</span>
      {meta && <span className="term__meta">{meta}</span>}
    </span>
  );
}
