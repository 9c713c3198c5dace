import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useShortcut } from '../../../lib/shortcuts';
import { formatSparql } from '../lib/format-sparql';
import type { DataVocabulary } from '../lib/sparql-completion';
import type { QueryTab } from '../lib/query-tab-store';
import { countParameters, restrictionOf } from '../lib/request-parameters';
import { analyseSparql, type SparqlAnalysis } from '../lib/sparql-syntax';
import type { RunState } from '../lib/use-sparql-runs';
import { ParametersPanel } from './parameters-panel';
import { ResultsPanel } from './results-panel';
import { SparqlCodeEditor, type SparqlEditorHandle } from './sparql-code-editor';
import { SaveQueryButton, SavedQueriesMenu } from './saved-queries';
import type { SavedQuery } from '../queries/saved-queries';
import { queryTitleLine } from '../lib/saved-queries';

interface QueryWorkspaceProps {
  tab: QueryTab;
  run: RunState | undefined;
  vocabulary: DataVocabulary;
  onChange(patch: Partial<Pick<QueryTab, 'text' | 'parameters'>>): void;
  /** Runs the tab's text, or `text` when the editor hands over what it holds right now. */
  onRun(text?: string): void;
  onCancel(): void;
  /** Opens a saved query (in a tab of its own). */
  onOpenSaved(query: SavedQuery): void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const RUN_SHORTCUT = isMac ? '⌘+Enter' : 'Ctrl+Enter';

/** One query tab: its editor, parameters and last result. */
export function QueryWorkspace({ tab, run, vocabulary, onChange, onRun, onCancel, onOpenSaved }: QueryWorkspaceProps) {
  // A tab with a document query opens with it in view: what it restricts the query to is easily forgotten.
  const [showParameters, setShowParameters] = useState(() => restrictionOf(tab.parameters.documentQuery) !== undefined);
  // Parsing on every key would compete with typing; the badge may lag a keystroke.
  const text = useDeferredValue(tab.text);
  const analysis = useMemo(() => analyseSparql(text, tab.parameters.base.trim() || undefined), [text, tab.parameters.base]);
  const operation = analysis.operation ?? 'query';
  const parameterCount = countParameters(tab.parameters, operation);
  const running = run?.status === 'running';
  const empty = tab.text.trim() === '';
  const editor = useRef<SparqlEditorHandle>(null);
  const [formatProblem, setFormatProblem] = useState<string>();

  // The editor's text as it is at this moment: the tab's copy may be a keystroke behind.
  const runNow = () => onRun(editor.current?.text() ?? tab.text);
  const format = () => {
    const result = formatSparql(editor.current?.text() ?? tab.text);
    setFormatProblem(result.ok ? undefined : result.reason);
    if (result.ok) editor.current?.replaceText(result.text);
  };
  useShortcut({ keys: 'mod+enter', description: 'Run the query', group: 'SPARQL' }, runNow, { allowInInputs: true });
  useShortcut({ keys: 'alt+shift+f', description: 'Format the query', group: 'SPARQL' }, format, { allowInInputs: true });

  return (
    <div className="query-workspace" id="query-workspace" role="tabpanel" aria-labelledby={`query-tab-${tab.id}`}>
      <SparqlCodeEditor
        handle={editor}
        value={tab.text}
        onChange={(value) => {
          setFormatProblem(undefined);
          onChange({ text: value });
        }}
        onRun={onRun}
        base={tab.parameters.base}
        vocabulary={vocabulary}
      />
      <div className="query-toolbar">
        {running ? (
          <button type="button" className="button button--danger-outline" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={runNow} disabled={empty} title={`Run (${RUN_SHORTCUT})`}>
            {operation === 'update' ? 'Run update' : 'Run'}
          </button>
        )}
        <kbd className="query-toolbar__shortcut">{RUN_SHORTCUT}</kbd>
        <OperationBadge analysis={analysis} />
        <SyntaxStatus analysis={analysis} />
        <button
          type="button"
          className="button button--small query-toolbar__parameters"
          aria-expanded={showParameters}
          aria-controls="sparql-parameters"
          onClick={() => setShowParameters((v) => !v)}
        >
          Parameters{parameterCount > 0 ? ` (${parameterCount})` : ''}
        </button>
        <button type="button" className="button button--small" onClick={format} disabled={empty} title="Format (Alt+Shift+F)">
          Format
        </button>
        <SaveQueryButton text={tab.text} suggestedTitle={queryTitleLine(tab.text)} />
        <SavedQueriesMenu onOpen={onOpenSaved} />
      </div>
      {showParameters && (
        <div id="sparql-parameters">
          <ParametersPanel parameters={tab.parameters} operation={operation} onChange={(parameters) => onChange({ parameters })} />
        </div>
      )}
      {formatProblem && (
        <p className="hint query-workspace__format-problem" role="status">
          {formatProblem}
        </p>
      )}
      <ResultsPanel run={run} runShortcut={RUN_SHORTCUT} onShowInEditor={(from) => editor.current?.focusAt(from)} />
    </div>
  );
}

function OperationBadge({ analysis }: { analysis: SparqlAnalysis }) {
  if (!analysis.operation) return null;
  const text = analysis.operation === 'update' ? 'Update' : `${analysis.form ?? ''} query`.trim();
  return (
    <span className={`badge operation-badge operation-badge--${analysis.operation}`} data-testid="operation-kind">
      {text}
    </span>
  );
}

function SyntaxStatus({ analysis }: { analysis: SparqlAnalysis }) {
  const { error } = analysis;
  if (!error) return <span className="syntax-status" data-testid="syntax-status" />;
  return (
    <span className="syntax-status syntax-status--error" data-testid="syntax-status" title={error.message}>
      Line {error.line}, column {error.column}: {error.message}
    </span>
  );
}
