/**
 * One option set: its JSON in an editor with snippets to insert, what is wrong with it
 * (marked in the text and listed under it), the range indexes it needs, and a live
 * preview that runs a test query with the text as it is now — saved or not. An XML tab
 * shows (and can replace) the set in its XML form.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../../client/api-error';
import { optionsProblems, type QueryOptionsJson } from '../../../../client/query-options';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { Tabs, tabPanelProps, type TabItem } from '../../../components/tabs';
import { navigate } from '../../../lib/use-hash-route';
import { editorProblems } from '../lib/editor-problems';
import { appendToList, applySetting, insertConstraint, removeListEntry, replaceListEntry, type Inserted } from '../lib/insert-snippet';
import type { JsonObjectNode } from '../lib/json-positions';
import { optionsHref } from '../lib/options-route';
import { formatOptions, readOptionsText } from '../lib/options-text';
import type { Snippet } from '../lib/snippets';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteOptionSet, useOptionSet, useSaveOptionSet } from '../queries/option-sets';
import { usePreviewSearch } from '../queries/preview-search';
import { NeededIndexes } from './needed-indexes';
import { OptionsJsonEditor, type OptionsEditorHandle } from './options-json-editor';
import { OptionsPreview } from './options-preview';
import { OptionsXmlView } from './options-xml-view';
import { ProblemList } from './problem-list';
import { SnippetSidebar } from './snippet-sidebar';
import { ValuesDefinitions } from './values-definitions';
import { ValuesPreview } from './values-preview';

/** How long typing must pause before the preview asks the server again. */
export const PREVIEW_DELAY_MS = 400;

type EditorTab = 'json' | 'xml';

const EDITOR_TABS: readonly TabItem<EditorTab>[] = [
  { id: 'json', label: 'JSON' },
  { id: 'xml', label: 'XML' },
];

interface OptionSetEditorProps {
  name: string;
  /** Whether the set is stored (`default` exists either way). */
  stored: boolean;
  /** The unsaved text, kept by the page so it survives visiting another set. */
  draft: string | undefined;
  onDraftChange(name: string, text: string | undefined): void;
}

export function OptionSetEditor(props: OptionSetEditorProps) {
  const saved = useOptionSet(props.name);
  if (saved.isPending) return <p className="muted options-detail__loading">Loading {props.name}…</p>;
  if (saved.error) {
    const missing = saved.error instanceof ApiError && saved.error.statusCode === 404;
    return (
      <div className="options-detail__body">
        <ErrorMessage error={saved.error} title={missing ? `There is no option set named ${props.name}` : `Could not read ${props.name}`} />
      </div>
    );
  }
  return <LoadedEditor {...props} saved={saved.data} />;
}

