import { useId, useMemo } from 'react';
import { errorText } from '../../../components/error-message';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useOptionSetNames } from '../../search/queries/option-sets';
import { restrictionOf, selectsDocuments, type DocumentQuery } from '../lib/request-parameters';
import { useMatchedDocuments } from '../queries/matched-documents';

/** Typing pauses this long before the documents are counted again. */
export const COUNT_DELAY_MS = 400;

interface DocumentQueryFieldsProps {
  value: DocumentQuery;
  onChange(value: DocumentQuery): void;
}

/** The document query of a SPARQL query: a string query, a structured query and an options set, and how many documents they match. */
export function DocumentQueryFields({ value, onChange }: DocumentQueryFieldsProps) {
  const id = useId();
  const set = (patch: Partial<DocumentQuery>) => onChange({ ...value, ...patch });
  const optionSets = useOptionSetNames();

  return (
    <div className="sparql-parameters__field sparql-document-query" role="group" aria-labelledby={`${id}-title`}>
      <span className="field-label" id={`${id}-title`}>
        Document query
      </span>
      <p className="hint">The query sees only the triples of the documents it matches, as a search with the same query finds them.</p>
      <div className="sparql-parameters__graphs">
        <div className="sparql-parameters__field">
          <label className="field-label" htmlFor={`${id}-q`}>
            String query <code className="muted">q</code>
          </label>
          <input id={`${id}-q`} className="input input--mono" placeholder="Words, phrases, constraint:value" spellCheck={false} value={value.q} onChange={(e) => set({ q: e.target.value })} />
        </div>
        <div className="sparql-parameters__field">
          <label className="field-label" htmlFor={`${id}-options`}>
            Options <code className="muted">options</code>
          </label>
          <input
            id={`${id}-options`}
            className="input input--mono"
            list={`${id}-option-sets`}
            placeholder="default"
            spellCheck={false}
            value={value.options}
            onChange={(e) => set({ options: e.target.value })}
            title={optionSets.error ? `Could not list the option sets: ${errorText(optionSets.error)}` : 'The stored query options set the string query is read with'}
          />
          <datalist id={`${id}-option-sets`}>
            {(optionSets.data ?? []).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
      </div>
      <label className="field-label" htmlFor={`${id}-structured`}>
        Structured query <code className="muted">structuredQuery</code>
      </label>
      <textarea
        id={`${id}-structured`}
        className="input input--mono sparql-parameters__graph-list"
        rows={2}
        placeholder='{"query": {"collection-query": {"uri": ["…"]}}}'
        spellCheck={false}
        value={value.structuredQuery}
        onChange={(e) => set({ structuredQuery: e.target.value })}
      />
      <MatchedDocuments value={value} />
    </div>
  );
}

/** How many documents the query matches, counted once typing pauses. */
function MatchedDocuments({ value }: { value: DocumentQuery }) {
  // Debounced as text: a new object each render would restart the wait for ever.
  const settled = useDebouncedValue(JSON.stringify(value), COUNT_DELAY_MS);
  const asked = useMemo(() => JSON.parse(settled) as DocumentQuery, [settled]);
  const selects = selectsDocuments(asked);
  const matched = useMatchedDocuments(selects ? restrictionOf(asked) : undefined);
  const typing = settled !== JSON.stringify(value);

  let text: string;
  if (!selectsDocuments(value)) {
    text = value.options.trim()
      ? 'An options set alone matches every document: the query sees every triple.'
      : 'None: the query sees every triple.';
  } else if (typing || matched.isPending) {
    text = 'Counting the documents…';
  } else if (matched.isError) {
    text = `The document query failed: ${errorText(matched.error)}`;
  } else {
    text = matched.data === 0 ? 'Matches no document: the query sees no triple.' : `Matches ${documents(matched.data)}: the query sees only their triples.`;
  }
  return (
    <p className={`hint sparql-document-query__count${matched.isError && !typing ? ' sparql-document-query__count--error' : ''}`} role="status" data-testid="matched-documents">
      {text}
    </p>
  );
}

const documents = (n: number) => (n === 1 ? '1 document' : `${n.toLocaleString('en')} documents`);
