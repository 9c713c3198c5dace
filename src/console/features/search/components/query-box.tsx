import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { completesQuery, nextActive, partialToComplete, typedPrefixLength } from '../lib/suggestion-list';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSuggestions } from '../queries/suggestions';

const SUGGEST_DELAY_MS = 120;

/**
 * The query text, with completions from `/v1/suggest` as the user types (a WAI-ARIA
 * combobox): ↑/↓ move through them, Enter or a click takes one, Escape closes the list.
 * Enter with no suggestion chosen runs the search. Taking a suggestion runs it too,
 * unless it is a constraint name (`coll:`), whose values are offered next.
 */
export function QueryBox({
  value,
  onChange,
  optionSet,
  onRun,
  inputRef,
}: {
  value: string;
  onChange(value: string): void;
  optionSet: string;
  onRun(q: string): void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The caret, for the text it was in: text put in the box from outside has its caret at the end.
  const [caret, setCaret] = useState<{ text: string; at: number }>();
  const cursor = caret && caret.text === value ? caret.at : undefined;
  const track = (input: HTMLInputElement) => setCaret(input.selectionStart === null ? undefined : { text: input.value, at: input.selectionStart });
  // The text just run: its change of the value must not open the list again.
  const ran = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (document.activeElement === inputRef.current && value !== ran.current) setOpen(true);
    ran.current = undefined;
  }, [value, inputRef]);

  const partial = open ? partialToComplete(value, cursor ?? value.length) : undefined;
  const askedPartial = useDebouncedValue(partial, SUGGEST_DELAY_MS);
  const askedCursor = useDebouncedValue(cursor, SUGGEST_DELAY_MS);
  const { data } = useSuggestions(askedPartial, askedCursor, optionSet);
  // Nothing to complete (an empty box, a space typed last): no list, even a previous one.
  const suggestions = partial !== undefined ? (data ?? []).filter((s) => s !== value) : [];
  const shown = suggestions.length > 0;
  useEffect(() => setActive(-1), [data]);

  const take = (suggestion: string) => {
    setActive(-1);
    if (completesQuery(suggestion)) {
      ran.current = suggestion;
      setOpen(false);
      onChange(suggestion);
      onRun(suggestion);
    } else {
      onChange(suggestion);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div className="query-box">
      <input
        ref={inputRef}
        className="input input--mono query-box__input"
        type="text"
        role="combobox"
        aria-label="Query"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        placeholder='Words, "phrases", AND OR NOT, constraint:value…'
        spellCheck={false}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          track(e.target);
          onChange(e.target.value);
        }}
        onSelect={(e) => track(e.currentTarget)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!open) setOpen(true);
            else setActive((i) => nextActive(i, suggestions.length, e.key as 'ArrowDown' | 'ArrowUp'));
          } else if (e.key === 'Enter') {
            if (shown && active >= 0) {
              e.preventDefault();
              take(suggestions[active]);
            } else {
              // The form runs the search; the list has nothing more to say about this text.
              ran.current = value;
              setOpen(false);
            }
          } else if (e.key === 'Escape' && shown) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      <ul className="query-box__suggestions" id={listId} role="listbox" aria-label="Suggestions" hidden={!shown}>
        {suggestions.map((s, i) => {
          const typed = typedPrefixLength(value, s);
          return (
            <li
              key={s}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`query-box__suggestion${i === active ? ' query-box__suggestion--active' : ''}`}
              // Keeps the focus in the box, so the click is not lost to its blur.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => take(s)}
            >
              <span className="query-box__typed">{s.slice(0, typed)}</span>
              <strong>{s.slice(typed)}</strong>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
