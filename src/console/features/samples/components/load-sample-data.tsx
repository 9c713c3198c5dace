import { useState } from 'react';
import type { SampleSummary } from '../../../../client/create-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { useDatabaseEmpty, useLoadSample, useSamples } from '../queries/samples';

/**
 * "Load sample data", offered by every page with nothing to show. Loading replaces the whole
 * database, so where it holds anything (the page may be empty for another reason) the user
 * confirms first. Nothing is shown where the server has no samples (a MarkLogic server).
 */
export function LoadSampleData({ onlyWhenDatabaseEmpty = false }: { onlyWhenDatabaseEmpty?: boolean }) {
  const samples = useSamples();
  const list = samples.data;
  // A page that is never empty as such (the SPARQL editor) offers samples only on an empty database.
  const empty = useDatabaseEmpty(onlyWhenDatabaseEmpty && !!list?.length);
  if (!list?.length || (onlyWhenDatabaseEmpty && empty.data !== true)) return null;
  return (
    <div className="load-sample-data" data-testid="load-sample-data">
      <span className="load-sample-data__label">Load sample data:</span>
      <SampleButtons samples={list} />
    </div>
  );
}

/** One "Load" button per sample, with the confirmation and the error they share. */
export function SampleButtons({ samples, label = (s) => s.title }: { samples: readonly SampleSummary[]; label?: (s: SampleSummary) => string }) {
  const empty = useDatabaseEmpty(true);
  const load = useLoadSample();
  const [confirming, setConfirming] = useState<SampleSummary>();
  const start = (sample: SampleSummary) => {
    // Unknown (still asking) counts as not empty: the confirmation is the safe side.
    if (empty.data === true) load.mutate(sample.name);
    else setConfirming(sample);
  };
  return (
    <>
      {samples.map((sample) => (
        <button
          key={sample.name}
          type="button"
          className="button button--small"
          disabled={load.isPending}
          title={sample.description}
          onClick={() => start(sample)}
        >
          {load.isPending && load.variables === sample.name ? 'Loading…' : label(sample)}
        </button>
      ))}
      {load.error != null && !confirming && <ErrorMessage error={load.error} title="The sample could not be loaded" />}
      <ConfirmDialog
        open={confirming !== undefined}
        title={`Replace this database with “${confirming?.title ?? ''}”?`}
        confirmLabel="Replace with the sample"
        busy={load.isPending}
        error={load.error}
        onCancel={() => {
          load.reset();
          setConfirming(undefined);
        }}
        onConfirm={() => confirming && load.mutate(confirming.name, { onSuccess: () => setConfirming(undefined) })}
      >
        <p>Every document, graph, option set and range index now in the database is deleted and the sample takes their place. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
