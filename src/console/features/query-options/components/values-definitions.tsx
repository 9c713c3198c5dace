/**
 * The set's `values` and `tuples` definitions: listed from the text being edited, added,
 * edited and removed with a form that writes into that text (so the editor's validation,
 * undo and Save apply as to any edit), each with a plain sentence when the database lacks
 * the index or lexicon it reads, and one click to add it.
 */
import { useMemo, useState } from 'react';
import { ROOT_COLLATION } from '../../../../client/indexes';
import type { QueryOptionsJson } from '../../../../client/query-options';
import { ErrorMessage } from '../../../components/error-message';
import { optionsHref } from '../lib/options-route';
import { availabilityOf, requiredIndexes, updateAdding } from '../lib/required-indexes';
import { definitionsIn, describeSources, draftOf, lexiconNeeds, newDraft, type DefinitionEntry, type DefinitionKind, type ValuesDraft } from '../lib/values-draft';
import { useDatabaseIndexes, useIndexReport, useUpdateIndexes } from '../queries/range-indexes';
import { ValuesForm } from './values-form';

/** What the form edits: a new definition of a kind, or an existing one by its place. */
type Editing = { mode: 'add'; draft: ValuesDraft } | { mode: 'edit'; entry: DefinitionEntry; draft: ValuesDraft };

interface ValuesDefinitionsProps {
  /** The set as the text says now; undefined while the JSON is unreadable. */
  options: QueryOptionsJson | undefined;
  onAdd(kind: DefinitionKind, definition: Record<string, unknown>): void;
  onReplace(entry: DefinitionEntry, definition: Record<string, unknown>): void;
  onRemove(entry: DefinitionEntry): void;
}

