import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { formatDuration, formatRunTime, querySummaryLine } from '../lib/format-run';
import { HISTORY_LIMIT, outcomeSummary, type HistoryEntry } from '../lib/run-history-store';

interface HistoryPanelProps {
  entries: HistoryEntry[] | undefined;
  error: unknown;
  onOpen(entry: HistoryEntry): void;
  onClear(): Promise<void>;
}

/** The last runs of this browser, newest first; opening one puts it in a new tab. */
export function HistoryPanel({ entries, error, onOpen, onClear }: HistoryPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [clearError, setClearError] = useState<unknown>();

  return (
    <aside className="sparql-history" aria-labelledby="sparql-history-title">
      <header className="sparql-history__header">
        <h2 id="sparql-history-title" className="section-title">
          History
        </h2>
        <button type="button" className="button button--ghost button--small" disabled={!entries?.length} onClick={() => setConfirming(true)}>
          Clear
        </button>
      </header>
      {error != null && <ErrorMessage error={error} title="The history could not be read" />}
      {entries === undefined ? null : entries.length === 0 ? (
        <p className="muted sparql-history__empty">The last {HISTORY_LIMIT} runs will be listed here.</p>
      ) : (
        <ol className="sparql-history__list" aria-label="Run history">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button type="button" className="history-item" title={`Open in a new tab:\n\n${entry.text}`} onClick={() => onOpen(entry)}>
                <span className="history-item__text mono">{querySummaryLine(entry.text)}</span>
                <span className="history-item__meta">
                  <time dateTime={new Date(entry.time).toISOString()}>{formatRunTime(entry.time)}</time>
                  <span>{formatDuration(entry.durationMs)}</span>
                  {(entry.count ?? 1) > 1 && (
                    <span className="history-item__count" title={`Run ${entry.count} times in a row with the same error`} data-testid="history-count">
                      ×{entry.count}
                    </span>
                  )}
                  <span className={`history-item__outcome history-item__outcome--${entry.outcome.kind}`}>{outcomeSummary(entry.outcome)}</span>
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={confirming}
        title="Clear the history?"
        confirmLabel="Clear"
        busy={clearing}
        error={clearError}
        onCancel={() => {
          setClearError(undefined);
          setConfirming(false);
        }}
        onConfirm={() => {
          setClearing(true);
          onClear()
            .then(() => setConfirming(false), setClearError)
            .finally(() => setClearing(false));
        }}
      >
        <p>Every run listed will be forgotten, in every tab of this browser. Open query tabs stay.</p>
      </ConfirmDialog>
    </aside>
  );
}
