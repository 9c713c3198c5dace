/** The SPARQL editor page: query tabs, the workspace of the selected one, and the run history. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useShortcut } from '../../../lib/shortcuts';
import { navigate } from '../../../lib/use-hash-route';
import { restrictedQueryTab, sparqlHref } from '../lib/document-query-link';
import type { DocumentQuery } from '../lib/request-parameters';
import { useDataVocabulary } from '../queries/get-data-vocabulary';
import { useQueryTabs } from '../lib/use-query-tabs';
import { useRunHistory } from '../lib/use-run-history';
import { useSparqlRuns } from '../lib/use-sparql-runs';
import { HistoryPanel } from './history-panel';
import { QueryTabBar } from './query-tab-bar';
import { QueryWorkspace } from './query-workspace';
import '../sparql-editor.css';

/** `link`: a document query another page linked here with; it opens in a tab of its own. */
export default function SparqlEditor({ link }: { link?: DocumentQuery }) {
  const tabs = useQueryTabs();
  useOpenLinkedTab(link, tabs);
  const history = useRunHistory();
  const [recordError, setRecordError] = useState<unknown>();
  const { runs, run, cancel } = useSparqlRuns(history.record, setRecordError);
  const vocabulary = useDataVocabulary();
  const { active } = tabs;

  const closeTab = (id: string) => {
    cancel(id);
    tabs.close(id);
  };
  useShortcut({ keys: 'alt+n', description: 'New query tab', group: 'SPARQL' }, () => tabs.add(), { allowInInputs: true, enabled: tabs.tabs !== undefined });
  useShortcut({ keys: 'alt+w', description: 'Close the query tab', group: 'SPARQL' }, () => active && closeTab(active.id), { allowInInputs: true, enabled: active !== undefined });

  const runActive = useCallback(
    (text = active?.text ?? '') => {
      if (active && text.trim() !== '') run(active.id, text, active.parameters);
    },
    [active, run],
  );

  return (
    <div className="sparql-editor">
      <div className="sparql-editor__main">
        {tabs.error != null && <ErrorMessage error={tabs.error} title="The query tabs could not be saved in this browser" />}
        {recordError != null && <ErrorMessage error={recordError} title="The run could not be added to the history" />}
        {tabs.tabs === undefined ? (
          <p className="muted">Opening your queries…</p>
        ) : (
          <>
            <QueryTabBar
              tabs={tabs.tabs}
              activeId={active?.id}
              running={(id) => runs[id]?.status === 'running'}
              onSelect={tabs.select}
              onClose={closeTab}
              onAdd={() => tabs.add()}
            />
            {active && (
              <QueryWorkspace
                // Keyed by tab: the editor's undo history and the panel state belong to one query.
                key={active.id}
                tab={active}
                run={runs[active.id]}
                vocabulary={vocabulary}
                onChange={(patch) => tabs.update(active.id, patch)}
                onRun={runActive}
                onCancel={() => cancel(active.id)}
                onOpenSaved={(query) => tabs.add({ text: query.text })}
              />
            )}
          </>
        )}
      </div>
      <HistoryPanel
        entries={history.entries}
        error={history.error}
        onOpen={(entry) => tabs.add({ text: entry.text, parameters: entry.parameters })}
        onClear={history.clear}
      />
    </div>
  );
}

/**
 * Opens a linked document query in a new tab once the tabs are read, then drops it from the
 * address (replaced, so Back returns to the page that linked here and a reload opens nothing).
 */
function useOpenLinkedTab(link: DocumentQuery | undefined, { tabs, add }: ReturnType<typeof useQueryTabs>): void {
  const linkKey = link ? JSON.stringify(link) : undefined;
  const opened = useRef<string | undefined>(undefined);
  const loaded = tabs !== undefined;
  useEffect(() => {
    if (linkKey === undefined) {
      opened.current = undefined;
      return;
    }
    if (!loaded || opened.current === linkKey) return;
    opened.current = linkKey;
    add(restrictedQueryTab(JSON.parse(linkKey) as DocumentQuery));
    navigate(sparqlHref(), { replace: true });
  }, [linkKey, loaded, add]);
}
