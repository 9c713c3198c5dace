import type { SparqlTerm } from '../../../../client/sparql';
import { compactIri, graphBrowserHref, literalSuffix, termSyntax } from '../lib/rdf-term-text';

/** One term of a result: IRIs link to the graph browser, literals show their datatype or language subtly. */
export function RdfTermView({ term, prefixes }: { term: SparqlTerm; prefixes: Record<string, string> }) {
  switch (term.type) {
    case 'uri':
      return (
        <a className="term term--iri" href={graphBrowserHref(term.value)} title={term.value}>
          {compactIri(term.value, prefixes)}
        </a>
      );
    case 'bnode':
      return <span className="term term--bnode">_:{term.value}</span>;
    case 'triple':
      return (
        <span className="term term--triple" title={termSyntax(term)}>
          {'<< '}
          <RdfTermView term={term.value.subject} prefixes={prefixes} /> <RdfTermView term={term.value.predicate} prefixes={prefixes} />{' '}
          <RdfTermView term={term.value.object} prefixes={prefixes} />
          {' >>'}
        </span>
      );
    default: {
      const suffix = literalSuffix(term);
      return (
        <span className="term term--literal" title={termSyntax(term)}>
          {term.value}
          {suffix && <span className="term__suffix">{suffix}</span>}
        </span>
      );
    }
  }
}