export function ValuesDefinitions({ options, onAdd, onReplace, onRemove }: ValuesDefinitionsProps) {
  const entries = useMemo(() => (options ? definitionsIn(options) : []), [options]);
  const [editing, setEditing] = useState<Editing>();
  const taken = useMemo(
    () => new Set(entries.filter((e) => editing?.mode !== 'edit' || e.kind !== editing.entry.kind || e.index !== editing.entry.index).map((e) => e.name)),
    [entries, editing],
  );
  const disabled = options === undefined;

  return (
    <section className="values-definitions" aria-labelledby="values-definitions-title">
      <div className="options-section-header">
        <h3 id="values-definitions-title" className="section-title">
          Values and tuples
        </h3>
        <div className="values-definitions__add">
          <button type="button" className="button button--small" disabled={disabled} onClick={() => setEditing({ mode: 'add', draft: newDraft('values') })}>
            Add values
          </button>
          <button type="button" className="button button--small" disabled={disabled} onClick={() => setEditing({ mode: 'add', draft: newDraft('tuples') })}>
            Add tuples
          </button>
        </div>
      </div>
      <p className="hint">
        Definitions that <span className="mono">/v1/values/{'{name}'}</span> answers: the distinct values of an index or lexicon with their frequencies
        (values), or the co-occurring values of several range indexes (tuples), and aggregates over them.
      </p>
      {entries.length === 0 ? (
        <p className="muted">No values or tuples definitions yet.</p>
      ) : (
        <ul className="values-definitions__list">
          {entries.map((entry) => {
            const draft = draftOf(entry.kind, entry.definition);
            const key = `${entry.kind}-${entry.index}`;
            return (
              <li key={key} className="values-definition" data-testid="values-definition">
                <div className="values-definition__head">
                  <span className="values-definition__name mono">{entry.name || '(no name)'}</span>
                  <span className="values-definition__kind">{entry.kind}</span>
                  <span className="muted">{describeSources(entry.kind, entry.definition)}</span>
                  <span className="values-definition__actions">
                    <button
                      type="button"
                      className="button button--small"
                      disabled={disabled || !draft}
                      title={draft ? undefined : 'This definition says more than the form shows: edit it in the JSON'}
                      aria-label={`Edit ${entry.kind} ${entry.name}`}
                      onClick={() => draft && setEditing({ mode: 'edit', entry, draft })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button--small button--danger-outline"
                      disabled={disabled}
                      aria-label={`Remove ${entry.kind} ${entry.name}`}
                      onClick={() => {
                        if (editing?.mode === 'edit' && editing.entry.kind === entry.kind) setEditing(undefined);
                        onRemove(entry);
                      }}
                    >
                      Remove
                    </button>
                  </span>
                </div>
                <DefinitionNeeds kind={entry.kind} definition={entry.definition} />
                {/* The place and the name: an edit typed in the JSON meanwhile may have moved or renamed what the form was opened on. */}
                {editing?.mode === 'edit' && editing.entry.kind === entry.kind && editing.entry.index === entry.index && editing.entry.name === entry.name && (
                  <ValuesForm
                    initial={editing.draft}
                    mode="edit"
                    taken={taken}
                    onCancel={() => setEditing(undefined)}
                    onApply={(definition) => {
                      setEditing(undefined);
                      onReplace(entry, definition);
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing?.mode === 'add' && (
        <ValuesForm
          key={editing.draft.kind}
          initial={editing.draft}
          mode="add"
          taken={taken}
          onCancel={() => setEditing(undefined)}
          onApply={(definition) => {
            setEditing(undefined);
            onAdd(editing.draft.kind, definition);
          }}
        />
      )}
    </section>
  );
}

/**
 * What the database lacks for one definition, said plainly with the way to add it: a
 * range index (added to the database's list in one click, then built in the
 * background), or the collection or URI lexicon (turned on in one click).
 */
function DefinitionNeeds({ kind, definition }: { kind: DefinitionKind; definition: unknown }) {
  const settings = useDatabaseIndexes();
  const report = useIndexReport();
  const update = useUpdateIndexes();
  const options = useMemo(() => ({ [kind]: [definition] }), [kind, definition]);
  const needed = useMemo(() => requiredIndexes(options), [options]);
  const lexicons = useMemo(() => lexiconNeeds(options), [options]);
  if (!settings.data) return null;
  const states = report.data?.rangeIndexes ?? [];
  const rows = needed.map((r) => ({ r, availability: availabilityOf(r, settings.data, states) }));
  const sentences: Array<{ key: string; text: string; action?: { label: string; run(): void } }> = [];
  for (const { r, availability } of rows) {
    if (availability.state === 'missing') {
      sentences.push({
        key: r.key,
        text: `The database has no ${r.scalarType} range index on ${r.label}${r.collation && r.collation !== ROOT_COLLATION ? ` (collation ${r.collation})` : ''}, so these values cannot be listed until one is added.`,
        action: { label: `Add the ${r.scalarType} index on ${r.localname}`, run: () => update.mutate(updateAdding(settings.data, [r])) },
      });
    } else if (availability.state === 'building') {
      sentences.push({ key: r.key, text: `The ${r.scalarType} range index on ${r.label} is still being built (${availability.done} of ${availability.total} documents).` });
    }
  }
  if (lexicons.collection.length > 0 && !settings.data['collection-lexicon']) {
    sentences.push({
      key: 'collection-lexicon',
      text: 'The collection lexicon is turned off for this database, so collections cannot be listed until it is turned on.',
      action: { label: 'Turn on the collection lexicon', run: () => update.mutate({ 'collection-lexicon': true }) },
    });
  }
  if (lexicons.uri.length > 0 && !settings.data['uri-lexicon']) {
    sentences.push({
      key: 'uri-lexicon',
      text: 'The URI lexicon is turned off for this database, so document URIs cannot be listed until it is turned on.',
      action: { label: 'Turn on the URI lexicon', run: () => update.mutate({ 'uri-lexicon': true }) },
    });
  }
  if (sentences.length === 0) return null;
  return (
    <div className="values-needs">
      {sentences.map((s) => (
        <p key={s.key} className="values-needs__sentence" data-testid="values-warning">
          {s.text}{' '}
          {s.action && (
            <button type="button" className="button button--small" disabled={update.isPending} onClick={s.action.run}>
              {s.action.label}
            </button>
          )}
        </p>
      ))}
      {rows.some((row) => row.availability.state === 'missing') && (
        <p className="hint">
          Range indexes are defined for the whole database: <a href={optionsHref({ kind: 'indexes' })}>edit the range indexes</a>.
        </p>
      )}
      {update.error != null && <ErrorMessage error={update.error} title="The database settings were not changed" />}
    </div>
  );
}
