import type { UseQueryResult } from '@tanstack/react-query';
import type { SearchResponse } from '../../../../client/types';
import { ErrorMessage } from '../../../components/error-message';
import { formatHash } from '../../../lib/hash-route';
import { PreviewHeading } from './preview-heading';
import { facetViews, refinedQuery, snippetLines } from '../lib/preview-model';

interface OptionsPreviewProps {
  qtext: string;
  onQtextChange(qtext: string): void;
  preview: UseQueryResult<SearchResponse>;
  /** The text or the query changed and the answer for them has not been asked yet. */
  waiting: boolean;
  /** Whether the options can be sent at all (they are readable JSON). */
  canPreview: boolean;
  /** The server refused the options themselves (their problems are shown with the editor). */
  optionsRefused: boolean;
}

/**
 * A test query run with the options as they are in the editor, saved or not: its results
 * (URI and snippet) and facets, so the person sees what the options do before saving.
 */
export function OptionsPreview({ qtext, onQtextChange, preview, waiting, canPreview, optionsRefused }: OptionsPreviewProps) {
  const { data, error, isFetching, isPlaceholderData } = preview;
  const stale = waiting || isFetching || isPlaceholderData;
  return (
    <section className="options-preview" aria-labelledby="options-preview-title">
      <PreviewHeading id="options-preview-title" title="Preview with these options" updating={stale && canPreview} />
      <label className="field-label" htmlFor="options-preview-query">
        Test query
      </label>
      <input
        id="options-preview-query"
        className="input input--mono"
        type="search"
        value={qtext}
        placeholder={'Empty: every document. Try words, "phrases", constraint:value…'}
        onChange={(e) => onQtextChange(e.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
      {!canPreview ? (
        <p className="muted">Fix the JSON to see a preview.</p>
      ) : optionsRefused ? (
        <p className="muted" data-testid="preview-refused">
          The server refuses these options (see the problems above), so there is nothing to preview.
        </p>
      ) : error != null ? (
        <ErrorMessage error={error} title="The test query failed" />
      ) : data ? (
        <div className={`options-preview__answer${stale ? ' options-preview__answer--stale' : ''}`}>
          <p className="options-preview__total" data-testid="preview-total">
            {data.total === 1 ? '1 document' : `${data.total} documents`}
            {data.results.length < data.total ? `, first ${data.results.length} shown` : ''}
          </p>
          <div className="options-preview__columns">
            <ol className="preview-results" aria-label="Preview results">
              {data.results.map((r) => (
                <li key={r.uri} className="preview-result">
                  <a className="preview-result__uri mono" href={formatHash('/documents', { uri: r.uri })}>
                    {r.uri}
                  </a>
                  {snippetLines(r).map((line, i) => (
                    <p key={i} className="preview-result__snippet">
                      {line.map((piece, j) => (piece.highlight ? <mark key={j}>{piece.text}</mark> : <span key={j}>{piece.text}</span>))}
                    </p>
                  ))}
                </li>
              ))}
            </ol>
            <Facets response={data} onRefine={(facet, value) => onQtextChange(refinedQuery(qtext, facet, value))} />
          </div>
        </div>
      ) : (
        <p className="muted">Running…</p>
      )}
    </section>
  );
}

function Facets({ response, onRefine }: { response: SearchResponse; onRefine(facet: string, value: string): void }) {
  const facets = facetViews(response);
  if (facets.length === 0) return <p className="muted preview-facets">No facets: add a collection or range constraint with facets.</p>;
  return (
    <div className="preview-facets" aria-label="Preview facets" role="group">
      {facets.map((facet) => (
        <section key={facet.name} className="preview-facet" data-testid="preview-facet">
          <h4 className="preview-facet__name">
            {facet.name} <span className="muted">{facet.type}</span>
          </h4>
          {facet.values.length === 0 ? (
            <p className="muted">No values</p>
          ) : (
            <ul>
              {facet.values.map((v) => (
                <li key={v.name}>
                  <button type="button" className="preview-facet__value" title={`Add ${facet.name}:${v.name} to the test query`} onClick={() => onRefine(facet.name, v.name)}>
                    <span>{v.label}</span>
                    <span className="preview-facet__count">{v.count}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
