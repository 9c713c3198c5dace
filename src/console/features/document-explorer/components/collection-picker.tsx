import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../../../client/create-client';
import { ErrorMessage } from '../../../components/error-message';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { navigate } from '../../../lib/use-hash-route';
import { useUpdateIndexes } from '../../query-options/queries/range-indexes';
import { matchCollections, suggestCollections, type CollectionCount } from '../lib/collection-match';
import { explorerHref, type ExplorerState } from '../lib/explorer-state';
import { useCollections } from '../queries/collections';

/** Options rendered at once; typing narrows the rest. */
const SHOWN = 200;

/**
 * Narrows the listing to one collection, chosen from the collection lexicon with type-ahead
 * (an ARIA combobox: the options are the collections of the open directory with their document
 * counts). What matches nothing is not applied: the picker says so and offers the nearest
 * collections instead. With the lexicon off (MarkLogic's default) the name is typed and applied
 * with Enter, and turning the lexicon on is one click.
 */
export function CollectionPicker({ state }: { state: ExplorerState }) {
  const [text, setText] = useState(state.collection);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setText(state.collection), [state.collection]);

  const all = useCollections(state.dir, '');
  const typed = useDebouncedValue(text.trim(), 200);
  // More collections than were read at once: ask the lexicon for those starting with the text.
  const narrowed = useCollections(state.dir, typed, all.data?.truncated === true && typed !== '');
  const update = useUpdateIndexes();
  const lexiconOff = all.error instanceof ApiError && all.error.messageCode === 'XDMP-COLLXCNNOTFOUND';

  const source: CollectionCount[] = (all.data?.truncated && typed ? narrowed.data?.collections : all.data?.collections) ?? [];
  const editing = text.trim() !== state.collection;
  const matches = useMemo(() => (editing ? matchCollections(source, text) : source), [editing, source, text]);
  const suggestions = useMemo(() => (matches.length === 0 && text.trim() ? suggestCollections(all.data?.collections ?? [], text) : []), [matches.length, text, all.data]);
  const shown = matches.slice(0, SHOWN);
  const noMatch = !lexiconOff && all.isSuccess && text.trim() !== '' && editing && matches.length === 0 && (!all.data.truncated || narrowed.isSuccess);

  const apply = (collection: string) => {
    setOpen(false);
    setActive(-1);
    setText(collection);
    navigate(explorerHref({ dir: state.dir, collection }));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (shown.length === 0 ? -1 : (i + step + shown.length) % shown.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const typedName = text.trim();
      if (open && active >= 0 && shown[active]) apply(shown[active].collection);
      else if (typedName === '' || lexiconOff) apply(typedName);
      else {
        const exact = source.find((c) => c.collection === typedName) ?? source.find((c) => c.collection.toLowerCase() === typedName.toLowerCase());
        if (exact) apply(exact.collection);
        else if (matches.length === 1) apply(matches[0].collection);
        else setOpen(true);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (editing) {
        e.preventDefault();
        setText(state.collection);
      }
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  const expanded = open && !lexiconOff && shown.length > 0;

  return (
    <div className="collection-picker">
      <label className="field-label" htmlFor="collection-filter">
        Collection
      </label>
      <div className="combobox">
        <input
          ref={input}
          id="collection-filter"
          className="input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={noMatch ? `${listId}-nomatch` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={lexiconOff ? 'Type a collection, then Enter' : 'Any collection'}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          // A click on an option lands before the blur closes the list (options act on mousedown).
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {state.collection && (
          <button type="button" className="button button--ghost" onClick={() => apply('')} aria-label="Clear collection filter" title="Clear collection filter">
            ✕
          </button>
        )}
        <ul id={listId} role="listbox" aria-label="Collections" className="combobox__list" hidden={!expanded}>
          {shown.map((c, i) => (
            <li
              key={c.collection}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`combobox__option${i === active ? ' combobox__option--active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                apply(c.collection);
              }}
            >
              <span className="combobox__name">{c.collection}</span>
              <span className="combobox__count">
                {c.count.toLocaleString('en')}
                <span className="visually-hidden"> {c.count === 1 ? 'document' : 'documents'}</span>
              </span>
            </li>
          ))}
          {matches.length > shown.length && (
            <li role="option" aria-disabled="true" aria-selected={false} className="combobox__more">
              {(matches.length - shown.length).toLocaleString('en')} more: keep typing
            </li>
          )}
        </ul>
      </div>
      {noMatch && (
        <div className="collection-picker__nomatch" id={`${listId}-nomatch`} role="status">
          <span>No collection matches “{text.trim()}”.</span>
          {suggestions.length > 0 && (
            <>
              <span> Did you mean</span>
              {suggestions.map((s) => (
                <button key={s.collection} type="button" className="button button--small" onClick={() => apply(s.collection)}>
                  {s.collection} ({s.count.toLocaleString('en')})
                </button>
              ))}
            </>
          )}
        </div>
      )}
      {lexiconOff && (
        <p className="hint">
          The collection lexicon is off for this database, so its collections cannot be listed.{' '}
          <button type="button" className="link-button" disabled={update.isPending} onClick={() => update.mutate({ 'collection-lexicon': true }, { onSuccess: () => void all.refetch() })}>
            Turn on the collection lexicon
          </button>
        </p>
      )}
      {update.isError && <ErrorMessage error={update.error} title="The collection lexicon was not turned on" />}
      {/* Not an alert: the listing below says loudly when the server cannot be reached. */}
      {all.isError && !lexiconOff && <p className="hint">The collections could not be listed: {all.error.message}</p>}
    </div>
  );
}
