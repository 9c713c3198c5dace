import { ErrorMessage } from '../../../components/error-message';
import { documentHref } from '../../search/lib/search-state';
import { SOURCE_DOCUMENTS_LIMIT, useSourceDocuments } from '../queries/source-documents';

const LABEL = 'Documents its triples come from';

/** The documents embedding a triple with the node as its subject or object, each opening in the document explorer. */
export function SourceDocuments({ iri }: { iri: string }) {
  const sources = useSourceDocuments(iri);
  const total = sources.data?.total;
  return (
    <section className="source-documents" aria-labelledby="source-documents-title">
      <h3 id="source-documents-title" className="section-title">
        {LABEL}
        {total !== undefined && <span className="muted"> ({total.toLocaleString('en')})</span>}
      </h3>
      {sources.isPending ? (
        <p className="muted">Looking for documents…</p>
      ) : sources.isError ? (
        <ErrorMessage error={sources.error} title="Could not search for the documents" />
      ) : sources.data.uris.length === 0 ? (
        <p className="muted" data-testid="no-source-documents">
          None: no document embeds a triple with this node as its subject or object.
        </p>
      ) : (
        <>
          <ul className="source-documents__list" aria-label={LABEL}>
            {sources.data.uris.map((uri) => (
              <li key={uri}>
                <a className="mono" href={documentHref(uri)} title={`Open ${uri} in the document explorer`}>
                  {uri}
                </a>
              </li>
            ))}
          </ul>
          {sources.data.total > sources.data.uris.length && <p className="hint">Showing the first {SOURCE_DOCUMENTS_LIMIT}.</p>}
        </>
      )}
    </section>
  );
}