function LoadedEditor({ name, stored, draft, onDraftChange, saved }: OptionSetEditorProps & { saved: QueryOptionsJson }) {
  const savedText = useMemo(() => formatOptions(saved), [saved]);
  const text = draft ?? savedText;
  const dirty = draft !== undefined && draft !== savedText;
  const read = useMemo(() => readOptionsText(text), [text]);
  const editor = useRef<OptionsEditorHandle>(null);
  const [tab, setTab] = useState<EditorTab>('json');
  const [qtext, setQtext] = useState('');
  const [saveFailure, setSaveFailure] = useState<{ text: string; error: unknown }>();
  const [justSaved, setJustSaved] = useState(false);
  // Said once after a snippet had to be renamed, until the text changes again.
  const [renamed, setRenamed] = useState<{ text: string; note: string }>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveOptionSet();
  const remove = useDeleteOptionSet();

  const setText = useCallback(
    (next: string) => {
      setJustSaved(false);
      onDraftChange(name, next === savedText ? undefined : next);
    },
    [name, onDraftChange, savedText],
  );

  // The preview (and the server's opinion of the options) follows the text once typing pauses.
  const settledText = useDebouncedValue(text, PREVIEW_DELAY_MS);
  const settledQuery = useDebouncedValue(qtext, PREVIEW_DELAY_MS);
  const settledRead = useMemo(() => readOptionsText(settledText), [settledText]);
  const preview = usePreviewSearch(settledRead.ok ? settledRead.options : undefined, settledQuery);

  // The last save's refusal while the text is still what was refused; after an edit, what
  // the preview's server says about the text as it is now.
  const failedSave = saveFailure && saveFailure.text === text ? saveFailure : undefined;
  const serverSentences = useMemo(
    () => (failedSave ? optionsProblems(failedSave.error) : optionsProblems(preview.error)) ?? [],
    [failedSave, preview.error],
  );
  const problems = useMemo(() => editorProblems(read, serverSentences), [read, serverSentences]);
  const problemsFor = useCallback((current: string) => editorProblems(readOptionsText(current), serverSentences).marks, [serverSentences]);

  const onSave = () => {
    if (!read.ok) return;
    const sent = text;
    setSaveFailure(undefined);
    save.mutate(
      { name, options: read.options },
      {
        onSuccess: () => {
          onDraftChange(name, undefined);
          setJustSaved(true);
        },
        onError: (error) => setSaveFailure({ text: sent, error }),
      },
    );
  };

  /** An edit of the text where the set's settings are (a snippet, the values form), made as if typed. */
  const editText = (edit: (current: string, options: JsonObjectNode) => Inserted | undefined) => {
    if (!read.ok) return;
    const edited = edit(text, read.optionsNode);
    if (!edited) return;
    if (editor.current) editor.current.replace(edited.text, edited);
    else setText(edited.text);
  };

  const onInsert = (snippet: Snippet) =>
    editText((current, options) => {
      const inserted = snippet.kind === 'constraint' ? insertConstraint(current, options, snippet) : applySetting(current, options, snippet);
      if (inserted.name && snippet.kind === 'constraint') setRenamed({ text: inserted.text, note: `Inserted as "${inserted.name}": "${snippet.constraint.name}" is taken.` });
      return inserted;
    });

  const validationFailure = failedSave && optionsProblems(failedSave.error) !== undefined;

  return (
    <div className="options-detail" data-testid="option-set-editor">
      <header className="panel__header">
        <div className="panel__heading">
          <h2 className="panel__title">{name}</h2>
          <div className="panel__meta">
            <span data-testid="save-state">{dirty ? 'Unsaved changes' : name === 'default' && !stored && !justSaved ? 'Not stored: the REST defaults' : 'Saved'}</span>
          </div>
        </div>
        <div className="panel__toolbar">
          {tab === 'json' && (
            <>
              <button type="button" className="button" disabled={!dirty || save.isPending} onClick={() => onDraftChange(name, undefined)}>
                Revert
              </button>
              <button type="button" className="button button--primary" disabled={!dirty || !read.ok || save.isPending} onClick={onSave}>
                {save.isPending ? 'Saving…' : 'Save'}
              </button>
            </>
          )}
          {stored && (
            <button type="button" className="button button--danger-outline" onClick={() => setConfirmDelete(true)}>
              {name === 'default' ? 'Reset' : 'Delete'}
            </button>
          )}
        </div>
      </header>
      <Tabs
        label="Option set views"
        idPrefix="options-view"
        tabs={EDITOR_TABS}
        selected={tab}
        onSelect={(id: EditorTab) => setTab(id)}
      />
      <div className="options-detail__body" {...tabPanelProps('options-view', tab)}>
        {tab === 'json' ? (
          <>
            <div className="options-editing">
              <div className="options-editing__main">
                <OptionsJsonEditor value={text} onChange={setText} problemsFor={problemsFor} problemsVersion={serverSentences} handle={editor} />
                {renamed?.text === text && <p className="hint">{renamed.note}</p>}
                <ProblemList
                  problems={problems.listed}
                  title={failedSave ? 'Not saved: the server refused these options' : 'The server would refuse these options'}
                  onReveal={(at) => editor.current?.reveal(at.from, at.to)}
                />
                {failedSave && !validationFailure && <ErrorMessage error={failedSave.error} title="Not saved" />}
              </div>
              <SnippetSidebar disabled={!read.ok} onInsert={onInsert} />
            </div>
            <NeededIndexes options={read.ok ? read.options : settledRead.ok ? settledRead.options : undefined} />
            <ValuesDefinitions
              options={read.ok ? read.options : undefined}
              onAdd={(kind, definition) => editText((current, options) => appendToList(current, options, kind, definition))}
              onReplace={(entry, definition) => editText((current, options) => replaceListEntry(current, options, entry.kind, entry.index, definition))}
              onRemove={(entry) => editText((current, options) => removeListEntry(current, options, entry.kind, entry.index))}
            />
            <ValuesPreview options={settledRead.ok ? settledRead.options : undefined} waiting={settledText !== text} optionsRefused={optionsProblems(preview.error) !== undefined} />
            <OptionsPreview
              qtext={qtext}
              onQtextChange={setQtext}
              preview={preview}
              waiting={settledText !== text || settledQuery !== qtext}
              canPreview={settledRead.ok}
              optionsRefused={optionsProblems(preview.error) !== undefined}
            />
          </>
        ) : (
          <OptionsXmlView name={name} jsonDirty={dirty} onSaved={() => onDraftChange(name, undefined)} />
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={name === 'default' ? 'Reset the default options?' : `Delete ${name}?`}
        confirmLabel={name === 'default' ? 'Reset' : 'Delete'}
        busy={remove.isPending}
        error={remove.error}
        onCancel={() => {
          setConfirmDelete(false);
          remove.reset();
        }}
        onConfirm={() => {
          // mutateAsync, not mutate with callbacks: the deleted set's refetch (a 404) can unmount this
          // editor before the mutation settles, and TanStack Query drops the callbacks of unmounted
          // observers — the page would stay on a set that no longer exists.
          remove.mutateAsync(name).then(
            () => {
              setConfirmDelete(false);
              onDraftChange(name, undefined);
              navigate(optionsHref(name === 'default' ? { kind: 'set', name } : { kind: 'none' }));
            },
            () => undefined, // shown by the dialog through remove.error
          );
        }}
      >
        <p>
          {name === 'default'
            ? 'The stored default set is deleted; searches that name no options use the REST defaults again.'
            : `Searches that name options=${name} will fail until a set of that name is stored again.`}
        </p>
      </ConfirmDialog>
    </div>
  );
}
