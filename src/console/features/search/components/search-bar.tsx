import { useEffect, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ConstraintSummary } from '../../../../client/search';
import { appendToken } from '../lib/query-grammar';
import type { SearchState } from '../lib/search-state';
import { GrammarCheatSheet } from './grammar-cheat-sheet';
import { OptionsPicker } from './options-picker';
import { QueryBox } from './query-box';

const SHEET_ID = 'search-grammar-sheet';

/** The option set, the query box and its cheat-sheet. The box holds a draft until it is run. */
export function SearchBar({
  state,
  constraints,
  onRun,
}: {
  state: SearchState;
  constraints: UseQueryResult<ConstraintSummary[]>;
  onRun(q: string, optionSet: string): void;
}) {
  const [draft, setDraft] = useState(state.q);
  // Back, a facet click or a link changes what is searched: the box follows.
  useEffect(() => setDraft(state.q), [state.q]);
  const [sheetOpen, setSheetOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const insert = (token: string) => {
    // Focus first: the box opens its suggestions for a change made while it has focus.
    inputRef.current?.focus();
    setDraft((current) => appendToken(current, token));
  };

  return (
    <div className="search-bar">
      <form
        className="search-bar__form"
        role="search"
        aria-label="Search documents"
        onSubmit={(e) => {
          e.preventDefault();
          onRun(draft, state.options);
        }}
      >
        <OptionsPicker value={state.options} onChange={(optionSet) => onRun(draft, optionSet)} />
        <QueryBox value={draft} onChange={setDraft} optionSet={state.options} onRun={(q) => onRun(q, state.options)} inputRef={inputRef} />
        <button type="submit" className="button button--primary">
          Search
        </button>
        <button type="button" className="button button--ghost" aria-expanded={sheetOpen} aria-controls={SHEET_ID} onClick={() => setSheetOpen((open) => !open)}>
          Query syntax
        </button>
      </form>
      {sheetOpen && <GrammarCheatSheet id={SHEET_ID} optionSet={state.options} constraints={constraints} onInsert={insert} />}
    </div>
  );
}
