/** The Options page: option sets on the left; the selected set, the new-set form or the range indexes on the right. */
import { useCallback, useMemo, useState } from 'react';
import { readOptionsView } from '../lib/options-route';
import { useWarnBeforeLeaving } from '../lib/use-warn-before-leaving';
import { useOptionSetList } from '../queries/option-sets';
import { NewOptionSetForm } from './new-option-set-form';
import { OptionSetEditor } from './option-set-editor';
import { OptionSetList } from './option-set-list';
import { RangeIndexEditor } from './range-index-editor';
import '../query-options.css';

export default function OptionsPage({ params }: { params: URLSearchParams }) {
  const view = readOptionsView(params);
  // Unsaved texts by set name: kept here so visiting another set (or the indexes) loses nothing.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const list = useOptionSetList();
  const stored = useMemo(() => new Set((list.data ?? []).map((s) => s.name)), [list.data]);
  const unsaved = useMemo(() => new Set(Object.keys(drafts)), [drafts]);
  useWarnBeforeLeaving(unsaved.size > 0);

  const onDraftChange = useCallback((name: string, text: string | undefined) => {
    setDrafts((all) => {
      if (text === undefined) {
        if (!(name in all)) return all;
        const { [name]: _dropped, ...rest } = all;
        return rest;
      }
      return { ...all, [name]: text };
    });
  }, []);

  return (
    <div className="options-page">
      <aside className="options-page__nav">
        <OptionSetList view={view} unsaved={unsaved} />
      </aside>
      <section className="options-page__detail" aria-label="Options detail">
        {view.kind === 'set' ? (
          // Keyed by name: the editor's undo history, preview query and errors belong to one set.
          <OptionSetEditor key={view.name} name={view.name} stored={stored.has(view.name)} draft={drafts[view.name]} onDraftChange={onDraftChange} />
        ) : view.kind === 'new' ? (
          <NewOptionSetForm />
        ) : view.kind === 'indexes' ? (
          <RangeIndexEditor />
        ) : (
          <div className="placeholder">
            <p>Pick an option set to edit it and try it on a test query,</p>
            <p>create a new one, or define the database's range indexes.</p>
          </div>
        )}
      </section>
    </div>
  );
}
